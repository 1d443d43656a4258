// A staff user's password: wrong attempts counted toward the lock, and a new password set (the old
// sessions ended, the change logged). Login, change-password and the forgot flow all go through here.
import type { Kysely } from 'kysely';
import type { ActionContext } from '../core/action';
import type { Schema } from '../db/schema';
import { issueKey, KEY_PURPOSES } from '../keys/oneTimeKeys';
import { hashPassword } from './passwordHash';
import { sha256Hex } from '../core/sha256';
import { LEGENDS, writeUserLog } from '../userlog/userLog';

/** How long the change ticket of a login that answered 9004 (password expired) may be used. */
export const CHANGE_TICKET_MINUTES = 10;

/**
 * The single-use ticket a 9004 login answer carries: the change-expired-password call must present it (or
 * a session of the same user), so nobody can call it for someone else's account. Stored only as a hash.
 */
export const issueChangeTicket = (db: Kysely<Schema>, username: string, now: Date): Promise<string> =>
  issueKey(db, { purpose: KEY_PURPOSES.PASSWORD_EXPIRED, subject: username }, CHANGE_TICKET_MINUTES, now);

/**
 * One more wrong attempt; at the configured number the account locks for the configured period. An unknown
 * name takes the same statements (the update and the read find no row) and is logged as a failed login, so
 * a known and an unknown name cost the same and the time of the answer does not tell them apart.
 */
export async function recordFailedAttempt(ctx: ActionContext, username: string, module: string): Promise<void> {
  const at = ctx.now();
  const { loginMaxFailures, loginLockMinutes } = ctx.config;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set((eb) => ({ failedcount: eb('failedcount', '+', 1) })).where('username', '=', username).execute();
    const row = await trx.selectFrom('app_user').select('failedcount').where('username', '=', username).executeTakeFirst();
    if (!row) {
      await writeUserLog(trx, { username: username.slice(0, 60), module, legend: LEGENDS.LOGIN_FAILED, ip: ctx.ip }, at);
      return;
    }
    if (row.failedcount >= loginMaxFailures) {
      const lockeduntil = new Date(at.getTime() + loginLockMinutes * 60_000).toISOString();
      await trx.updateTable('app_user').set({ failedcount: 0, lockeduntil }).where('username', '=', username).execute();
      await writeUserLog(trx, { username, module, legend: LEGENDS.LOCKED, after: { lockeduntil }, ip: ctx.ip }, at);
    } else {
      await writeUserLog(trx, { username, module, legend: LEGENDS.LOGIN_FAILED, after: { failedcount: row.failedcount }, ip: ctx.ip }, at);
    }
  });
}

export interface SetPasswordOptions {
  /** End every session of the user, the caller's own too (a password set without signing in). */
  endAllSessions?: boolean;
  /** More work in the password's transaction once it is stored (e.g. the e-mail telling the user). */
  inTransaction?: (trx: Kysely<Schema>, username: string) => Promise<void>;
}

/**
 * Stores the slow hash of a new password; every session of the user ends except the caller's own.
 * `username` may be a function run at the start of the same transaction (a reset link's key is used there).
 */
export async function setPassword(
  ctx: ActionContext,
  username: string | ((trx: Kysely<Schema>) => Promise<string>),
  browserHash: string,
  legend: string,
  options: SetPasswordOptions = {},
): Promise<void> {
  const at = ctx.now().toISOString();
  const passwordhash = await hashPassword(browserHash);
  await ctx.db.transaction().execute(async (trx: Kysely<Schema>) => {
    if (typeof username === 'function') username = await username(trx);
    await trx
      .updateTable('app_user')
      .set({ passwordhash, passworddate: at, failedcount: 0, lockeduntil: null, updateddate: at })
      .where('username', '=', username)
      .execute();
    let others = trx.updateTable('session').set({ endedat: at }).where('username', '=', username).where('endedat', 'is', null);
    if (ctx.token && !options.endAllSessions) others = others.where('tokenhash', '!=', sha256Hex(ctx.token));
    await others.execute();
    await writeUserLog(trx, { username, module: 'USER', legend, recordkey: username, ip: ctx.ip }, ctx.now());
    await options.inTransaction?.(trx, username);
  });
}
