// The whole catalogue of definitions (screens, selectors, menu tree) with lookups across them.
// Isomorphic: callers load the JSON (the database's versions on the server, fetched from it in the browser).
import { flattenMenus, menuFunctionCodes, type FlatMenuItem, type MenuTree } from './menuTree';
import { pageFunctionSuffixes, resourceModel, type ResourceModel } from './compile';
import { resolveViewPages } from './viewPage';
import { resolveFilterOptions } from './filterOptions';
import { isListScreen, type PageDefinition, type ScreenDefinition, type SelectorCatalogue, type SelectorDefinition } from './screen';

export interface Catalogue {
  tree: MenuTree;
  menus: FlatMenuItem[];
  /** List screens: each has a resource (the generic server API and a table are built from it). */
  screens: ScreenDefinition[];
  /** Every definition file of every kind, list screens included. */
  pages: PageDefinition[];
  pageByMenu: Map<string, PageDefinition>;
  selectors: Record<string, SelectorDefinition>;
  screenByMenu: Map<string, ScreenDefinition>;
  screenByResource: Map<string, ScreenDefinition>;
}

export function buildCatalogue(tree: MenuTree, files: PageDefinition[], selectors: SelectorCatalogue): Catalogue {
  // A view page is used as the list screen it makes over its source (engine/definition/viewPage.ts).
  // A filter's `optionsOf` takes the named field's options (engine/definition/filterOptions.ts).
  const pages = resolveFilterOptions(resolveViewPages(files));
  const screens = pages.filter(isListScreen);
  return {
    tree,
    menus: flattenMenus(tree),
    screens,
    pages,
    pageByMenu: new Map(pages.map((p) => [p.menucode, p])),
    selectors: selectors.selectors,
    screenByMenu: new Map(screens.map((s) => [s.menucode, s])),
    screenByResource: new Map(screens.map((s) => [s.resource.name, s])),
  };
}

const models = new WeakMap<Catalogue, Map<string, ResourceModel>>();

/** The model of a resource a screen of the catalogue declares, compiled once per catalogue (a resource no screen declares is a bug). */
export function resourceModelOf(catalogue: Catalogue, resource: string): ResourceModel {
  let known = models.get(catalogue);
  if (!known) models.set(catalogue, (known = new Map()));
  let model = known.get(resource);
  if (!model) {
    const screen = catalogue.screenByResource.get(resource);
    if (!screen) throw new Error(`no screen declares the resource "${resource}"`);
    known.set(resource, (model = resourceModel(screen)));
  }
  return model;
}

/** Every function code of every menu: ACCESS, the menu tree's declared functions, and its screen's actions. */
export function functionCatalogue(catalogue: Catalogue): { menucode: string; functioncode: string }[] {
  return catalogue.menus.flatMap((menu) => {
    const page = catalogue.pageByMenu.get(menu.menucode);
    // A child screen's direct-write function is its parent menu's (engine/definition/compile.ts directFunctionCode).
    const children = catalogue.screens.filter((s) => s.childOf === menu.menucode && s.approval?.direct).map((s) => s.approval!.direct!);
    return menuFunctionCodes(menu, [...(page ? pageFunctionSuffixes(page) : []), ...children]).map((functioncode) => ({ menucode: menu.menucode, functioncode }));
  });
}

/** Fields of other screens whose options come from a selector over `resource` (what a delete must check). */
export function referencesTo(catalogue: Catalogue, resource: string): { screen: ScreenDefinition; field: string; valueField: string }[] {
  const found: { screen: ScreenDefinition; field: string; valueField: string }[] = [];
  for (const screen of catalogue.screens) {
    for (const field of screen.fields) {
      const selector = field.source ? catalogue.selectors[field.source.selector] : undefined;
      if (selector && selector.resource === resource && !selector.composite) found.push({ screen, field: field.name, valueField: selector.value });
    }
  }
  return found;
}

/** Where a selector is used: the menus whose pages name it, and the fields its callers may narrow it by (cascades). */
export interface SelectorUse {
  menus: Set<string>;
  filters: Set<string>;
}

/**
 * Every selector's uses across the pages: each object naming `selector` (a field's or a filter's `source`, a
 * wizard's picker) counts its page's menu, and its `dependsOn.filter` a field callers may narrow it by.
 */
export function selectorUses(catalogue: Catalogue): Map<string, SelectorUse> {
  const uses = new Map<string, SelectorUse>();
  const use = (name: string) => {
    let found = uses.get(name);
    if (!found) uses.set(name, (found = { menus: new Set(), filters: new Set() }));
    return found;
  };
  for (const name of Object.keys(catalogue.selectors)) {
    const selector = catalogue.selectors[name]!;
    for (const field of [...Object.keys(selector.filter ?? {}), ...(selector.filterBy ?? [])]) use(name).filters.add(field);
  }
  const walk = (node: unknown, menucode: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, menucode);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    if (typeof object.selector === 'string' && Object.hasOwn(catalogue.selectors, object.selector)) {
      const found = use(object.selector);
      found.menus.add(menucode);
      const dependsOn = object.dependsOn as { filter?: unknown } | undefined;
      if (typeof dependsOn?.filter === 'string') found.filters.add(dependsOn.filter);
    }
    // A wizard step's `selectors`: a field's options from another selector.
    if (typeof object.selectors === 'object' && object.selectors !== null && !Array.isArray(object.selectors)) {
      for (const name of Object.values(object.selectors)) if (typeof name === 'string' && Object.hasOwn(catalogue.selectors, name)) use(name).menus.add(menucode);
    }
    for (const value of Object.values(object)) walk(value, menucode);
  };
  for (const page of catalogue.pages) walk(page, page.menucode);
  return uses;
}
