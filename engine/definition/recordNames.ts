// How people name one record (an approval request's Record): the template its screen declares (`recordName`),
// or else the label of the selector over its resource (an award by its name); a child-only screen's record after
// its parent's ('Budi Santoso 1001234567 · Hilton Stay'). Shown with its key: 'Hilton Stay (HTL-HILTON)'.
// Isomorphic and pure: the server reads the values a name needs (server/platform/approvals/recordNames.ts).
import type { Catalogue } from './catalogue';
import { displayFields, displayParts, type DisplayPart } from './selectorLabel';
import type { ScreenDefinition, SelectorDefinition } from './screen';
import type { ViewResource } from './viewPage';

/** The longest name a request keeps (its column's width). */
export const RECORD_NAME_MAX = 255;

/** Between a parent's name and its child's own. */
export const PARENT_SEPARATOR = ' · ';

/** The screen whose declarations name a resource's records: a view's rows are its source screen's. */
export function namingScreen(catalogue: Pick<Catalogue, 'screenByMenu' | 'screenByResource'>, resource: string): ScreenDefinition | undefined {
  const screen = catalogue.screenByResource.get(resource);
  const source = (screen?.resource as Partial<ViewResource> | undefined)?.view?.of;
  return (source && catalogue.screenByMenu.get(source)) || screen;
}

/** The selector over the screen's resource whose value is its (last) key field: what a picker calls one of its records. */
function selectorOf(screen: ScreenDefinition, selectors: Record<string, SelectorDefinition>): SelectorDefinition | undefined {
  const last = screen.resource.key.at(-1);
  return Object.values(selectors).find((s) => s.resource === screen.resource.name && s.value === last && !s.composite && !s.distinct);
}

/**
 * The template a screen's records are named by, as parts: its `recordName`, or its selector's label. None when
 * neither says more than the key (a configuration key is its own name).
 */
export function recordNameParts(screen: ScreenDefinition, selectors: Record<string, SelectorDefinition>): DisplayPart[] | undefined {
  if (screen.recordName) return displayParts({ label: '', display: screen.recordName });
  const selector = selectorOf(screen, selectors);
  if (!selector || displayFields(selector).every((field) => screen.resource.key.includes(field))) return undefined;
  return displayParts(selector);
}

/** A template filled with each field's text; spaces collapsed, and a name of no field's text is none. */
export function fillName(parts: readonly DisplayPart[], text: (field: string) => string): string | null {
  let any = false;
  const filled = parts
    .map((part) => {
      if (!('field' in part)) return part.text;
      const value = text(part.field).trim();
      if (value) any = true;
      return value;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return any && filled ? filled : null;
}

/** A parent's name and the child's own as one, cut to what a request keeps. */
export function joinNames(...names: (string | null | undefined)[]): string | null {
  const joined = names.filter((n): n is string => !!n).join(PARENT_SEPARATOR);
  if (!joined) return null;
  return joined.length > RECORD_NAME_MAX ? `${joined.slice(0, RECORD_NAME_MAX - 1)}…` : joined;
}

/** What a Record column shows: the name with the key after it, or the key alone (a request stored without a name). */
export function shownRecord(name: string | null | undefined, key: string): string {
  return name && name !== key ? `${name} (${key})` : key;
}
