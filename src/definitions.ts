// The definitions in the browser: the menu tree and selectors bundled; each page's JSON in a chunk of its
// own, loaded when its route opens (Vite's import.meta.glob without eager), so screens do not grow the bundle;
// which file declares each resource comes from the build (vite.config.ts), so a wizard loads its steps' files only.
import type { MenuTree } from '../engine/definition/menuTree';
import { createPageSource, type PageLoader } from '../engine/definition/pageSource';
import type { PageDefinition, SelectorCatalogue } from '../engine/definition/screen';
import tree from '../screens/menu-tree.json';
import selectors from '../screens/selectors.json';
import resourceFiles from 'virtual:screen-resources';

const PREFIX = '../screens/';
const files = import.meta.glob<PageDefinition>('../screens/*/*.json', { import: 'default' });
const loaders: Record<string, PageLoader> = Object.fromEntries(Object.entries(files).map(([path, load]) => [path.slice(PREFIX.length), load]));

export const definitions = createPageSource(tree as MenuTree, selectors as SelectorCatalogue, loaders, resourceFiles);
