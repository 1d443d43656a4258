// SQLite's WAL checkpoints, off the serving thread. By default SQLite copies the write-ahead log back into the
// database file inside the commit that fills it past 1,000 pages, and with synchronous = NORMAL that copy ends
// in an fsync: the serving thread (better-sqlite3 runs on it) stood still for it, and the accrual bench's
// group commits of 50 posts took 16-18 ms on average with it against 7 ms without. A worker thread with its
// own connection to the file copies the log back every CHECKPOINT_EVERY_MS instead (PASSIVE: it never waits
// for the writer, the writer never waits for it). The serving connection keeps its own checkpoint, raised to
// BACKSTOP_PAGES: it resets the log once the worker has copied it (the log restarts only when a writer finds
// it all copied), and it still bounds the file should the worker fall behind or stop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the log back (a passive checkpoint of nothing new costs a few µs). */
export const CHECKPOINT_EVERY_MS = 50;
/** The serving connection's own checkpoint: past this many pages of log (4 KiB each) its commit copies what is left. */
export const BACKSTOP_PAGES = 4000;

/** Plain JavaScript run in the worker: its own connection, a passive checkpoint on a timer, closed on 'stop'. */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked this time (a schema change, a restore): the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the serving connection closes). */
  stop(): Promise<void>;
}

/** Moves the checkpoints of a SQLite file database in WAL mode to a worker thread; undefined for an in-memory one. */
export function startCheckpointer(sqlite: SQLite.Database, file: string): Checkpointer | undefined {
  if (file === ':memory:' || sqlite.pragma('journal_mode', { simple: true }) !== 'wal') return undefined;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  // A worker that cannot start (or fails) leaves the checkpoints to the serving connection, as before.
  const fallBack = () => sqlite.open && sqlite.pragma('wal_autocheckpoint = 1000');
  worker.on('error', fallBack);
  let exited = false;
  worker.once('exit', () => (exited = true));
  worker.unref();
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        worker.off('error', fallBack);
        if (exited) return resolve();
        worker.once('exit', () => resolve());
        worker.once('error', () => resolve());
        // Held while it stops: an unreferenced worker's exit keeps nothing alive, and a script awaiting close()
        // with nothing else to do would end there, silently, before its next line.
        worker.ref();
        worker.postMessage('stop');
      })),
  };
}
