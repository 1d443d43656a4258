// Rate counters in the database (app servers are stateless, so they all see the same counts): events of a flow
// counted per key (a client address, or the member a reset mail goes to); after the configured number within
// the period, the key is locked out of that flow for the period. Failed logins, failed forgot-password steps
// member reset requests and mails, and mini-view look-ups are counted here.
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { ApiError } from '../core/apiError';
import type { ServerConfig } from '../core/config';
import type { Schema } from '../db/schema';

/** The flows counted, each per key: a client address, or a member's id for the mails sent to that member. */
export const CLIENT_SCOPES = {
  FORGOT_PASSWORD: 'FORGOT_PASSWORD',
  /** Failed logins of an address, whatever the accounts (password spraying). */
  LOGIN: 'LOGIN',
  /** Member reset requests of an address. */
  MEMBER_RESET: 'MEMBER_RESET',
  /** Member reset mails to one member. */
  MEMBER_RESET_MAIL: 'MEMBER_RESET_MAIL',
  /** Look-ups of the public mini-view by an address. */
  MINI_VIEW: 'MINI_VIEW',
  /** Wrong secrets given for an API client id (server/platform/session/clientTokenActions.ts). */
  API_CLIENT: 'API_CLIENT',
} as const;
export type ClientScope = (typeof CLIENT_SCOPES)[keyof typeof CLIENT_SCOPES];

/** At most `max` events within `minutes`; reaching it locks the key for `minutes`. */
export interface RateLimit {
  max: number;
  minutes: number;
}

/** The limit of failed attempts per address: the account lock's number and period. */
export const failureLimit = (config: Pick<ServerConfig, 'loginMaxFailures' | 'loginLockMinutes'>): RateLimit => ({ max: config.loginMaxFailures, minutes: config.loginLockMinutes });

export const clientLocked = () => new ApiError(CODES.TOO_MANY_REQUESTS, MESSAGES.TOO_MANY_REQUESTS, 429);

/** Whether the key is locked out of the flow now. */
export async function isClientLocked(db: Kysely<Schema>, scope: ClientScope, client: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('client_failure')
    .select('lockeduntil')
    .where('scope', '=', scope)
    .where('client', '=', client.slice(0, 64))
    .executeTakeFirst();
  return !!row?.lockeduntil && row.lockeduntil > now.toISOString();
}

/** Throws 4290 (HTTP 429) while the client address is locked out of the flow. */
export async function assertClientNotLocked(db: Kysely<Schema>, scope: ClientScope, client: string, now: Date): Promise<void> {
  if (await isClientLocked(db, scope, client, now)) throw clientLocked();
}

/**
 * One more event of the key (a failure, a mail). Events older than the period are forgotten; at the limit's
 * number the key locks for the period. Answers whether the key is now locked.
 */
export async function recordClientEvent(db: Kysely<Schema>, scope: ClientScope, client: string, limit: RateLimit, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - limit.minutes * 60_000).toISOString();
  const key = client.slice(0, 64);
  // Inside a caller's transaction (a mail counted with the mail) the counting joins it.
  const inTransaction = <T>(work: (trx: Kysely<Schema>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    // One statement adds the failure, so concurrent failures on several app servers all count.
    await trx
      .insertInto('client_failure')
      .values({ scope, client: key, failedcount: 1, firstfailedat: at, lockeduntil: null })
      .onConflict((oc) =>
        oc.columns(['scope', 'client']).doUpdateSet((eb) => ({
          failedcount: eb
            .case()
            .when('client_failure.firstfailedat', '<', windowStart)
            .then(1)
            .else(eb('client_failure.failedcount', '+', 1))
            .end(),
          firstfailedat: eb.case().when('client_failure.firstfailedat', '<', windowStart).then(at).else(eb.ref('client_failure.firstfailedat')).end(),
        })),
      )
      .execute();
    const row = await trx.selectFrom('client_failure').select('failedcount').where('scope', '=', scope).where('client', '=', key).executeTakeFirstOrThrow();
    if (row.failedcount < limit.max) return false;
    const lockeduntil = new Date(now.getTime() + limit.minutes * 60_000).toISOString();
    await trx.updateTable('client_failure').set({ failedcount: 0, firstfailedat: at, lockeduntil }).where('scope', '=', scope).where('client', '=', key).execute();
    return true;
  });
}
