// How a selector shows one of its rows: its label field, or its `display` template of fields
// ('{airportiatacode} - {airportname}, {cityname}'), then its relabels. The server builds option labels and
// its search text from the same parts, so what a user reads is what they can type to find it.
import type { SelectorDefinition } from './screen';

export type DisplayPart = { text: string } | { field: string };

const FIELD = /\{([a-z][a-z0-9_]*)\}/g;

/** The display template split into literal text and fields; a selector without one shows its label field. */
export function displayParts(selector: Pick<SelectorDefinition, 'label' | 'display'>): DisplayPart[] {
  if (!selector.display) return [{ field: selector.label }];
  const parts: DisplayPart[] = [];
  let at = 0;
  for (const match of selector.display.matchAll(FIELD)) {
    if (match.index > at) parts.push({ text: selector.display.slice(at, match.index) });
    parts.push({ field: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < selector.display.length) parts.push({ text: selector.display.slice(at) });
  return parts;
}

/** The fields a selector's label reads. */
export const displayFields = (selector: Pick<SelectorDefinition, 'label' | 'display'>): string[] =>
  displayParts(selector).flatMap((part) => ('field' in part ? [part.field] : []));

/** The text of one row's option. */
export function optionLabel(selector: Pick<SelectorDefinition, 'label' | 'display' | 'relabel'>, row: Record<string, unknown>): string {
  const label = displayParts(selector)
    .map((part) => ('field' in part ? String(row[part.field] ?? '') : part.text))
    .join('');
  return selector.relabel?.[label] ?? label;
}
