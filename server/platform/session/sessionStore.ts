// Sessions live in the database as a hash of the bearer token, so any number of app servers share them.
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { SessionUser } from '../core/action';
import { sha256Hex } from '../core/sha256';
import { isSqlite } from '../db/columnTypes';
import type { Schema } from '../db/schema';
import { readRows } from '../db/database';
import { compiledOnce, fill, slot } from '../db/compiledQueries';
import { definitionDb } from '../db/definitionDb';

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

export async function issueSession(
  db: Kysely<Schema>,
  username: string,
  appid: string,
  minutes: number,
  now: Date,
  ip: string | null,
): Promise<{ token: string; expiresat: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresat = addMinutes(now, minutes).toISOString();
  await db
    .insertInto('session')
    .values({ tokenhash: sha256Hex(token), username, appid, createdat: now.toISOString(), expiresat, endedat: null, ip })
    .execute();
  return { token, expiresat };
}

const SESSION_COLUMNS = [
  'app_user.username',
  'app_user.userfullname',
  'app_user.email',
  'app_user.branchcode',
  'app_user.tickoffid',
  'app_user.partnercode',
  'app_user.rolecode',
  'role.rolename',
  'role.rowscope',
  'session.expiresat',
  'session.endedat',
  'app_user.status as userstatus',
  'role.status as rolestatus',
] as const;

function sessionQuery(db: Kysely<Schema>, token: string) {
  return db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.username', 'session.username')
    .innerJoin('role', 'role.rolecode', 'app_user.rolecode')
    .select(SESSION_COLUMNS)
    .where('session.tokenhash', '=', sha256Hex(token));
}

export type GuardRow = SessionUser & { endedat: string | null; userstatus: string; rolestatus: string; granted: number | null };

/** The guard's query, built and compiled once per dialect: the token's hash and the function code are its slots. */
function guardQuery(db: Kysely<Schema>): CompiledQuery {
  return compiledOnce(db, 'guard', () =>
    db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.username', 'session.username')
      .innerJoin('role', 'role.rolecode', 'app_user.rolecode')
      .leftJoin('role_permission', (join) => join.onRef('role_permission.rolecode', '=', 'app_user.rolecode').on('role_permission.functioncode', '=', slot(1)))
      .select([...SESSION_COLUMNS, 'role_permission.granted'])
      .where('session.tokenhash', '=', slot(0))
      .compile(),
  );
}

/** The guard's statement for a token and a function code: every guarded call runs it. */
const guardCall = (db: Kysely<Schema>, token: string, functioncode: string) => fill(guardQuery(db), [sha256Hex(token), functioncode]);

/** The guard's SQL and its parameters for a token and a function code (the benchmarks' floors run it raw). */
export function guardStatement(db: Kysely<Schema>): { sql: string; parameters(token: string, functioncode: string): readonly unknown[] } {
  return { sql: guardQuery(db).sql, parameters: (token, functioncode) => guardCall(db, token, functioncode).parameters };
}

/** The live-session checks on a guard row: not ended, not expired, user and role active. */
export function liveGuardRow(row: GuardRow | undefined, now: Date): row is GuardRow {
  return !!row && !row.endedat && row.expiresat > now.toISOString() && row.userstatus === 'ACTIVE' && row.rolestatus === 'ACTIVE';
}

/** PostgreSQL: the guard's query for many calls at once, their token hashes and function codes given as JSON [[i, hash, code], ...]. */
function guardManyQuery(db: Kysely<Schema>): CompiledQuery {
  const any = definitionDb(db);
  return compiledOnce(any, 'guard-many', () =>
    any
      .selectFrom(sql`(select (e->>0)::int as i, e->>1 as t, e->>2 as f from json_array_elements(${slot(0)}::json) e)`.as('j'))
      .innerJoin('session', 'session.tokenhash', 'j.t')
      .innerJoin('app_user', 'app_user.username', 'session.username')
      .innerJoin('role', 'role.rolecode', 'app_user.rolecode')
      .leftJoin('role_permission', (join) => join.onRef('role_permission.rolecode', '=', 'app_user.rolecode').onRef('role_permission.functioncode', '=', 'j.f'))
      .select(['j.i', ...SESSION_COLUMNS, 'role_permission.granted'])
      .compile(),
  );
}

