// The card name chooser of spec 001 §4.7: the names a card may carry, made from the holder's name. Variants
// are capped at 24 characters (the given-name piece trimmed to 22 when needed) and uppercase, as printers
// emboss them; 'More...' lets staff type any other name of letters and spaces, up to 255 characters.

/** spec 001 §9: 'Card name max 24 characters; custom card name max 255'. */
export const CARD_NAME_MAX = 24;
export const CARD_NAME_FIRST_PIECE_MAX = 22;
export const CUSTOM_CARD_NAME_MAX = 255;
/** spec 001 §4.7: the free-text choice. */
export const CARD_NAME_MORE = 'More...';

/** Letters and single spaces only, uppercase: what a card can show of a name ("O'Neil-Smith Jr." -> "ONEILSMITH JR"). */
export function cardNamePiece(text: unknown): string {
  return String(text ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

const cap = (name: string) => name.slice(0, CARD_NAME_MAX).trim();
const initials = (piece: string) => piece.split(' ').map((word) => word[0]).join(' ');

/**
 * The variants offered for a holder whose name is made of these parts (given name first): the whole name,
 * the given name with the initial of the last name, the initials of the given name with the last name, and
 * the first given name with the last name; each at most 24 characters, without repeats.
 */
export function cardNameVariants(parts: readonly unknown[]): string[] {
  const pieces = parts.map(cardNamePiece).filter(Boolean);
  if (pieces.length === 0) return [];
  const [first, ...rest] = pieces as [string, ...string[]];
  const last = rest.join(' ');
  const variants = last
    ? [
        `${first} ${last}`,
        `${first.slice(0, CARD_NAME_FIRST_PIECE_MAX).trim()} ${last[0]}`,
        `${initials(first)} ${last}`,
        `${first.split(' ')[0]} ${last}`,
        `${last} ${first}`,
      ]
    : [first];
  // A variant longer than the card is cut, never dropped: a long name still gets a choice.
  return [...new Set(variants.map(cap))].filter((name) => name.length > 0);
}
