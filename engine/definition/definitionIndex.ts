// What the server publishes of the active definitions for the browser (server/platform/definitionVersions/definitionFiles.ts
// serves it, src/definitions.ts reads it): an index of every page by content hash, and each page at its hash.
import type { MenuTree } from './menuTree';
import type { SelectorCatalogue } from './screen';

/** The index: not cached without asking (its ETag is its version). */
export const DEFINITION_INDEX_PATH = '/definitions/index.json';
/** A page's JSON by its content hash: the same address always answers the same text, so it is cached for good. */
export const definitionPagePath = (hash: string): string => `/definitions/page/${hash}.json`;

export const PAGE_HASH_LENGTH = 16;

/** `npm run dev`: what Vite's dev server tells open pages when a definition file was saved (vite.config.ts). */
export const DEFINITIONS_CHANGED_EVENT = 'definitions:changed';

/**
 * A page's hash in the index: the first 16 hex digits of its content's SHA-256 (a version's `contenthash`). 64 bits
 * tell every stored version apart, and the index stays small: the whole hashes, which no compression shortens, were
 * most of its bytes.
 */
export const pageHash = (contenthash: string): string => contenthash.slice(0, PAGE_HASH_LENGTH);

export interface DefinitionIndex {
  /** A stamp of the active definitions: another when any of them changes. */
  version: string;
  tree: MenuTree;
  selectors: SelectorCatalogue;
  /** Each page file's hash (pageHash), by its key under screens/ ('basic-configuration/country.json'). */
  pages: Record<string, string>;
  /** The page file declaring each resource, by resource name (a wizard loads its steps' files only). */
  resources: Record<string, string>;
}

/** The resource a page declares, if any (a list screen's `resource` is a name or an object with one). */
export function declaredResource(page: unknown): string | undefined {
  const resource = (page as { resource?: string | { name?: string } } | null)?.resource;
  const name = typeof resource === 'string' ? resource : resource?.name;
  return name || undefined;
}
