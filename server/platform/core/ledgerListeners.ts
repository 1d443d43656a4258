// What other modules do when miles move: a listener registered on a database runs INSIDE the posting transaction
// after every ledger write through it (credit, debit, reverse, transfer, merge, the daily expiry), given the members and the rows
// written. The tier module upgrades a member the moment a credit meets a criterion and the bonus module gives the
// first-activity bonus this way; whoever posts through server/ledger gets that for free. A listener that throws
// rolls the posting back (this lives in core, below the module contract that names it, so the ledger module can
// declare its own parts). Listeners belong to the database a server was started on (its modules' listeners,
// server/platform/server.ts), not to the process: two servers in one process, or a test's own database, hear only their own.
import type { Kysely, Selectable } from 'kysely';
import type { LedgerTransactionRow, Schema } from '../db/schema';

export type LedgerOperation = 'credit' | 'debit' | 'reverse' | 'transfer' | 'merge' | 'expire';

/** A ledger_transaction row as written (signed amounts: credits positive, debits negative). */
export type WrittenRow = Pick<Selectable<LedgerTransactionRow>, 'trxid' | 'memberid' | 'trxtype' | 'activitydate' | 'awardmiles' | 'tiermiles' | 'segments' | 'source'>;

export interface LedgerWrite {
  operation: LedgerOperation;
  /** Every member whose ledger changed (a merge names the closed account first, then the one kept). */
  memberids: string[];
  /** The rows written (none for a merge, which moves rows). */
  rows: WrittenRow[];
  user: string;
  now: Date;
}

export interface LedgerListener {
  /** Registering a name again replaces the listener (one per module, whatever starts twice). */
  name: string;
  onWrite(trx: Kysely<Schema>, write: LedgerWrite): Promise<void>;
}

/** How deep listeners may post through the ledger themselves (a bonus that credits, whose credit is heard again). */
const MAX_DEPTH = 4;

/** The listeners of each database, by name, keyed by what a database and its transactions share: Kysely's adapter. */
const listenersOf = new WeakMap<object, Map<string, LedgerListener>>();
const muted = new WeakSet<object>();
const depth = new WeakMap<object, number>();

const databaseOf = (db: Kysely<Schema>): object => db.getExecutor().adapter;

/** Adds a listener for every later ledger write through `db` (in any of its transactions); returns what removes it. */
export function registerLedgerListener(db: Kysely<Schema>, listener: LedgerListener): () => void {
  const key = databaseOf(db);
  let listeners = listenersOf.get(key);
  if (!listeners) listenersOf.set(key, (listeners = new Map()));
  listeners.set(listener.name, listener);
  return () => {
    if (listeners.get(listener.name) === listener) listeners.delete(listener.name);
  };
}

/**
 * Writes in this transaction are not heard: the demo seed replays years of history through the ledger,
 * which must not upgrade or reward anyone again.
 */
export function muteLedgerListeners(trx: Kysely<Schema>): void {
  muted.add(trx);
}

/** Runs every listener in turn, in `trx`; called by ledgerStore once per public write. */
export async function notifyLedgerWrite(trx: Kysely<Schema>, write: LedgerWrite): Promise<void> {
  const listeners = listenersOf.get(databaseOf(trx));
  if (!listeners || listeners.size === 0 || muted.has(trx)) return;
  const level = depth.get(trx) ?? 0;
  if (level >= MAX_DEPTH) throw new Error(`ledger listeners posted ${MAX_DEPTH} levels deep (${write.operation} of ${write.memberids.join(', ')}): a listener keeps answering its own writes`);
  depth.set(trx, level + 1);
  try {
    for (const listener of [...listeners.values()]) await listener.onWrite(trx, write);
  } finally {
    depth.set(trx, level);
  }
}
