// The signed-in app's definitions: the page source (engine/definition/pageSource.ts) of the index in use
// (src/definitions.ts), each page's JSON fetched by its content hash when first needed (the browser keeps it for good).
import { definitionPagePath, type DefinitionIndex } from '../../engine/definition/definitionIndex';
import { createPageSource, type PageLoader, type PageSource } from '../../engine/definition/pageSource';
import type { PageDefinition } from '../../engine/definition/screen';
import { definitionIndex, useDefinitionIndex } from '../definitions';

/** Each page fetched once by its hash, whichever index names it (a new index's unchanged pages are not fetched again). */
const fetched = new Map<string, Promise<PageDefinition>>();

const fetchPage =
  (hash: string): PageLoader =>
  () => {
    let page = fetched.get(hash);
    if (!page) {
      page = fetch(definitionPagePath(hash)).then((response) => {
        if (!response.ok) throw new Error(`definition page ${hash}: HTTP ${response.status}`);
        return response.json() as Promise<PageDefinition>;
      });
      // A failed fetch (a network blip) is tried again next time.
      page.catch(() => fetched.delete(hash));
      fetched.set(hash, page);
    }
    return page;
  };

/** One page source per index: its pages load once until a version check brings another index. */
const sources = new WeakMap<DefinitionIndex, PageSource>();

function pageSourceOf(index: DefinitionIndex): PageSource {
  let source = sources.get(index);
  if (!source) {
    const loaders = Object.fromEntries(Object.entries(index.pages).map(([key, hash]) => [key, fetchPage(hash)]));
    source = createPageSource(index.tree, index.selectors, loaders, index.resources);
    sources.set(index, source);
  }
  return source;
}

/** The definitions in use, for code outside rendering. */
export const currentDefinitions = (): PageSource => pageSourceOf(definitionIndex());

/** The definitions in use, rendering again when a version check brings new ones. */
export const useDefinitions = (): PageSource => pageSourceOf(useDefinitionIndex());
