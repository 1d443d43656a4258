// The definition catalogue in the browser: every screens/ JSON file, bundled at build time.
import { buildCatalogue } from '../engine/definition/catalogue';
import type { MenuTree } from '../engine/definition/menuTree';
import type { PageDefinition, SelectorCatalogue } from '../engine/definition/screen';
import tree from '../screens/menu-tree.json';
import selectors from '../screens/selectors.json';

const screens = Object.values(import.meta.glob<PageDefinition>('../screens/*/*.json', { eager: true, import: 'default' }));

export const catalogue = buildCatalogue(tree as MenuTree, screens, selectors as SelectorCatalogue);
