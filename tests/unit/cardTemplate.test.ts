// A tier's template card (server/mailingProduct/cards/cardTemplate.ts) and the 'image' display format's address handling.
import { describe, expect, it } from 'vitest';
import { cardTemplateSvg, cardTemplateUrl } from '../../server/mailingProduct/cards/cardTemplate';
import { imagePath } from '../../engine/render/ImageValue';

describe('tier template card', () => {
  it('draws the card of a tier: its membership and name, colours by the tier name or else by rank, text escaped', () => {
    const gold = cardTemplateSvg({ tierid: 'GOLD', tiername: 'Gold', membershipname: 'Garuda Miles', rank: 3 });
    expect(gold).toContain('>GARUDA MILES</text>');
    expect(gold).toContain('>GOLD</text>');
    expect(gold).toContain('#d4a537');
    const other = cardTemplateSvg({ tierid: 'ELITE', tiername: 'Elite <Plus>', membershipname: null, rank: 5 });
    expect(other).toContain('>ELITE &#60;PLUS&#62;</text>');
    expect(other).toContain('#8e4fc2');
    expect(other).not.toContain('<Plus>');
  });

  it('is addressed under the public address, and an image value is shown by its path', () => {
    expect(cardTemplateUrl('https://alms.example', 'GOLD')).toBe('https://alms.example/card-template/GOLD.svg');
    expect(imagePath('https://alms.example/card-template/GOLD.svg')).toBe('/card-template/GOLD.svg');
    expect(imagePath('/card-template/GOLD.svg?v=2')).toBe('/card-template/GOLD.svg?v=2');
    expect(imagePath('javascript:alert(1)')).toBeUndefined();
    expect(imagePath(null)).toBeUndefined();
  });
});
