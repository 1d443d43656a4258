// The one way miles are credited: one entry (a bonus, a correction, a transfer's credit) or many (an activity
// file's chunk, the posts that arrive together), in the CALLER'S TRANSACTION. Each entry is checked as a debit's
// is; each member's balances are raised once by the sum of its entries (one guarded statement for all, closed and
// unknown members refusing the whole call with nothing written); then every transaction row and every lot with one
// statement each, the trxids taken in one step. The dialects differ only inside: PostgreSQL locks the members in
// memberid order (the ledger's lock order) within a single statement that writes it all; SQLite's writer already
// holds the file.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../platform/db/schema';
import { isSqlite } from '../platform/db/columnTypes';
import { insertJsonRows } from '../platform/db/jsonRows';
import { announceWrite } from '../platform/db/tableWrites';
import { readConfigKey } from '../platform/configuration/configKeys';
import { addMonths } from '../../engine/definition/dates';
import { LedgerError, memberNotFound } from './ledgerError';
import { checkEntry, ledgerRow, MEMBER_CLOSED, written, type LedgerEntry } from './ledgerEntry';
import { notifyLedgerWrite, type WrittenRow } from '../platform/core/ledgerListeners';

type Db = Kysely<Schema>;

/** A transaction row as written, with its lot's transferability (not a column of the row). */
type CreditRow = ReturnType<typeof ledgerRow> & { awardmiles: number; tiermiles: number; segments: number; expirydate: string; transferable: 0 | 1 };

/** The next `count` trxids, reserved: past the highest ever given (SQLite's writer holds the file). */
async function reserveTrxids(trx: Db, count: number): Promise<number[]> {
  const { rows } = await sql<{ n: number | null }>`select max(coalesce((select seq from sqlite_sequence where name = 'ledger_transaction'), 0), coalesce((select max(trxid) from ledger_transaction), 0)) as n`.execute(trx);
  const first = Number(rows[0]?.n ?? 0) + 1;
  return Array.from({ length: count }, (_, i) => first + i);
}

/** Refuses the call when a member was not raised (closed or unknown): the caller's transaction is rolled back. */
async function refuseUnraised(trx: Db, memberids: readonly string[], raised: ReadonlySet<string>): Promise<void> {
  const missing = memberids.find((m) => !raised.has(m));
  if (missing === undefined) return;
  const found = await trx.selectFrom('member').select('status').where('memberid', '=', missing).executeTakeFirst();
  throw found ? new LedgerError('MEMBER_NOT_ACTIVE', `Member ${missing} is closed`, 'memberid') : memberNotFound(missing);
}

const lotsOf = (rows: readonly CreditRow[], trxids: readonly number[]) =>
  rows.flatMap((r, i) => (r.awardmiles > 0 ? [{ lotid: trxids[i], memberid: r.memberid, expirydate: r.expirydate, awardmiles: r.awardmiles, remaining: r.awardmiles, transferable: r.transferable }] : []));

/** SQLite: the balances raised, then the rows and their lots with a statement each. */
async function creditSqlite(trx: Db, memberids: readonly string[], raise: string, rows: readonly CreditRow[]): Promise<number[]> {
  const raised = await sql<{ memberid: string }>`
    update member set awardmiles = awardmiles + j.a, tiermiles = tiermiles + j.t, frequency = frequency + j.s
    from (select value ->> 'm' as m, value ->> 'a' as a, value ->> 't' as t, value ->> 's' as s from json_each(${raise})) j
    where member.memberid = j.m and member.status <> ${MEMBER_CLOSED}
    returning member.memberid`.execute(trx);
  await refuseUnraised(trx, memberids, new Set(raised.rows.map((r) => r.memberid)));
  const trxids = await reserveTrxids(trx, rows.length);
  await insertJsonRows(trx, 'ledger_transaction', rows.map(({ transferable: _, ...r }, i) => ({ trxid: trxids[i], ...r })));
  await insertJsonRows(trx, 'ledger_lot', lotsOf(rows, trxids));
  return trxids;
}

/**
 * PostgreSQL, one round trip: the members locked in memberid order (the sub-select locks them as it sorts them,
 * before the update reads any) and raised, the trxids drawn from the sequence, the rows and their lots inserted,
 * the last two only when every member was raised.
 */
