// Queries of the member checks: locking a member (failed one-time codes on the public member pages,
// or staff), the name check (of one member's names, of members not checked yet, of every member), and the
// referral codes already taken.
import type { Kysely } from 'kysely';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import type { Schema } from '../../platform/db/schema';
import { readConfigKey } from '../../platform/configuration/configKeys';
import { NAME_CHECK_STATUS, nameCheckReason, nameProblems, parseSuspiciousNames, type MemberNames } from './nameCheck';
import { definitionDb } from '../../platform/db/definitionDb';

/** The member screen whose field rules the name check applies. */
export const MEMBER_MENU = 'MEMBER';
/** The general configuration key of the suspicious names. */
export const SUSPICIOUS_NAMES_KEY = 'NAME_CHECK_SUSPICIOUS_NAMES';

/** The configured suspicious names (general configuration key NAME_CHECK_SUSPICIOUS_NAMES). */
export const suspiciousNames = async (db: Kysely<Schema>): Promise<string[]> => parseSuspiciousNames(await readConfigKey(db, SUSPICIOUS_NAMES_KEY));

/** Who the checks made by the server itself (the job, the demo seed) name as their author. */
export const NAME_CHECKER = 'system';

export interface NameCheckColumns {
  namecheckstatus: string;
  namecheckreason: string | null;
  namecheckedby: string;
  namecheckeddate: string;
}

/** The member columns a check of these names writes: VALID, or INVALID with every problem as the reason. */
export function nameCheckColumns(memberScreen: ScreenDefinition, names: MemberNames, suspicious: readonly string[], by: string, now: Date): NameCheckColumns {
  const problems = nameProblems(memberScreen, { firstname: names.firstname ?? '', lastname: names.lastname ?? '' }, suspicious);
  const bad = Object.keys(problems).length > 0;
  return { namecheckstatus: bad ? NAME_CHECK_STATUS.INVALID : NAME_CHECK_STATUS.VALID, namecheckreason: bad ? nameCheckReason(problems) : null, namecheckedby: by, namecheckeddate: now.toISOString() };
}

type NameRow = { memberid: string; firstname: string | null; lastname: string | null; namecheckstatus: string | null; namecheckreason: string | null };

/**
 * Checks the names of members not checked yet (a seeded or imported member), at most `batch` of them, oldest
 * member id first: VALID, or INVALID with the reason. Safe to run again: a checked member is not checked here twice.
 */
export async function checkUncheckedNames(db: Kysely<Schema>, memberScreen: ScreenDefinition, { now, batch = 1000 }: { now: Date; batch?: number }): Promise<{ checked: number; invalid: number }> {
  const suspicious = await suspiciousNames(db);
  const rows = (await definitionDb(db).selectFrom('member').select(['memberid', 'firstname', 'lastname', 'namecheckstatus', 'namecheckreason']).where('namecheckstatus', 'is', null).orderBy('memberid').limit(batch).execute()) as NameRow[];
  const { invalid } = await writeChecks(db, memberScreen, rows, suspicious, now);
  return { checked: rows.length, invalid };
}

/** Writes each row's check where its result differs from what the row holds (guarded: a row changed meanwhile keeps its own). */
async function writeChecks(db: Kysely<Schema>, memberScreen: ScreenDefinition, rows: NameRow[], suspicious: readonly string[], now: Date): Promise<{ invalid: number; changed: number }> {
  let invalid = 0;
  let changed = 0;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const columns = nameCheckColumns(memberScreen, { firstname: row.firstname ?? '', lastname: row.lastname ?? '' }, suspicious, NAME_CHECKER, now);
      if (columns.namecheckstatus === NAME_CHECK_STATUS.INVALID) invalid++;
      if (row.namecheckstatus === columns.namecheckstatus && row.namecheckreason === columns.namecheckreason) continue;
      let update = definitionDb(trx).updateTable('member').set(columns).where('memberid', '=', row.memberid);
      for (const column of ['firstname', 'lastname', 'namecheckstatus'] as const) {
        const value = row[column];
        update = value === null ? update.where(column, 'is', null) : update.where(column, '=', value);
      }
      const done = await update.executeTakeFirst();
      changed += Number(done.numUpdatedRows);
    }
  });
  return { invalid, changed };
}

/**
 * The name check over every member (the daily job, and a run after the suspicious-name list changes): each
 * member's names checked again with today's rules and list, in batches of `batch` by member id, so Invalid Name
 * Check lists the current failures: a name that fails now becomes INVALID, one that passes now VALID. A name
 * staff APPROVED stays approved (until it changes). Only results that differ are written. `progress` is told
 * after each batch (the job's lease).
 */
export async function checkAllNames(
  db: Kysely<Schema>,
  memberScreen: ScreenDefinition,
  { now, batch = 1000, progress }: { now: Date; batch?: number; progress?: (percentage: number) => Promise<void> },
): Promise<{ checked: number; invalid: number; changed: number }> {
  const suspicious = await suspiciousNames(db);
  const { n } = (await definitionDb(db).selectFrom('member').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
  const total = Number(n);
  let after = '';
  const totals = { checked: 0, invalid: 0, changed: 0 };
  for (;;) {
    const rows = (await definitionDb(db)
      .selectFrom('member')
      .select(['memberid', 'firstname', 'lastname', 'namecheckstatus', 'namecheckreason'])
      .where('memberid', '>', after)
      .orderBy('memberid')
      .limit(batch)
      .execute()) as NameRow[];
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.memberid;
    const open = rows.filter((row) => row.namecheckstatus !== NAME_CHECK_STATUS.APPROVED);
    const { invalid, changed } = await writeChecks(db, memberScreen, open, suspicious, now);
    totals.checked += open.length;
    totals.invalid += invalid;
    totals.changed += changed;
    await progress?.(total > 0 ? Math.min(99, (100 * totals.checked) / total) : 99);
  }
  return totals;
}

/** Whether another member already has this referral code. */
export async function referralCodeTaken(db: Kysely<Schema>, code: string): Promise<boolean> {
  return !!(await definitionDb(db).selectFrom('member').select('memberid').where('referralcode', '=', code).executeTakeFirst());
}
