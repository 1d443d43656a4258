// An API client's secrets: a new one (the ones it replaces keep working for the rotation's overlap), and
// revocations (one secret, or every secret but the newest, ending an overlap at once).
import type { Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import { definitionDb } from '../../platform/db/definitionDb';
import { newSecret, ROTATION_OVERLAP_HOURS } from '../../platform/session/clientTokens';
import { sha256Hex } from '../../platform/core/sha256';

export const API_CLIENT_RESOURCE = 'apiclient';

/** Issues a secret for the client; its live secrets without an end get the rotation's overlap. Answers the secret (shown once). */
export async function issueSecret(trx: Kysely<Schema>, clientid: string, by: string, now: Date): Promise<{ secretid: string; secret: string; replaced: number }> {
  const db = definitionDb(trx);
  const at = now.toISOString();
  const overlapEnd = new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3_600_000).toISOString();
  const replaced = await db.updateTable('api_client_secret').set({ validuntil: overlapEnd }).where('clientid', '=', clientid).where('revokedat', 'is', null).where('validuntil', 'is', null).executeTakeFirst();
  const { secretid, secret } = newSecret();
  await db.insertInto('api_client_secret').values({ secretid, clientid, secrethash: sha256Hex(secret), createdat: at, createdby: by, validuntil: null, revokedat: null }).execute();
  await db.updateTable('api_client').set({ lastsecretdate: at }).where('clientid', '=', clientid).execute();
  return { secretid, secret, replaced: Number(replaced.numUpdatedRows) };
}

/** Revokes one secret of the client, or (no id) every live secret but the newest. Answers the ids revoked. */
export async function revokeSecrets(trx: Kysely<Schema>, clientid: string, now: Date, secretid?: string): Promise<string[]> {
  const db = definitionDb(trx);
  const at = now.toISOString();
  const live = (await db
    .selectFrom('api_client_secret')
    .select(['secretid', 'createdat', 'validuntil'])
    .where('clientid', '=', clientid)
    .where('revokedat', 'is', null)
    .orderBy('createdat', 'desc')
    .orderBy('secretid', 'desc')
    .execute()) as { secretid: string; createdat: string; validuntil: string | null }[];
  const stillWorking = live.filter((s) => !s.validuntil || s.validuntil > at);
  const chosen = secretid !== undefined ? live.filter((s) => s.secretid === secretid) : stillWorking.slice(1);
  const ids = chosen.map((s) => s.secretid);
  if (ids.length > 0) await db.updateTable('api_client_secret').set({ revokedat: at }).where('secretid', 'in', ids).execute();
  return ids;
}

/** The client's secrets, newest first (never their hashes). */
export const secretsOf = (db: Kysely<Schema>, clientid: string) =>
  definitionDb(db).selectFrom('api_client_secret').select(['secretid', 'createdat', 'createdby', 'validuntil', 'revokedat']).where('clientid', '=', clientid).orderBy('createdat', 'desc').execute();
