// The definitions' index the browser holds, as the server serves it (engine/definition/definitionIndex.ts): the menu
// tree, the selectors, each page's content hash and the file declaring each resource, read before the first render;
// the version check of each navigation reads it again, and a changed version replaces it. The signed-in shell makes
// its page source of it (src/shell/definitionSource.ts), so the login page loads none of the engine's definitions code.
import { useSyncExternalStore } from 'react';
import { DEFINITION_INDEX_PATH, DEFINITIONS_CHANGED_EVENT, type DefinitionIndex } from '../engine/definition/definitionIndex';

let index: DefinitionIndex | undefined;
const listeners = new Set<() => void>();

/**
 * Reads the index, before the first render (src/main.tsx) and at each version check (src/shell/useSession.ts), then
 * asking whether the one held is still current: answers whether the definitions changed, holding the new ones if so.
 */
export async function loadDefinitions(): Promise<boolean> {
  // The first read may take the page's preload of the index (index.html); later ones ask by version.
  const response = await fetch(DEFINITION_INDEX_PATH, index ? { cache: 'no-store', headers: { 'if-none-match': `"${index.version}"` } } : {});
  if (response.status === 304) return false;
  if (!response.ok) throw new Error(`definitions index: HTTP ${response.status}`);
  const next = (await response.json()) as DefinitionIndex;
  if (next.version === index?.version) return false;
  index = next;
  for (const listener of listeners) listener();
  return true;
}

/** `npm run dev`: after a definition file is saved, the index is read until the server serves the new version (at most ~5 s). */
const SAVED_FILE_READS = 50;
const SAVED_FILE_READ_MS = 100;
if (import.meta.hot) {
  import.meta.hot.on(DEFINITIONS_CHANGED_EVENT, async () => {
    for (let read = 0; read < SAVED_FILE_READS; read += 1) {
      if (await loadDefinitions().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, SAVED_FILE_READ_MS));
    }
  });
}

/** The index in use (read before the app renders). */
export const definitionIndex = (): DefinitionIndex => index!;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The index in use, rendering again when a version check finds a new one. */
export const useDefinitionIndex = (): DefinitionIndex => useSyncExternalStore(subscribe, definitionIndex);
