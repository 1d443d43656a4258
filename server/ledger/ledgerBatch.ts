// Many credits in one go (an activity file's chunk): in the CALLER'S TRANSACTION, the members locked in
// memberid order (PostgreSQL), each member's balances raised once by the sum of its credits (one guarded
// statement for all), then every transaction row and every lot with one statement each, the trxids taken
// in one step. The listeners hear the whole batch as one credit write. Nothing is written unless all is.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { isSqlite } from '../db/columnTypes';
import { insertJsonRows } from '../db/jsonRows';
import { announceWrite } from '../db/tableWrites';
import { LedgerError, memberNotFound } from './ledgerError';
import { notifyLedgerWrite, type WrittenRow } from '../core/ledgerListeners';
import { isIsoDay } from '../../engine/definition/dates';
import { isMiles, type TrxType } from './ledgerRules';
import { MEMBER_CLOSED } from './ledgerStore';

export interface BatchCredit {
  memberid: string;
  /** YYYY-MM-DD */
  activitydate: string;
  awardmiles: number;
  tiermiles: number;
  segments: number;
  /** The lot's expiry (YYYY-MM-DD). */
  expirydate: string;
  source: string;
  reason: string;
}

type Db = Kysely<Schema>;

function checkCredit(c: BatchCredit): void {
  const bad = (field: string, message: string) => new LedgerError('INVALID_ENTRY', message, field);
  if (typeof c.memberid !== 'string' || c.memberid === '') throw bad('memberid', 'Member ID is required');
  if (!isIsoDay(c.activitydate)) throw bad('activitydate', 'Activity date must be a date (YYYY-MM-DD)');
  if (!isIsoDay(c.expirydate)) throw bad('expirydate', 'Expiry date must be a date (YYYY-MM-DD)');
  if (!isMiles(c.awardmiles) || !isMiles(c.tiermiles) || !isMiles(c.segments)) throw bad('awardmiles', 'Miles and segments must be whole numbers of 0 or more');
}

