// One writer discipline for every transaction the product opens: SQLite's begin as writers (BEGIN IMMEDIATE),
// PostgreSQL's whole transaction is run again on a deadlock or serialization failure, a bounded number of times.
// openDatabase builds its Kysely with both, so every `db.transaction().execute(...)` (requests, jobs, a job's own
// thread) gets them without a helper of its own.
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig, type TransactionBuilder, type TransactionSettings } from 'kysely';

/** How many times a whole PostgreSQL transaction is tried before its conflict is answered as busy. */
export const TRANSACTION_TRIES = 5;
/** The first retry waits up to this long (ms); each next one up to twice the last: jittered, so the losers spread out. */
const FIRST_BACKOFF_MS = 10;

const BEGIN_WRITER = CompiledQuery.raw('begin immediate');
const BEGIN_READER = CompiledQuery.raw('begin');

/**
 * SQLite: a deferred transaction starts as a reader and takes the write lock at its first write; when another
 * connection (a job's thread) committed meanwhile, that upgrade fails with SQLITE_BUSY_SNAPSHOT at once, which
 * busy_timeout never retries. Begun IMMEDIATE, a transaction waits for the write lock (busy_timeout) before it
 * reads anything, so its reads and writes see one state. A transaction marked read only stays deferred.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(settings?.accessMode === 'read only' ? BEGIN_READER : BEGIN_WRITER);
  }
}

export class WriterSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null | undefined)?.code;

/** PostgreSQL gave the transaction up to let another one through: run again, it may well pass (40P01, 40001). */
export function isTransactionConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40P01' || code === '40001';
}

/**
 * The database was too busy for this call: a PostgreSQL conflict that outlived its retries, a lock not had in
 * time (55P03), or SQLite's write lock not had within busy_timeout. Answered "busy, try again", never 500.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = codeOf(error);
  return isTransactionConflict(error) || code === '55P03' || (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')));
}

export interface RetryOptions {
  tries?: number;
  /** Waits before a retry (tests pass one that does not sleep). */
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (a whole transaction) again while it fails with a PostgreSQL conflict, at most `tries` times in
 * all; then the last error goes to the caller (answered busy). Whatever the transaction wrote was rolled back with
 * it, mail included (the outbox row is written in the transaction and delivered after the commit), so a retry
 * writes it once.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const tries = options.tries ?? TRANSACTION_TRIES;
  const wait = options.wait ?? sleep;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries || !isTransactionConflict(error)) throw error;
      await wait(Math.random() * FIRST_BACKOFF_MS * 2 ** (n - 1));
    }
  }
}

/** An open transaction's database (what opened it) and what is to run once it commits. */
interface OpenTransaction {
  root: Kysely<any>;
  committed: (() => void)[];
}
const open = new WeakMap<object, OpenTransaction>();

/**
 * Runs `hook` once the transaction `db` belongs to has committed (never when it rolls back or is tried again);
 * at once when `db` is not a transaction of a RetryingKysely. Wakes what waits on the rows (the job worker).
 */
export function afterCommit(db: Kysely<any>, hook: () => void): void {
  const transaction = open.get(db);
  if (transaction) transaction.committed.push(hook);
  else hook();
}

/** The database a transaction was opened on (itself when it is not a transaction). */
export const rootOf = (db: Kysely<any>): Kysely<any> => open.get(db)?.root ?? db;

/** A transaction builder whose execute retries conflicts and runs its commit hooks; its settings keep doing so. */
function retrying<DB>(builder: TransactionBuilder<DB>, root: Kysely<any>): TransactionBuilder<DB> {
  const wrapped = {
    setAccessMode: (mode: Parameters<TransactionBuilder<DB>['setAccessMode']>[0]) => retrying(builder.setAccessMode(mode), root),
    setIsolationLevel: (level: Parameters<TransactionBuilder<DB>['setIsolationLevel']>[0]) => retrying(builder.setIsolationLevel(level), root),
    execute: <T>(callback: Parameters<TransactionBuilder<DB>['execute']>[0]) =>
      retryConflicts(async () => {
        const transaction: OpenTransaction = { root, committed: [] };
        const result = (await builder.execute((trx) => {
          open.set(trx, transaction);
          return callback(trx);
        })) as T;
        for (const hook of transaction.committed) hook();
        return result;
      }),
  };
  return wrapped as unknown as TransactionBuilder<DB>;
}

/** Kysely whose every transaction retries a PostgreSQL conflict of the whole transaction (see retryConflicts). */
export class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return retrying(super.transaction(), this as unknown as Kysely<any>);
  }
}
