// Names from the reference data packages made into what the name rule (and a search input) accepts.
import { describe, expect, it } from 'vitest';
import { PATTERNS } from '../../engine/rules/patterns';
import { asName } from '../../server/platform/seed/referenceData';

describe('asName', () => {
  it.each([
    ['Tromsø Airport', 'Tromso Airport'],
    ['Gdańsk Lech Wałęsa Airport', 'Gdansk Lech Walesa Airport'],
    ['Türkiye', 'Turkiye'],
    ['Ngurah Rai (Bali) International Airport', 'Ngurah Rai Bali International Airport'],
    ['Montreal / Pierre Elliott Trudeau International Airport', 'Montreal - Pierre Elliott Trudeau International Airport'],
    ["Perugia San Francesco d'Assisi – Umbria International Airport", "Perugia San Francesco d'Assisi - Umbria International Airport"],
    ['Pa’anga', "Pa'anga"],
    ["Xi\\'AN", "Xi'AN"],
    ['Doncaster, Sheffield', 'Doncaster Sheffield'],
    ['Egilsstaðir', 'Egilsstadir'],
    ['St. Maartener', 'St. Maartener'],
  ])('%s -> %s', (text, name) => {
    expect(asName(text)).toBe(name);
    expect(PATTERNS.name.test(name)).toBe(true);
  });
});
