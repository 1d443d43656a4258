// Reads the definition files of screens/ on disk, and builds the catalogue the server is built from out of
// definition texts (the files', or the versions the database holds: server/platform/definitionVersions).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildCatalogue, type Catalogue } from '../../engine/definition/catalogue';
import { MENU_TREE_FILE, SELECTORS_FILE } from '../../engine/definition/definitionFiles';
import type { MenuTree } from '../../engine/definition/menuTree';
import type { PageDefinition, SelectorCatalogue } from '../../engine/definition/screen';

export const SCREENS_DIR = 'screens';
const NOT_SCREENS = new Set([MENU_TREE_FILE, SELECTORS_FILE]);

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

/** One definition as text, by its path under screens/ ('menu-tree.json', 'user-management/api-client.json'). */
export interface DefinitionText {
  key: string;
  text: string;
}

/** A definition's new text as the Definition Studio activates it. */
export interface VersionChange {
  key: string;
  text: string;
  by: string;
  reason: string;
  approvedby?: string;
  /** The active version the change was made from: refused (RECORD_CHANGED) when another is active by then. */
  basedon?: number;
}

/** The key of a file of `dir`: its path under it, with '/' on every system. */
export const definitionKey = (dir: string, file: string): string => relative(dir, file).split(sep).join('/');

/** Every definition file of `dir`: the menu tree, the selectors, then the screens in file order. */
const definitionFiles = (dir: string): string[] => [join(dir, MENU_TREE_FILE), join(dir, SELECTORS_FILE), ...screenFiles(dir)];

/** The keys of the definition files of `dir`. */
export const definitionFileKeys = (dir = SCREENS_DIR): string[] => definitionFiles(dir).map((file) => definitionKey(dir, file));

/** Every definition file of `dir` as it is on disk. */
export function readDefinitionFiles(dir = SCREENS_DIR): DefinitionText[] {
  return definitionFiles(dir).map((file) => ({ key: definitionKey(dir, file), text: readFileSync(file, 'utf8') }));
}

/** The catalogue of a set of definition texts (one menu tree, one selector catalogue, the screens in key order). */
export function catalogueFromTexts(definitions: readonly DefinitionText[]): Catalogue {
  const byKey = new Map(definitions.map((d) => [d.key, d.text]));
  const parsed = <T>(key: string): T => {
    const text = byKey.get(key);
    if (text === undefined) throw new Error(`No definition ${key}`);
    return JSON.parse(text) as T;
  };
  const screens = [...byKey.keys()].filter((key) => !NOT_SCREENS.has(key)).sort();
  return buildCatalogue(parsed<MenuTree>(MENU_TREE_FILE), screens.map((key) => parsed<PageDefinition>(key)), parsed<SelectorCatalogue>(SELECTORS_FILE));
}

/** The catalogue of the files on disk (scripts and tests; the server serves the database's versions). */
export function loadCatalogue(dir = SCREENS_DIR): Catalogue {
  return catalogueFromTexts(readDefinitionFiles(dir));
}
