// Failed attempts counted per client address, in the database (app servers are stateless): after the
// configured number of failures within the lock period, the address is locked out of that flow for the period.
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { ApiError } from '../core/apiError';
import type { ServerConfig } from '../core/config';
import type { Schema } from '../db/schema';

/** The flows counted per client address. */
export const CLIENT_SCOPES = { FORGOT_PASSWORD: 'FORGOT_PASSWORD' } as const;
export type ClientScope = (typeof CLIENT_SCOPES)[keyof typeof CLIENT_SCOPES];

type Limits = Pick<ServerConfig, 'loginMaxFailures' | 'loginLockMinutes'>;

export const clientLocked = () => new ApiError(CODES.TOO_MANY_REQUESTS, MESSAGES.TOO_MANY_REQUESTS, 429);

/** Throws 4290 (HTTP 429) while the client address is locked out of the flow. */
export async function assertClientNotLocked(db: Kysely<Schema>, scope: ClientScope, client: string, now: Date): Promise<void> {
  const row = await db
    .selectFrom('client_failure')
    .select('lockeduntil')
    .where('scope', '=', scope)
    .where('client', '=', client.slice(0, 64))
    .executeTakeFirst();
  if (row?.lockeduntil && row.lockeduntil > now.toISOString()) throw clientLocked();
}

/**
 * One more failure of the client address. Failures older than the lock period are forgotten; at the
 * configured number the address locks for the period. Answers whether the address is now locked.
 */
export async function recordClientFailure(db: Kysely<Schema>, scope: ClientScope, client: string, limits: Limits, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - limits.loginLockMinutes * 60_000).toISOString();
  const key = client.slice(0, 64);
  return db.transaction().execute(async (trx) => {
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
    if (row.failedcount < limits.loginMaxFailures) return false;
    const lockeduntil = new Date(now.getTime() + limits.loginLockMinutes * 60_000).toISOString();
    await trx.updateTable('client_failure').set({ failedcount: 0, firstfailedat: at, lockeduntil }).where('scope', '=', scope).where('client', '=', key).execute();
    return true;
  });
}
