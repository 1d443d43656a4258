// What the rendered screens need from the app: the API client, the caller's grants, and the definitions.
import { createContext, useContext, type ComponentType } from 'react';
import type { ApiCall } from '../api/client';
import type { PageSource } from '../definition/pageSource';
import type { NavigatorRegistry, ViewRegistry } from './recordViews';
import type { LabelCache } from './labelCache';
import type { PageViewProps } from './pageViewProps';

export interface EngineServices {
  call: ApiCall;
  /** Whether the signed-in user's role grants a function code (e.g. COUNTRY_UPDATE). */
  can(functioncode: string): boolean;
  /** Menu tree and selectors at once; pages loaded on demand (loadPage, or loadAll for the whole catalogue). */
  definitions: PageSource;
  /** The registered views by name (what a record section's "view" draws). */
  views: ViewRegistry;
  /** The registered navigators by name (what a record page's "navigator" lays its sections out with). */
  navigators: NavigatorRegistry;
  /** A read-only menu's page (kind 'readonly'): forms show as details, nothing is saved or run. */
  readOnly?: boolean;
  /** The Definition Studio's preview of a draft: it reads the live server's data and saves or runs nothing. */
  preview?: boolean;
  /** The signed-in session's labels of reference values, asked once each (engine/render/useReferenceLabels.ts). */
  labels?: LabelCache;
}

/** What a save or an action answers in the studio's preview. */
export const PREVIEW_NOTHING_SAVED = 'Preview: nothing is saved';

export const EngineContext = createContext<EngineServices | undefined>(undefined);

export function useEngine(): EngineServices {
  const services = useContext(EngineContext);
  if (!services) throw new Error('useEngine needs an <EngineContext.Provider>');
  return services;
}

/**
 * The renderer of every page kind (PageView), for a kind that draws other pages inside its own (the studio's preview):
 * given through context, so no kind imports the renderer that imports the kinds.
 */
export const PageRendererContext = createContext<ComponentType<PageViewProps> | undefined>(undefined);
