// The card name chooser's variants (spec 001 §4.7, §9): at most 24 characters, the given-name piece trimmed to
// 22, letters and spaces only, uppercase, no repeats; the server's rule for a typed name is the field's.
import { describe, expect, it } from 'vitest';
import { CARD_NAME_FIRST_PIECE_MAX, CARD_NAME_MAX, cardNameVariants, cardNamePiece } from '../../domain/cardName';
import { validateRecord } from '../../engine/definition/compile';
import memberScreen from '../../screens/member-management/member.json';
import type { ScreenDefinition } from '../../engine/definition/screen';

describe('card name variants', () => {
  it.each([
    [['Budi', 'Santoso'], ['BUDI SANTOSO', 'BUDI S', 'B SANTOSO', 'SANTOSO BUDI']],
    [['Siti Nur', 'Rahmawati'], ['SITI NUR RAHMAWATI', 'SITI NUR R', 'S N RAHMAWATI', 'SITI RAHMAWATI', 'RAHMAWATI SITI NUR']],
    [["Dewi-Ayu O'Neil", ''], ['DEWIAYU ONEIL']],
    [['Madonna', undefined], ['MADONNA']],
    [['', ''], []],
  ])('%j -> %j', (parts, expected) => {
    expect(cardNameVariants(parts)).toEqual(expected);
  });

  it('caps every variant at 24 characters and trims the given-name piece to 22', () => {
    const variants = cardNameVariants(['Muhammad Abdurrahman Wahyudiningrat', 'Kusumawardhani']);
    expect(variants.every((v) => v.length <= CARD_NAME_MAX && /^[A-Z ]+$/.test(v))).toBe(true);
    // The given name and the last name's initial: the given name cut to 22, so 22 + space + initial = 24.
    expect(variants).toContain(`${'MUHAMMAD ABDURRAHMAN WAHYUDININGRAT'.slice(0, CARD_NAME_FIRST_PIECE_MAX)} K`);
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('keeps letters and single spaces of a name', () => {
    expect(cardNamePiece('  Ni  Luh 2nd. ')).toBe('NI LUH ND');
  });

  it('a typed name (More...) follows the field rules: letters and spaces, at most 255', () => {
    const screen = memberScreen as unknown as ScreenDefinition;
    const form = { ...screen, fields: screen.fields.filter((f) => f.name === 'nameoncard').map((f) => ({ ...f, form: true as const })) };
    expect(validateRecord(form, { nameoncard: 'RATNA SARI' }, 'create')).toEqual({});
    expect(validateRecord(form, { nameoncard: 'RATNA 2' }, 'create').nameoncard).toBeDefined();
    expect(validateRecord(form, { nameoncard: 'A'.repeat(256) }, 'create').nameoncard).toBe('Name on Card max length 255');
  });
});
