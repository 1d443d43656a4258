// The whole catalogue of definitions (screens, selectors, menu tree) with lookups across them.
// Isomorphic: callers load the JSON (fs on the server, import.meta.glob in the browser).
import { flattenMenus, menuFunctionCodes, type FlatMenuItem, type MenuTree } from './menuTree';
import { screenFunctionSuffixes } from './compile';
import type { ScreenDefinition, SelectorCatalogue, SelectorDefinition } from './screen';

export interface Catalogue {
  tree: MenuTree;
  menus: FlatMenuItem[];
  screens: ScreenDefinition[];
  selectors: Record<string, SelectorDefinition>;
  screenByMenu: Map<string, ScreenDefinition>;
  screenByResource: Map<string, ScreenDefinition>;
}

export function buildCatalogue(tree: MenuTree, screens: ScreenDefinition[], selectors: SelectorCatalogue): Catalogue {
  return {
    tree,
    menus: flattenMenus(tree),
    screens,
    selectors: selectors.selectors,
    screenByMenu: new Map(screens.map((s) => [s.menucode, s])),
    screenByResource: new Map(screens.map((s) => [s.resource.name, s])),
  };
}

/** Every function code of every menu: ACCESS, the menu tree's declared functions, and its screen's actions. */
export function functionCatalogue(catalogue: Catalogue): { menucode: string; functioncode: string }[] {
  return catalogue.menus.flatMap((menu) => {
    const screen = catalogue.screenByMenu.get(menu.menucode);
    return menuFunctionCodes(menu, screen ? screenFunctionSuffixes(screen) : []).map((functioncode) => ({ menucode: menu.menucode, functioncode }));
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
