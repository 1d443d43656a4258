// What every call of an API client adds, kept off the call's own path: its count toward the client's rate limit and
// its line in the user log. Both are held in memory and written together every FLUSH_MS (and when the server
// closes): one statement a client for the counts, one insert for the log lines, whatever the number of calls. The
// counts are shared through the database, so app servers see each other's calls within FLUSH_MS; a server's own
// calls count at once. A server that dies loses at most FLUSH_MS of log lines.
import type { Kysely } from 'kysely';
import { definitionDb } from '../db/definitionDb';
import type { Schema } from '../db/schema';

export const FLUSH_MS = 100;
/** Log lines a statement inserts at most (PostgreSQL takes 65,535 parameters; a line has 8). */
const LOG_ROWS_A_STATEMENT = 500;

export interface LogLine {
  logdate: string;
  username: string;
  module: string;
  legend: string;
  recordkey: string;
  beforevalue: null;
  aftervalue: string;
  ip: string;
}

/** A client's calls in one minute: those written (all servers') and those of this server not written yet. */
interface Minute {
  minute: string;
  written: number;
  pending: number;
}

const minuteOf = (now: Date) => `${now.toISOString().slice(0, 16)}:00.000Z`;

export class ClientCalls {
  private readonly minutes = new Map<string, Minute>();
  private lines: LogLine[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Schema>) {}

  /** One more call of the client now; answers the minute's calls so far, this one included. */
  count(clientid: string, now: Date): number {
    const minute = minuteOf(now);
    let held = this.minutes.get(clientid);
    if (!held || held.minute !== minute) this.minutes.set(clientid, (held = { minute, written: 0, pending: 0 }));
    held.pending += 1;
    this.soon();
    return held.written + held.pending;
  }

  log(line: LogLine): void {
    this.lines.push(line);
    this.soon();
  }

  private soon(): void {
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is held: the counts (learning the other servers' calls) and the log lines. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(() => undefined);
    return this.flushing;
  }

  private async write(): Promise<void> {
    this.timer = undefined;
    const lines = this.lines;
    this.lines = [];
    const any = definitionDb(this.db);
    for (const [clientid, held] of this.minutes) {
      if (held.pending === 0) continue;
      const adding = held.pending;
      held.pending = 0;
      const row = (await any
        .insertInto('api_client_rate')
        .values({ clientid, windowstart: held.minute, calls: adding })
        .onConflict((oc) =>
          oc.column('clientid').doUpdateSet((eb) => ({
            calls: eb.case().when('api_client_rate.windowstart', '=', eb.ref('excluded.windowstart')).then(eb('api_client_rate.calls', '+', adding)).else(adding).end(),
            windowstart: eb.ref('excluded.windowstart'),
          })),
        )
        .returning('calls')
        .executeTakeFirstOrThrow()) as { calls: number | string };
      if (this.minutes.get(clientid) === held) held.written = Number(row.calls);
    }
    for (let i = 0; i < lines.length; i += LOG_ROWS_A_STATEMENT) await any.insertInto('user_log').values(lines.slice(i, i + LOG_ROWS_A_STATEMENT)).execute();
  }
}

const byDatabase = new WeakMap<object, ClientCalls>();

/** The held calls of a database (its transactions share them). */
export function callsOf(db: Kysely<Schema>): ClientCalls {
  const key = db.getExecutor().adapter;
  let calls = byDatabase.get(key);
  if (!calls) byDatabase.set(key, (calls = new ClientCalls(db)));
  return calls;
}

/** Writes the held counts and log lines of a database now (a server closing; a test reading the log). */
export const flushClientCalls = (db: Kysely<Schema>): Promise<void> => callsOf(db).flush();
