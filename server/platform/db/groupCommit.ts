// Group commit for SQLite: many callers' small write transactions run as one. SQLite has one connection
// and runs one transaction at a time, and each commit costs more than a small posting's own statements, so
// the callers queued meanwhile (up to MAX_BATCH) share a transaction, each in a savepoint of its own: a
// caller's failure rolls back its savepoint only, and every caller is answered after the commit. On
// PostgreSQL each caller keeps a transaction of its own (its connections work side by side).
import { CompiledQuery, type Kysely } from 'kysely';
import { isSqlite } from './columnTypes';

/** The most callers one shared transaction takes. */
export const MAX_BATCH = 64;

/** A caller's savepoint statements, compiled once (each caller runs two of them). */
const SAVEPOINT = CompiledQuery.raw('savepoint grouped');
const RELEASE = CompiledQuery.raw('release savepoint grouped');
const ROLLBACK = CompiledQuery.raw('rollback to savepoint grouped');

type Work<T> = (trx: Kysely<any>) => Promise<T>;

interface Waiting {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export type Transact = <T>(work: Work<T>) => Promise<T>;

/** Runs `work` in a transaction (shared with other callers on SQLite); resolves once it is committed. */
export function groupCommit(db: Kysely<any>): Transact {
  if (!isSqlite(db)) return (work) => db.transaction().execute(work);
  const queue: Waiting[] = [];
  let running = false;

  async function runBatch(batch: Waiting[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await item.work(trx);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await trx.executeQuery(ROLLBACK);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch stays.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  function drain(): void {
    if (running || queue.length === 0) return;
    running = true;
    const batch = queue.splice(0, MAX_BATCH);
    void runBatch(batch).finally(() => {
      running = false;
      drain();
    });
  }

  return <T>(work: Work<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Callers arriving in this turn of the event loop join the batch.
      if (queue.length === 1 && !running) setImmediate(drain);
    });
}

const shared = new WeakMap<object, Transact>();

/** The group commit of a database, one per database (every caller of it shares the queue). */
export function groupCommitOf(db: Kysely<any>): Transact {
  let transact = shared.get(db);
  if (!transact) shared.set(db, (transact = groupCommit(db)));
  return transact;
}
