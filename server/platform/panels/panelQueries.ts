// The registry of named panel queries: name -> the criteria it reads and its read. A panel page's panel
// names one (served at /api/<name> under the page's menu code by panelActions); npm run validate checks
// that every panel's query is here and that the panel's filters send exactly its criteria.
import { dashboardQueries } from './dashboardQueries';
import type { PanelQuery } from './panelQuery';

export const PANEL_QUERIES: Readonly<Record<string, PanelQuery>> = {
  ...dashboardQueries,
};

/** Query name -> the criteria it reads: what the definition validator checks panels against. */
export const panelQueryCriteria = (queries: Readonly<Record<string, PanelQuery>> = PANEL_QUERIES): Record<string, readonly string[]> =>
  Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.criteria]));
