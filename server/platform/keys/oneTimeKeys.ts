// Single-use keys carried by e-mailed links: issued for one purpose and subject, stored only as a hash,
// expiring, used once. Issuing a new key for the same purpose and subject retires the older ones.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { ApiError } from '../core/apiError';
import type { Schema } from '../db/schema';
import { sha256Hex } from '../core/sha256';

export const KEY_PURPOSES = {
  STAFF_RESET: 'STAFF_RESET',
  ACTIVATION: 'ACTIVATION',
  MEMBER_RESET: 'MEMBER_RESET',
  EMAIL_VERIFY: 'EMAIL_VERIFY',
  /** The login page's forgot-password flow: handed out at its first step, carried by the later ones. */
  FORGOT_PASSWORD: 'FORGOT_PASSWORD',
  /** Handed out with a login's 9004 answer: lets the change-expired-password modal change that password. */
  PASSWORD_EXPIRED: 'PASSWORD_EXPIRED',
} as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[keyof typeof KEY_PURPOSES];

export interface KeyHolder {
  purpose: KeyPurpose;
  /** The username or member id the key was issued for (null for a key without a member). */
  subject: string | null;
  /** How far the multi-step flow carrying the key has been verified (null until a step records it). */
  progress?: string | null;
}

/** Keys are URL-safe, 43 characters: a single path segment of the link. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export async function issueKey(db: Kysely<Schema>, holder: KeyHolder, ttlMinutes: number, now: Date): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  if (holder.subject !== null) {
    await db
      .updateTable('one_time_key')
      .set({ usedat: at })
      .where('purpose', '=', holder.purpose)
      .where('subject', '=', holder.subject)
      .where('usedat', 'is', null)
      .execute();
  }
  await db
    .insertInto('one_time_key')
    .values({ keyhash: sha256Hex(key), purpose: holder.purpose, subject: holder.subject, createdat: at, expiresat: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(), usedat: null, progress: holder.progress ?? null })
    .execute();
  return key;
}

/** What a key is for, or the error that says why it cannot be used (not valid, already used, expired). */
export async function checkKey(db: Kysely<Schema>, key: unknown, purposes: readonly KeyPurpose[], now: Date): Promise<KeyHolder> {
  const invalid = new ApiError(CODES.KEY_INVALID, MESSAGES.KEY_INVALID);
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw invalid;
  const row = await db.selectFrom('one_time_key').selectAll().where('keyhash', '=', sha256Hex(key)).executeTakeFirst();
  if (!row || !purposes.includes(row.purpose as KeyPurpose)) throw invalid;
  if (row.usedat !== null) throw new ApiError(CODES.KEY_USED, MESSAGES.KEY_USED);
  if (row.expiresat <= now.toISOString()) throw new ApiError(CODES.KEY_EXPIRED, MESSAGES.KEY_EXPIRED);
  return { purpose: row.purpose as KeyPurpose, subject: row.subject, progress: row.progress };
}

/** Records how far the flow carrying a live key has been verified. */
export async function setKeyProgress(db: Kysely<Schema>, key: string, progress: string): Promise<void> {
  await db.updateTable('one_time_key').set({ progress }).where('keyhash', '=', sha256Hex(key)).where('usedat', 'is', null).execute();
}

/** Checks the key and marks it used, in the caller's transaction; a second use at the same moment loses. */
export async function useKey(trx: Kysely<Schema>, key: unknown, purposes: readonly KeyPurpose[], now: Date): Promise<KeyHolder> {
  const holder = await checkKey(trx, key, purposes, now);
  const result = await trx
    .updateTable('one_time_key')
    .set({ usedat: now.toISOString() })
    .where('keyhash', '=', sha256Hex(key as string))
    .where('usedat', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(CODES.KEY_USED, MESSAGES.KEY_USED);
  return holder;
}
