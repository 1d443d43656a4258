// What the router gives the page of a menu, whatever its kind (engine/render/PageView.tsx picks the kind's renderer).
import type { PageDefinition } from '../definition/screen';

export interface PageViewProps {
  page: PageDefinition;
  /** The search state lives in the URL query, so a reload or a shared link shows the same results. */
  query: string;
  onQueryChange(query: string): void;
}

