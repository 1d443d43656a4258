// Self-hosted ALTCHA proof-of-work captcha: challenges signed with a shared secret, each solution usable once.
import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge, Payload } from 'altcha-lib/types';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { sha256Hex } from '../core/sha256';

/** The HMAC key is shared by all app servers through the database, created once on first start. */
export async function loadSecret(db: Kysely<Schema>, name: string): Promise<string> {
  const fromEnv = name === 'altcha-hmac' ? process.env.ALTCHA_HMAC_KEY : undefined;
  if (fromEnv) return fromEnv;
  const existing = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secret')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export function newChallenge(hmacKey: string, maxNumber: number, expiresSeconds: number, now: Date): Promise<Challenge> {
  return createChallenge({ hmacKey, maxNumber, expires: new Date(now.getTime() + expiresSeconds * 1000) });
}

interface SolutionPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodePayload(payload: unknown): SolutionPayload | undefined {
  if (typeof payload !== 'string' || payload.length > 2000) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<SolutionPayload>;
    const ok =
      typeof parsed.algorithm === 'string' &&
      typeof parsed.challenge === 'string' &&
      typeof parsed.number === 'number' &&
      typeof parsed.salt === 'string' &&
      typeof parsed.signature === 'string';
    return ok ? (parsed as SolutionPayload) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the payload solves a live challenge of this server that no one has used before. */
export async function redeemCaptcha(db: Kysely<Schema>, hmacKey: string, payload: unknown, now: Date): Promise<boolean> {
  const decoded = decodePayload(payload);
  if (!decoded) return false;
  // An unknown algorithm makes the library throw (a DOMException): that is a failed captcha too.
  // Its expiry is checked against the server's clock, not the library's own: the salt carries it, under the signature.
  const solved = await verifySolution(decoded as Payload, hmacKey, false).catch(() => false);
  if (!solved) return false;
  const expires = Number(new URLSearchParams(decoded.salt.split('?')[1] ?? '').get('expires')) * 1000;
  if (!(expires > now.getTime())) return false;
  const expiresat = new Date(expires).toISOString();
  await db.deleteFrom('captcha_used').where('expiresat', '<', now.toISOString()).execute();
  const inserted = await db
    .insertInto('captcha_used')
    .values({ challengehash: sha256Hex(decoded.challenge), expiresat })
    .onConflict((oc) => oc.column('challengehash').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
}
