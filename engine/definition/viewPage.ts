// View pages (kind 'view'): a list screen over another list screen's rows, made from the two files. The
// source's fields are reused by name, so a label, rule or option is still declared once; the page adds where
// they show, a fixed filter the server always applies, and actions under its own menu's function codes.
import { isCustomAction, resourceModel } from './compile';
import type { FieldDefinition, PageDefinition, ResourceDefinition, ScreenDefinition, ViewFilterValue, ViewPage } from './screen';
import { isListScreen } from './screen';

/**
 * The standard actions a view may offer: it never deletes the source's rows; a row it creates holds its filter's
 * values; an upload is a file its domain module takes (options.uploadNote says what it holds), never new rows.
 */
export const VIEW_STANDARD_ACTIONS = ['view', 'create', 'update', 'download', 'upload'] as const;

/**
 * The resource of a view's list screen: made from the view page, never written in a file. `view` names the
 * menu whose table it reads and the fixed criteria every list, detail and change keeps to (compile's
 * resourceModel carries them to the server as the model's `filter`).
 */
export interface ViewResource extends ResourceDefinition {
  view: { of: string; filter: Record<string, ViewFilterValue> };
}

const PLACEMENTS = ['search', 'column', 'form', 'detail'] as const;

/** A source field with the view's placements instead of the source's own. */
function placedField(field: FieldDefinition, placement: Partial<Pick<FieldDefinition, (typeof PLACEMENTS)[number]>> | undefined): FieldDefinition {
  const bare: FieldDefinition = { ...field };
  for (const name of PLACEMENTS) delete bare[name];
  return { ...bare, ...placement };
}

/**
 * The names of the source fields the view's resource carries: the key, the fields it shows, and the fields
 * its filter and its actions' `set` name (read and written, though not shown).
 */
export function viewFieldNames(view: ViewPage, source: ScreenDefinition): string[] {
  const names = [
    ...source.resource.key,
    ...view.fields.map((f) => f.name),
    ...Object.keys(view.filter),
    ...view.actions.flatMap((a) => (isCustomAction(a) ? Object.keys(a.set ?? {}) : [])),
    // The source's row scope holds in its views too.
    ...Object.values(source.resource.scope ?? {}),
  ];
  return [...new Set(names)];
}

/** The list screen a view page makes over its source screen (the validator has checked the names). */
export function viewScreen(view: ViewPage, source: ScreenDefinition): ScreenDefinition {
  const byName = new Map(source.fields.map((f) => [f.name, f]));
  const placements = new Map(view.fields.map((f) => [f.name, f]));
  const fields = viewFieldNames(view, source).flatMap((name) => {
    const field = byName.get(name);
    if (!field) return [];
    const { name: _name, ...placement } = placements.get(name) ?? { name };
    return [placedField(field, placement)];
  });
  const resource: ViewResource = {
    name: view.resource,
    table: resourceModel(source).table,
    key: source.resource.key,
    status: false,
    ...(source.resource.generatedKey ? { generatedKey: true } : {}),
    ...(source.resource.scope ? { scope: source.resource.scope } : {}),
    view: { of: source.menucode, filter: view.filter },
  };
  return {
    schemaVersion: view.schemaVersion,
    menucode: view.menucode,
    title: view.title,
    ...(view.layout ? { layout: view.layout } : {}),
    resource,
    fields,
    actions: view.actions,
    ...(view.bulk ? { bulk: view.bulk } : {}),
    ...(view.options ? { options: view.options } : {}),
  };
}

/**
 * Pages as the engine uses them: each view page replaced by the list screen it makes. A view whose source is
 * missing or not a list screen is an error the validator reports; here it throws.
 */
export function resolveViewPages(pages: readonly PageDefinition[]): PageDefinition[] {
  const byMenu = new Map(pages.map((p) => [p.menucode, p]));
  return pages.map((page) => (page.kind === 'view' ? viewScreen(page, viewSource(page, byMenu.get(page.source))) : page));
}

/** The view's source page as a list screen, or an error naming both menus. */
export function viewSource(view: ViewPage, source: PageDefinition | undefined): ScreenDefinition {
  if (!source || !isListScreen(source)) throw new Error(`view page ${view.menucode}: its source menu ${view.source} has no list screen`);
  return source;
}