async function creditPostgres(trx: Db, memberids: readonly string[], raise: string, rows: readonly CreditRow[]): Promise<number[]> {
  const {
    rows: [out],
  } = await sql<{ raised: string[] | null; ids: string[] }>`
    with raised as (
      update member m set awardmiles = m.awardmiles + j.a, tiermiles = m.tiermiles + j.t, frequency = m.frequency + j.s
      from json_to_recordset(${raise}::json) as j(m text, a bigint, t bigint, s bigint),
        (select memberid from member where memberid = any(${memberids}::text[]) order by memberid for update) l
      where m.memberid = j.m and l.memberid = j.m and m.status <> ${MEMBER_CLOSED}
      returning m.memberid),
    every as (select count(*) = ${memberids.length} as yes from raised),
    ids as (select id, row_number() over (order by id) as i from (select nextval(pg_get_serial_sequence('ledger_transaction', 'trxid')) as id from generate_series(1, ${rows.length})) n),
    given as (select r.*, t.transferable::int as transferable from json_populate_recordset(null::ledger_transaction, ${JSON.stringify(rows)}::json) with ordinality r
      join json_array_elements_text(${JSON.stringify(rows.map((r) => r.transferable))}::json) with ordinality t(transferable, i) on t.i = r.ordinality),
    entries as (select ids.id, given.* from given join ids on ids.i = given.ordinality where (select yes from every)),
    written as (insert into ledger_transaction (trxid, memberid, trxtype, activitydate, awardmiles, tiermiles, segments, expirydate, source, reason, relatedtrxid, mergedfrom, createdby, createddate)
      select id, memberid, trxtype, activitydate, awardmiles, tiermiles, segments, expirydate, source, reason, relatedtrxid, mergedfrom, createdby, createddate from entries returning trxid),
    lots as (insert into ledger_lot (lotid, memberid, expirydate, awardmiles, remaining, transferable)
      select id, memberid, expirydate, awardmiles, awardmiles, transferable from entries where awardmiles > 0 returning lotid)
    select (select array_agg(memberid) from raised) as raised, (select array_agg(id order by i) from ids) as ids,
      (select count(*) from written) as w, (select count(*) from lots) as l`.execute(trx);
  await refuseUnraised(trx, memberids, new Set(out?.raised ?? []));
  // Raw SQL: the table listeners are told (as insertJsonRows tells them).
  announceWrite(trx, 'ledger_transaction');
  announceWrite(trx, 'ledger_lot');
  announceWrite(trx, 'member');
  return out!.ids.map(Number);
}

/**
 * Writes the entries' credits, telling no listener: their rows as listeners are told of them, in the entries'
 * order. A lot's expiry is the entry's, or its activity date plus MILES_EXPIRY_MONTHS.
 */
export async function writeCredits(trx: Db, entries: readonly LedgerEntry[]): Promise<WrittenRow[]> {
  if (entries.length === 0) return [];
  const amounts = entries.map(checkEntry);
  const months = entries.some((e) => e.expirydate === undefined) ? await readConfigKey(trx, 'MILES_EXPIRY_MONTHS') : 0;
  const sums = new Map<string, { a: number; t: number; s: number }>();
  entries.forEach((e, i) => {
    const sum = sums.get(e.memberid) ?? { a: 0, t: 0, s: 0 };
    sum.a += amounts[i]!.award;
    sum.t += amounts[i]!.tier;
    sum.s += amounts[i]!.segments;
    sums.set(e.memberid, sum);
  });
  const memberids = [...sums.keys()].sort();
  const raise = JSON.stringify(memberids.map((m) => ({ m, ...sums.get(m)! })));
  const rows: CreditRow[] = entries.map((e, i) => ({
    ...ledgerRow(e),
    awardmiles: amounts[i]!.award,
    tiermiles: amounts[i]!.tier,
    segments: amounts[i]!.segments,
    expirydate: e.expirydate ?? addMonths(e.activitydate, months),
    transferable: e.transferable === false ? 0 : 1,
  }));
  const trxids = isSqlite(trx) ? await creditSqlite(trx, memberids, raise, rows) : await creditPostgres(trx, memberids, raise, rows);
  return entries.map((e, i) => written(trxids[i]!, e, 1, amounts[i]!));
}

/** One credit: its transaction row (+), a lot of its award miles, the balances raised. Refuses a closed or unknown member. */
export async function credit(trx: Db, entry: LedgerEntry): Promise<{ trxid: number }> {
  const [row] = await writeCredits(trx, [entry]);
  await notifyLedgerWrite(trx, { operation: 'credit', memberids: [entry.memberid], rows: [row!], user: entry.user, now: entry.now });
  return { trxid: row!.trxid };
}

/**
 * Many credits of one user at one time (listeners hear them as one credit write): their trxids in the entries'
 * order. A closed or unknown member refuses them all, as a single credit would.
 */
export async function creditMany(trx: Db, entries: readonly LedgerEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await writeCredits(trx, entries);
  const memberids = [...new Set(entries.map((e) => e.memberid))].sort();
  await notifyLedgerWrite(trx, { operation: 'credit', memberids, rows, user: entries[0]!.user, now: entries[0]!.now });
  return rows.map((r) => r.trxid);
}
