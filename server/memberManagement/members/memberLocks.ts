// A member's lock: who or what locked them, why and when, written to the user log (the OTP page locks after too many
// wrong codes; the member checks and staff lock too).
import type { Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { definitionDb } from '../../platform/db/definitionDb';

/** The menu whose user log a lock is written under (the screen that lists locked members). */
export const LOCK_MODULE = 'MEMLOCK';
export const LOCK_LEGEND = LEGENDS.LOCKED;
// not in spec: the product's own reasons of the locks the public member pages make.
export const LOCK_REASONS = { otp: 'Too many wrong one-time codes on the OTP page' } as const;
/** Who a lock from the public member pages names as its author. */
export const PUBLIC_LOCKER = 'OTP';

/**
 * Locks a member in the caller's transaction (a lock from the public pages or from staff), with its reason,
 * who or what locked it, and when; written to the user log. A member already locked keeps its first lock:
 * false then, true when this call locked it.
 */
export async function lockMember(trx: Kysely<Schema>, lock: { memberid: string; reason: string; by: string; now: Date; ip?: string }): Promise<boolean> {
  const at = lock.now.toISOString();
  const changes = { locked: 1, lockreason: lock.reason.slice(0, 255), lockedby: lock.by.slice(0, 60), lockeddate: at };
  const done = await definitionDb(trx)
    .updateTable('member')
    .set({ ...changes, updateddate: at })
    .where('memberid', '=', lock.memberid)
    .where((eb) => eb.or([eb('locked', '=', 0), eb('locked', 'is', null)]))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await writeUserLog(trx, { username: lock.by, module: LOCK_MODULE, legend: LOCK_LEGEND, recordkey: lock.memberid, before: { locked: false }, after: { ...changes, locked: true }, ip: lock.ip }, lock.now);
  return true;
}
