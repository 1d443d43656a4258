// Card numbers: 10 digits, a 2-digit programme prefix, a 7-digit sequence and a Luhn check digit, as card
// printers expect; the demo seed makes its numbers here too.

export const CARD_SEQUENCE_MAX = 9_999_999;

/** The Luhn check digit of a string of digits (a loop over char codes: the volume seed makes millions). */
function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The card number of a prefix's sequence number. */
export function cardNumberOf(prefix: string, sequence: number): string {
  const body = `${prefix}${String(sequence).padStart(7, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

/** Ten digits whose last is the Luhn check digit of the others. */
export const isValidCardNumber = (card: string): boolean => /^\d{10}$/.test(card) && luhnDigit(card.slice(0, 9)) === Number(card[9]);

/** The prefix and sequence a valid card number was made of. */
export const cardParts = (card: string): { prefix: string; sequence: number } => ({ prefix: card.slice(0, 2), sequence: Number(card.slice(2, 9)) });
