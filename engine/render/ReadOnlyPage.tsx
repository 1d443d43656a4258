// A read-only menu's page (kind 'readonly', e.g. BOD's Member Data): another menu's list screen with its
// records and sections, as that screen draws them, with nothing to save or run. The page's own ACCESS stands
// for the screen's read codes (the server lets it read, and refuses every write).
import { use, useMemo } from 'react';
import { readOnlyScreen } from '../definition/compile';
import { isListScreen, type ReadOnlyPage } from '../definition/screen';
import { EngineContext, useEngine, type EngineServices } from './EngineContext';
import { ListScreenView } from './ListScreenView';
import type { PageViewProps } from './pageViewProps';

/** Only reads: an ACCESS code, when the user holds this page's ACCESS. */
export const readOnlyCan = (can: (code: string) => boolean, menucode: string) => (code: string) => code.endsWith('_ACCESS') && can(`${menucode}_ACCESS`);

export default function ReadOnlyPageView({ page, query, onQueryChange }: PageViewProps) {
  const engine = useEngine();
  const view = page as ReadOnlyPage;
  const shown = use(engine.definitions.loadPage(view.screen));
  if (!isListScreen(shown)) throw new Error(`read-only page ${view.menucode}: menu ${view.screen} has no list screen`);
  const screen = useMemo(() => ({ ...readOnlyScreen(shown), title: view.title }), [shown, view.title]);
  const services = useMemo<EngineServices>(() => ({ ...engine, can: readOnlyCan(engine.can, view.menucode), readOnly: true }), [engine, view.menucode]);
  return (
    <EngineContext.Provider value={services}>
      <ListScreenView screen={screen} query={query} onQueryChange={onQueryChange} />
    </EngineContext.Provider>
  );
}