/** The next `count` trxids, reserved: PostgreSQL from the sequence, SQLite past the highest ever given (the writer holds the file). */
async function reserveTrxids(trx: Db, count: number): Promise<number[]> {
  if (isSqlite(trx)) {
    const { rows } = await sql<{ n: number | null }>`select max(coalesce((select seq from sqlite_sequence where name = 'ledger_transaction'), 0), coalesce((select max(trxid) from ledger_transaction), 0)) as n`.execute(trx);
    const first = Number(rows[0]?.n ?? 0) + 1;
    return Array.from({ length: count }, (_, i) => first + i);
  }
  const { rows } = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('ledger_transaction', 'trxid')) as id from generate_series(1, ${count})`.execute(trx);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

type LedgerRow = Record<string, unknown> & { memberid: string; awardmiles: number; expirydate: string };

/** Refuses the batch when a member was not raised (closed or unknown): the caller's transaction is rolled back. */
async function refuseUnraised(trx: Db, memberids: readonly string[], raised: ReadonlySet<string>): Promise<void> {
  const missing = memberids.find((m) => !raised.has(m));
  if (missing === undefined) return;
  const found = await trx.selectFrom('member').select('status').where('memberid', '=', missing).executeTakeFirst();
  throw found ? new LedgerError('MEMBER_NOT_ACTIVE', `Member ${missing} is closed`, 'memberid') : memberNotFound(missing);
}

/** SQLite (the writer holds the file): the balances raised, then the rows and their lots with a statement each. */
async function creditSqlite(trx: Db, memberids: readonly string[], raise: string, rows: readonly LedgerRow[]): Promise<number[]> {
  const raised = await sql<{ memberid: string }>`
    update member set awardmiles = awardmiles + j.a, tiermiles = tiermiles + j.t, frequency = frequency + j.s
    from (select value ->> 'm' as m, value ->> 'a' as a, value ->> 't' as t, value ->> 's' as s from json_each(${raise})) j
    where member.memberid = j.m and member.status <> ${MEMBER_CLOSED}
    returning member.memberid`.execute(trx);
  await refuseUnraised(trx, memberids, new Set(raised.rows.map((r) => r.memberid)));
  const trxids = await reserveTrxids(trx, rows.length);
  await insertJsonRows(trx, 'ledger_transaction', rows.map((r, i) => ({ trxid: trxids[i], ...r })));
  await insertJsonRows(trx, 'ledger_lot', lotsOf(rows, trxids));
  return trxids;
}

const lotsOf = (rows: readonly LedgerRow[], trxids: readonly number[]) =>
  rows.flatMap((r, i) => (r.awardmiles > 0 ? [{ lotid: trxids[i], memberid: r.memberid, expirydate: r.expirydate, awardmiles: r.awardmiles, remaining: r.awardmiles, transferable: 1 }] : []));

/**
 * PostgreSQL, one round trip: the members locked in memberid order (the lock order of server/ledger: the
 * sub-select locks them as it sorts them, before the update reads any) and raised, the trxids drawn from the
 * sequence, the rows and their lots inserted, the last two only when every member was raised.
 */
async function creditPostgres(trx: Db, memberids: readonly string[], raise: string, rows: readonly LedgerRow[]): Promise<number[]> {
  const { rows: [out] } = await sql<{ raised: string[] | null; ids: string[] }>`
    with raised as (
      update member m set awardmiles = m.awardmiles + j.a, tiermiles = m.tiermiles + j.t, frequency = m.frequency + j.s
      from json_to_recordset(${raise}::json) as j(m text, a bigint, t bigint, s bigint),
        (select memberid from member where memberid = any(${memberids}::text[]) order by memberid for update) l
      where m.memberid = j.m and l.memberid = j.m and m.status <> ${MEMBER_CLOSED}
      returning m.memberid),
    every as (select count(*) = ${memberids.length} as yes from raised),
    ids as (select id, row_number() over (order by id) as i from (select nextval(pg_get_serial_sequence('ledger_transaction', 'trxid')) as id from generate_series(1, ${rows.length})) n),
    entries as (select ids.id, r.* from json_populate_recordset(null::ledger_transaction, ${JSON.stringify(rows)}::json) with ordinality r join ids on ids.i = r.ordinality where (select yes from every)),
    written as (insert into ledger_transaction (trxid, memberid, trxtype, activitydate, awardmiles, tiermiles, segments, expirydate, source, reason, relatedtrxid, mergedfrom, createdby, createddate)
      select id, memberid, trxtype, activitydate, awardmiles, tiermiles, segments, expirydate, source, reason, relatedtrxid, mergedfrom, createdby, createddate from entries returning trxid),
    lots as (insert into ledger_lot (lotid, memberid, expirydate, awardmiles, remaining, transferable)
      select id, memberid, expirydate, awardmiles, awardmiles, 1 from entries where awardmiles > 0 returning lotid)
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
 * Credits every entry (same type, user and time): returns their trxids in the entries' order. A closed or
 * unknown member refuses the whole batch (LedgerError), as a single credit would.
 */
export async function creditMany(trx: Db, entries: readonly BatchCredit[], { trxtype, user, now }: { trxtype: TrxType; user: string; now: Date }): Promise<number[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) checkCredit(entry);
  const sums = new Map<string, { a: number; t: number; s: number }>();
  for (const e of entries) {
    const sum = sums.get(e.memberid) ?? { a: 0, t: 0, s: 0 };
    sum.a += e.awardmiles;
    sum.t += e.tiermiles;
    sum.s += e.segments;
    sums.set(e.memberid, sum);
  }
  const memberids = [...sums.keys()].sort();
  const raise = JSON.stringify(memberids.map((m) => ({ m, ...sums.get(m)! })));
  const at = now.toISOString();
  const rows = entries.map((e) => ({
    memberid: e.memberid,
    trxtype,
    activitydate: e.activitydate,
    awardmiles: e.awardmiles,
    tiermiles: e.tiermiles,
    segments: e.segments,
    expirydate: e.expirydate,
    source: e.source.slice(0, 120),
    reason: e.reason.slice(0, 500),
    relatedtrxid: null,
    mergedfrom: null,
    createdby: user,
    createddate: at,
  }));
  const trxids = isSqlite(trx) ? await creditSqlite(trx, memberids, raise, rows) : await creditPostgres(trx, memberids, raise, rows);
  const written: WrittenRow[] = entries.map((e, i) => ({ trxid: trxids[i]!, memberid: e.memberid, trxtype, activitydate: e.activitydate, awardmiles: e.awardmiles, tiermiles: e.tiermiles, segments: e.segments, source: e.source }));
  await notifyLedgerWrite(trx, { operation: 'credit', memberids, rows: written, user, now });
  return trxids;
}
