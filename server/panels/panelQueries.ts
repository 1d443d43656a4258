// The registry of named panel queries: name -> the criteria it reads and its read. A panel page's panel
// names one (served at /api/<name> under the page's menu code by panelActions); npm run validate checks
// that every panel's query is here and that the panel's filters send exactly its criteria.
import type { Kysely } from 'kysely';
import type { FilterValue } from '../../engine/definition/panelPage';
import type { Schema } from '../db/schema';
import type { SessionUser } from '../session/sessionStore';
import type { MemberFilter } from '../resources/rowScope';
import { dashboardQueries } from './dashboardQueries';

export interface PanelQueryContext {
  db: Kysely<Schema>;
  user: SessionUser;
  now: Date;
  /** Today as YYYY-MM-DD on the server's clock. */
  today: string;
  /** The members the caller reads (a branch user's): every count keeps to them; empty for all. */
  members: MemberFilter;
}

export interface PanelQuery {
  /**
   * The criteria the query reads, each null when empty. Their values are checked before the read against
   * the panel's filter definitions (choices, day bounds, rules): the definition is the one place they are declared.
   */
  criteria: readonly string[];
  /** The rows of the panel (the query's `result`). */
  run(ctx: PanelQueryContext, criteria: Record<string, FilterValue>): Promise<unknown[]>;
}

export const PANEL_QUERIES: Readonly<Record<string, PanelQuery>> = {
  ...dashboardQueries,
};

/** Query name -> the criteria it reads: what the definition validator checks panels against. */
export const panelQueryCriteria = (queries: Readonly<Record<string, PanelQuery>> = PANEL_QUERIES): Record<string, readonly string[]> =>
  Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.criteria]));
