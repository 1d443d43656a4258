// The user log: who did what to which record, when, from where, with the values before and after.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';

export const LEGENDS = {
  LOGIN: 'LOGIN',
  LOGIN_FAILED: 'LOGIN_FAILED',
  LOCKED: 'LOCKED',
  LOGOUT: 'LOGOUT',
  EXTEND: 'EXTEND',
  CHANGE_PASSWORD: 'CHANGE_PASSWORD',
  RESET_PASSWORD: 'RESET_PASSWORD',
  CREATE: 'CREATE',
  UPDATE: 'UPDATE',
  DELETE: 'DELETE',
  ACTIVATE: 'ACTIVATE',
  DEACTIVATE: 'DEACTIVATE',
  /** A CSV file of new records (one row for the whole file: its name and how many records it created). */
  UPLOAD: 'UPLOAD',
  /** Maker-checker: a write stored as an approval request, and its decision. */
  REQUEST_APPROVAL: 'REQUEST_APPROVAL',
  APPROVE: 'APPROVE',
  REJECT: 'REJECT',
  /** The Definition Studio: an approved edit served as a definition's next version, or an earlier version served again. */
  PUBLISH: 'PUBLISH',
  ROLLBACK: 'ROLLBACK',
} as const;

export interface UserLogEntry {
  username: string;
  module: string;
  legend: string;
  recordkey?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

const asText = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function writeUserLog(db: Kysely<Schema>, entry: UserLogEntry, now: Date): Promise<void> {
  await db
    .insertInto('user_log')
    .values({
      logdate: now.toISOString(),
      username: entry.username,
      module: entry.module,
      legend: entry.legend,
      recordkey: entry.recordkey ?? null,
      beforevalue: asText(entry.before),
      aftervalue: asText(entry.after),
      ip: entry.ip ?? null,
    })
    .execute();
}
