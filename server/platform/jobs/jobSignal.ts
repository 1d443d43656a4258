// A job enqueued by a request starts at once instead of at the worker's next poll: the enqueue signals after its
// transaction commits. The workers of this process over the same database hear it directly; on PostgreSQL every
// app server's worker hears it through NOTIFY (sent in the enqueue's transaction, so delivered at its commit).
// The poll stays as the net under both (a lost connection, a job due later).
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../db/columnTypes';
import { afterCommit, rootOf } from '../db/writeTransactions';

/** The NOTIFY channel; the payload is the schema of the job table, so workers of other schemas stay asleep. */
export const JOB_CHANNEL = 'alms_jobs';

/** The wakers of the workers over each database (keyed by the database object: each server has its own). */
const wakers = new WeakMap<Kysely<any>, Set<() => void>>();

/** Hears the jobs enqueued through `db` (or its transactions) in this process; answers the call that stops it. */
export function onJobEnqueued(db: Kysely<any>, wake: () => void): () => void {
  const set = wakers.get(db) ?? new Set();
  wakers.set(db, set.add(wake));
  return () => set.delete(wake);
}

/** Signals an enqueued job: NOTIFY in the transaction on PostgreSQL, and this process's workers after the commit. */
export async function signalJobEnqueued(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) await sql`select pg_notify(${JOB_CHANNEL}, current_schema())`.execute(db);
  afterCommit(db, () => {
    for (const wake of wakers.get(rootOf(db)) ?? []) wake();
  });
}
