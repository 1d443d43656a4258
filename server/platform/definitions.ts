// Loads the definition files from screens/ on disk into the catalogue the server is built from.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildCatalogue, type Catalogue } from '../../engine/definition/catalogue';
import type { MenuTree } from '../../engine/definition/menuTree';
import type { PageDefinition, SelectorCatalogue } from '../../engine/definition/screen';

export const SCREENS_DIR = 'screens';
const NOT_SCREENS = new Set(['menu-tree.json', 'selectors.json']);

/** Every screen definition file: screens/<group>/<menu>.json. */
export function screenFiles(dir = SCREENS_DIR, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return screenFiles(path, root);
      return entry.name.endsWith('.json') && !NOT_SCREENS.has(relative(root, path)) ? [path] : [];
    })
    .sort();
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

export function loadCatalogue(dir = SCREENS_DIR): Catalogue {
  return buildCatalogue(
    readJson<MenuTree>(join(dir, 'menu-tree.json')),
    screenFiles(dir).map((file) => readJson<PageDefinition>(file)),
    readJson<SelectorCatalogue>(join(dir, 'selectors.json')),
  );
}
