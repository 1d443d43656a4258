// A report's or a dashboard panel's filter may take its choices from the screen field it filters on
// (`optionsOf`: a member's status from the Member screen, a purchase's from Buy Mileage), so the list is kept
// once, where the field is; the filter's own options (an 'All' choice) come first.
import { isListScreen, type FieldOption, type PageDefinition, type PanelFilter } from './screen';

/** Problems of a filter's `optionsOf` (an unknown screen or field, a field without options); empty when it has none. */
export function optionsOfProblem(pages: readonly PageDefinition[], filter: PanelFilter): string | undefined {
  if (!filter.optionsOf) return undefined;
  const { screen, field } = filter.optionsOf;
  const page = pages.find((p) => p.menucode === screen);
  if (!page || !isListScreen(page)) return `optionsOf: no list screen "${screen}"`;
  const found = page.fields.find((f) => f.name === field);
  if (!found) return `optionsOf: screen "${screen}" has no field "${field}"`;
  if (!found.options?.length) return `optionsOf: field "${field}" of screen "${screen}" has no options`;
  return undefined;
}

/** The filter's choices: its own, then those of the field it names. */
export function filterOptions(pages: readonly PageDefinition[], filter: PanelFilter): FieldOption[] | undefined {
  if (!filter.optionsOf) return filter.options;
  const page = pages.find((p) => p.menucode === filter.optionsOf!.screen);
  const field = page && isListScreen(page) ? page.fields.find((f) => f.name === filter.optionsOf!.field) : undefined;
  return [...(filter.options ?? []), ...(field?.options ?? [])];
}

const pageFilters = (page: PageDefinition): PanelFilter[] =>
  page.kind === 'report' ? (page.filters ?? []) : page.kind === 'panels' ? page.panels.flatMap((p) => p.filters ?? []) : [];

/** The menu codes of the list screens a page's filters take their options from (to load them with the page). */
export const optionsSources = (page: PageDefinition): string[] => [...new Set(pageFilters(page).flatMap((f) => (f.optionsOf ? [f.optionsOf.screen] : [])))];

// Resolved once: the filter keeps the options, not the reference (resolving again changes nothing).
const withOptions = (pages: readonly PageDefinition[], filters: PanelFilter[] | undefined) =>
  filters?.map(({ optionsOf, ...filter }) => (optionsOf ? { ...filter, options: filterOptions(pages, { ...filter, optionsOf }) } : filter));

/** Every report and panel filter with `optionsOf` given the options it names instead (the catalogue's pages as used). */
export function resolveFilterOptions(pages: PageDefinition[]): PageDefinition[] {
  return pages.map((page) => {
    if (page.kind === 'report' && page.filters?.some((f) => f.optionsOf)) return { ...page, filters: withOptions(pages, page.filters) };
    if (page.kind === 'panels' && page.panels.some((p) => p.filters?.some((f) => f.optionsOf))) return { ...page, panels: page.panels.map((panel) => ({ ...panel, filters: withOptions(pages, panel.filters) })) };
    return page;
  });
}