interface GuardAsk {
  token: string;
  functioncode: string;
  resolve(row: GuardRow | undefined): void;
  reject(error: unknown): void;
}

/** PostgreSQL: the guarded calls of this turn of the event loop waiting for their rows, by database. */
const asking = new WeakMap<object, GuardAsk[]>();

/** Reads the rows the calls waiting on `db` asked for: one statement for them all. */
async function answerAsks(db: Kysely<Schema>): Promise<void> {
  const asks = asking.get(db)!;
  asking.delete(db);
  try {
    if (asks.length === 1) {
      const [ask] = asks as [GuardAsk];
      ask.resolve((await readRows<GuardRow>(db, guardCall(db, ask.token, ask.functioncode)))[0]);
      return;
    }
    const rows = await readRows<GuardRow & { i: number }>(db, fill(guardManyQuery(db), [JSON.stringify(asks.map((a, i) => [i, sha256Hex(a.token), a.functioncode]))]));
    const byAsk = new Map(rows.map(({ i, ...row }) => [Number(i), row as GuardRow]));
    asks.forEach((ask, i) => ask.resolve(byAsk.get(i)));
  } catch (error) {
    for (const ask of asks) ask.reject(error);
  }
}

/**
 * The guard's row of a token and a function code. PostgreSQL: the calls arriving in the same turn of the event loop
 * are read with one statement (each a round trip to the database, whose wake-up costs both sides more CPU than the
 * read). SQLite reads at once.
 */
function guardRow(db: Kysely<Schema>, token: string, functioncode: string): Promise<GuardRow | undefined> {
  if (isSqlite(db)) return readRows<GuardRow>(db, guardCall(db, token, functioncode)).then(([row]) => row);
  return new Promise((resolve, reject) => {
    let asks = asking.get(db);
    if (!asks) {
      asking.set(db, (asks = []));
      setImmediate(() => void answerAsks(db));
    }
    asks.push({ token, functioncode, resolve, reject });
  });
}

/**
 * The user of a live session (not ended, not expired, user and role active) and, in the same query,
 * whether the role grants `functioncode`: one round trip per guarded call (on PostgreSQL shared by the calls
 * arriving together).
 */
export async function findSessionUser(
  db: Kysely<Schema>,
  token: string,
  now: Date,
  functioncode = '',
): Promise<{ user: SessionUser; granted: boolean } | undefined> {
  const row = await guardRow(db, token, functioncode);
  if (!liveGuardRow(row, now)) return undefined;
  const { endedat: _e, userstatus: _u, rolestatus: _r, granted, ...user } = row;
  return { user, granted: granted === 1 };
}

/**
 * Ends the old session and issues a new one, when the old one was never ended and expired no longer
 * than `graceMinutes` ago (the 401 -> extend -> retry flow of spec 000 §4 extends expired sessions).
 */
export async function extendSession(
  db: Kysely<Schema>,
  token: string,
  minutes: number,
  graceMinutes: number,
  now: Date,
  ip: string | null,
): Promise<{ token: string; expiresat: string; username: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await sessionQuery(trx, token).executeTakeFirst();
    if (!row || row.endedat || row.userstatus !== 'ACTIVE' || row.rolestatus !== 'ACTIVE') return undefined;
    if (addMinutes(new Date(row.expiresat), graceMinutes) <= now) return undefined;
    // Only one extension of a token may win: the update counts the rows it ended.
    const ended = await trx
      .updateTable('session')
      .set({ endedat: now.toISOString() })
      .where('tokenhash', '=', sha256Hex(token))
      .where('endedat', 'is', null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) return undefined;
    const next = await issueSession(trx, row.username, 'alms-1', minutes, now, ip);
    return { ...next, username: row.username };
  });
}

export async function endSession(db: Kysely<Schema>, token: string, now: Date): Promise<string | undefined> {
  const row = await db.selectFrom('session').select(['username', 'endedat']).where('tokenhash', '=', sha256Hex(token)).executeTakeFirst();
  if (!row || row.endedat) return undefined;
  await db.updateTable('session').set({ endedat: now.toISOString() }).where('tokenhash', '=', sha256Hex(token)).execute();
  return row.username;
}
