// Heavy SQLite reads (counts, contains searches) in a worker thread with its own read-only connection:
// better-sqlite3 is synchronous, so a 100 ms count on the serving thread stalls every other request.
// WAL lets the worker read beside the serving connection; it sees what is committed when a statement
// starts. An in-memory database cannot be shared with a worker: its reads stay on the caller's thread.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql, type CompiledQuery, type Kysely } from 'kysely';

/** A reader with nothing to do for this long ends its thread; the next read starts a new one. */
const IDLE_MS = 30_000;
/**
 * Reader threads per database at most: a core is left to the serving thread, up to 4 readers (one on 2
 * cores); a further reader starts only when every running one is busy.
 */
const MAX_READERS = Math.min(4, Math.max(1, availableParallelism() - 1));

// Plain JavaScript for the worker: a statement cache and one read per message, answered by id.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, text, parameters }) => {
  try {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= 500) statements.delete(statements.keys().next().value);
      statements.set(text, (statement = db.prepare(text)));
    }
    parentPort.postMessage({ id, rows: statement.all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

class ReaderThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string) {}

  /** Reads sent and not yet answered. */
  get load(): number {
    return this.pending.size;
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver } });
    worker.on('message', ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(rows!);
      if (this.pending.size === 0) {
        worker.unref();
        this.idle();
      }
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`SQLite reader thread exited (${code})`)));
    return worker;
  }

  private idle() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size > 0 || !this.worker) return;
      const worker = this.worker;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_MS).unref();
  }

  all<R>(query: CompiledQuery): Promise<R[]> {
    clearTimeout(this.idleTimer);
    this.worker ??= this.start();
    const id = this.nextId++;
    const worker = this.worker;
    // Waiting for an answer keeps the process alive; an idle reader does not.
    worker.ref();
    return new Promise<R[]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ id, text: query.sql, parameters: query.parameters });
    });
  }
}

/**
 * The reader of each Kysely instance: undefined for an in-memory database. Keyed by instance, not by
 * file name, so a database file replaced under the same name is never read through an old connection.
 */
const readers = new WeakMap<Kysely<any>, Promise<ReaderPool | undefined>>();

/** The reader threads of one database file: a read goes to an idle one, else the least busy. */
class ReaderPool {
  private readonly threads: ReaderThread[] = [];

  constructor(private readonly file: string) {}

  all<R>(query: CompiledQuery): Promise<R[]> {
    let thread = this.threads.find((t) => t.load === 0);
    if (!thread && this.threads.length < MAX_READERS) this.threads.push((thread = new ReaderThread(this.file)));
    thread ??= this.threads.reduce((least, t) => (t.load < least.load ? t : least));
    return thread.all<R>(query);
  }
}

function readerOf(db: Kysely<any>): Promise<ReaderPool | undefined> {
  let reader = readers.get(db);
  if (!reader) {
    reader = sql<{ name: string; file: string }>`pragma database_list`
      .execute(db)
      .then(({ rows }) => {
        const file = rows.find((r) => r.name === 'main')?.file;
        return file ? new ReaderPool(file) : undefined;
      });
    readers.set(db, reader);
  }
  return reader;
}

/**
 * Runs a read-only query off the serving thread when the database is a file and the caller is not in a
 * transaction (a transaction must see its own writes); otherwise on the caller's connection.
 */
export async function readOffThread<R>(db: Kysely<any>, query: CompiledQuery): Promise<R[]> {
  const reader = db.isTransaction ? undefined : await readerOf(db);
  if (!reader) return (await db.executeQuery<R>(query)).rows;
  return reader.all<R>(query);
}
