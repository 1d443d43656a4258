// Card numbers: the one Luhn check digit the card inventory, corporate enrollment and the demo seed share.
import { describe, expect, it } from 'vitest';
import { cardNumberOf, cardParts, isValidCardNumber } from '../../server/mailingProduct/cards/cardNumbers';

describe('card numbers', () => {
  it('end in the Luhn check digit of prefix and sequence', () => {
    expect(cardNumberOf('51', 1)).toBe('5100000016');
    expect(cardNumberOf('54', 9_999_999)).toBe('5499999992');
    expect(cardParts('5100000016')).toEqual({ prefix: '51', sequence: 1 });
  });

  it('are valid as made, and not with any one digit changed or a digit short', () => {
    const card = cardNumberOf('53', 1234567);
    expect(isValidCardNumber(card)).toBe(true);
    for (let i = 0; i < card.length; i++) {
      const changed = `${card.slice(0, i)}${(Number(card[i]) + 1) % 10}${card.slice(i + 1)}`;
      expect(isValidCardNumber(changed)).toBe(false);
    }
    expect(isValidCardNumber(card.slice(0, 9))).toBe(false);
  });
});
