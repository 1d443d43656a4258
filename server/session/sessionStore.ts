// Sessions live in the database as a hash of the bearer token, so any number of app servers share them.
import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { readRows } from '../db/database';
import { compiledOnce, fill, slot } from '../db/compiledQueries';

export interface SessionUser {
  username: string;
  userfullname: string;
  email: string;
  branchcode: string | null;
  tickoffid: string | null;
  partnercode: string | null;
  rolecode: string;
  rolename: string;
  expiresat: string;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

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

/**
 * The user of a live session (not ended, not expired, user and role active) and, in the same query,
 * whether the role grants `functioncode`: one round trip per guarded call.
 */
export async function findSessionUser(
  db: Kysely<Schema>,
  token: string,
  now: Date,
  functioncode = '',
): Promise<{ user: SessionUser; granted: boolean } | undefined> {
  const [row] = await readRows<GuardRow>(db, guardCall(db, token, functioncode));
  if (!liveGuardRow(row, now)) return undefined;
  const { endedat: _e, userstatus: _u, rolestatus: _r, granted, ...user } = row;
  return { user, granted: granted === 1 };
}

/** Whether the role grants any of these function codes (a guard's `orFunctions`, asked only when its first code is not granted). */
export async function grantsAny(db: Kysely<Schema>, rolecode: string, functioncodes: readonly string[] | undefined): Promise<boolean> {
  if (!functioncodes || functioncodes.length === 0) return false;
  const row = await db
    .selectFrom('role_permission')
    .select('functioncode')
    .where('rolecode', '=', rolecode)
    .where('functioncode', 'in', [...functioncodes])
    .where('granted', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
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
