// One named panel query: the criteria it reads and its read (server/platform/panels/panelQueries.ts lists them).
import type { Kysely } from 'kysely';
import type { FilterValue } from '../../../engine/definition/panelPage';
import type { Schema } from '../db/schema';
import type { SessionUser } from '../core/action';
import type { MemberFilter } from '../core/scope';

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
