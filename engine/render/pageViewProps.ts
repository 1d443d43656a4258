// What the router gives the page of a menu, whatever its kind (engine/render/PageView.tsx picks the kind's renderer).
import { createContext, type ComponentType } from 'react';
import type { PageDefinition } from '../definition/screen';

export interface PageViewProps {
  page: PageDefinition;
  /** The search state lives in the URL query, so a reload or a shared link shows the same results. */
  query: string;
  onQueryChange(query: string): void;
}

/**
 * The renderer of every page kind (PageView), for a kind that draws other pages inside its own (the studio's preview):
 * given through context, so no kind imports the renderer that imports the kinds.
 */
export const PageRendererContext = createContext<ComponentType<PageViewProps> | undefined>(undefined);
