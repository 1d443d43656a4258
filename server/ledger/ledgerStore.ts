// The miles ledger: the only code that moves miles. Every function but expireDue and checkLedger takes the
// CALLER'S TRANSACTION (`trx` must come from db.transaction().execute), so the caller's own rows (a transfer
// log, an approval) commit or roll back with the ledger rows; so do the registered listeners' writes
// (ledgerListeners.ts: told of every credit, debit, transfer, merge and reverse, in that transaction). Balances on the member row change by a
// guarded UPDATE (never below zero on SQLite or PostgreSQL, whatever runs beside it; the CHECK
// constraints are the last line). Lock order, to keep PostgreSQL free of deadlocks: member rows first
// (several in memberid order), then their lots.
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../platform/db/schema';
import { isSqlite } from '../platform/db/columnTypes';
import { readConfigKey } from '../platform/configuration/configKeys';
import { MEMBER_STATUSES } from '../../domain/memberRecord';
import { LedgerError, memberNotFound } from './ledgerError';
import { notifyLedgerWrite, type WrittenRow } from '../platform/core/ledgerListeners';
import { checkEntry, ledgerRow, MEMBER_CLOSED, written, type LedgerEntry } from './ledgerEntry';
import { writeCredits } from './ledgerCredits';
import { addMonths, isIsoDay, isoDay } from '../../engine/definition/dates';
import { NOT_REVERSIBLE, TRX_TYPES, formatMiles, isMiles, planLotUse } from './ledgerRules';

export { TRX_TYPES, type TrxType } from './ledgerRules';
export { MEMBER_CLOSED, type LedgerEntry } from './ledgerEntry';
export { credit, creditMany } from './ledgerCredits';
export { LedgerError, type LedgerErrorCode } from './ledgerError';
export { muteLedgerListeners, registerLedgerListener, type LedgerListener, type LedgerWrite, type WrittenRow } from '../platform/core/ledgerListeners';

export interface TransferRequest {
  from: string;
  to: string;
  awardmiles: number;
  /** The money fee the caller charged (kept in the caller's transfer log); checked, never taken in miles. */
  fee?: number;
  source?: string;
  reason?: string;
  user: string;
  now: Date;
}

export interface LedgerProblem {
  memberid: string;
  lotid?: number;
  /** What disagrees, e.g. 'awardmiles <> sum of remaining lots'. */
  problem: string;
  expected: number;
  actual: number;
}

type Db = Kysely<Schema>;

const onSqlite = (db: Db): boolean => isSqlite(db);

interface LockedMember {
  memberid: string;
  status: string;
  awardmiles: number;
  tiermiles: number;
  frequency: number;
}

const LOT_BATCH = 8;
const EXPIRY_BATCH = 500;

/** Why a guarded update touched no row: no member, a closed account, or (for a debit) too few miles. */
async function refusal(trx: Db, memberid: string, need?: { award: number; tier: number; segments: number }): Promise<LedgerError> {
  const member = await trx.selectFrom('member').select(['status', 'awardmiles', 'tiermiles', 'frequency']).where('memberid', '=', memberid).executeTakeFirst();
  if (!member) return memberNotFound(memberid);
  if (member.status === MEMBER_CLOSED) return new LedgerError('MEMBER_NOT_ACTIVE', `Member ${memberid} is closed`, 'memberid');
  if (need && member.awardmiles < need.award) {
    return new LedgerError('INSUFFICIENT_MILES', `Insufficient award miles: the balance is ${formatMiles(member.awardmiles)}`, 'awardmiles');
  }
  if (need && member.tiermiles < need.tier) {
    return new LedgerError('INSUFFICIENT_MILES', `Insufficient tier miles: the balance is ${formatMiles(member.tiermiles)}`, 'tiermiles');
  }
  if (need && member.frequency < need.segments) {
    return new LedgerError('INSUFFICIENT_MILES', `Insufficient segments: the frequency is ${formatMiles(member.frequency)}`, 'segments');
  }
  // The row changed between the update and this look (another transaction): the caller may try again.
  return new LedgerError('INSUFFICIENT_MILES', 'The balance changed meanwhile, please try again', 'awardmiles');
}

/**
 * Row-locks members (PostgreSQL: FOR UPDATE, in memberid order; SQLite's writer transactions already run one at a
 * time). Any write naming two members locks both here before anything else: two opposite transfers then queue on
 * the lower memberid instead of each holding one member and waiting for the other (a deadlock).
 */
export async function lockMembers(trx: Db, memberids: string[]): Promise<Map<string, LockedMember>> {
  const query = trx
    .selectFrom('member')
    .select(['memberid', 'status', 'awardmiles', 'tiermiles', 'frequency'])
    .where('memberid', 'in', [...new Set(memberids)].sort())
    .orderBy('memberid');
  const rows = await (onSqlite(trx) ? query : query.forUpdate()).execute();
  return new Map(rows.map((r) => [r.memberid, r]));
}

// ---- credit and debit -----------------------------------------------------------------------------------

/**
 * One transaction row (-) taking award miles from the lots that expire first (then the oldest lot).
 * The guarded update runs FIRST: on PostgreSQL it row-locks the member, so every other debit of the
 * member waits for this one and then re-checks the balance. Too few miles: LedgerError('INSUFFICIENT_MILES'),
 * nothing written.
 */
export async function debit(trx: Db, entry: LedgerEntry): Promise<{ trxid: number }> {
  const debited = await debitRow(trx, entry);
  await notifyLedgerWrite(trx, { operation: 'debit', memberids: [entry.memberid], rows: [debited], user: entry.user, now: entry.now });
  return { trxid: debited.trxid };
}

/** `lots`: 'transferable' takes only lots that may be transferred (a transfer out). */
async function debitRow(trx: Db, entry: LedgerEntry, lots: LotChoice = 'any'): Promise<WrittenRow> {
  const need = checkEntry(entry);
  if (need.award + need.tier + need.segments === 0) throw new LedgerError('INVALID_ENTRY', 'A debit must take some miles or segments', 'awardmiles');
  const lowered = await trx
    .updateTable('member')
    .set((eb) => ({ awardmiles: eb('awardmiles', '-', need.award), tiermiles: eb('tiermiles', '-', need.tier), frequency: eb('frequency', '-', need.segments) }))
    .where('memberid', '=', entry.memberid)
    .where('status', '<>', MEMBER_CLOSED)
    .where('awardmiles', '>=', need.award)
    .where('tiermiles', '>=', need.tier)
    .where('frequency', '>=', need.segments)
    .returning('memberid')
    .executeTakeFirst();
  if (!lowered) throw await refusal(trx, entry.memberid, need);
  const { trxid } = await trx
    .insertInto('ledger_transaction')
    .values({ ...ledgerRow(entry), awardmiles: -need.award, tiermiles: -need.tier, segments: -need.segments, expirydate: null })
    .returning('trxid')
    .executeTakeFirstOrThrow();
  if (need.award > 0) await consumeLots(trx, entry.memberid, trxid, need.award, entry.fromLot, lots);
  return written(trxid, entry, -1, need);
}

type LotChoice = 'any' | 'transferable';

/** Takes `amount` from the member's open lots (or its transferable ones), soonest expiry first, and records each take. */
async function consumeLots(trx: Db, memberid: string, trxid: number, amount: number, fromLot?: number, lots: LotChoice = 'any'): Promise<void> {
  let left = amount;
  if (fromLot !== undefined) {
    const query = trx.selectFrom('ledger_lot').select('remaining').where('lotid', '=', fromLot).where('memberid', '=', memberid);
    const lot = await (onSqlite(trx) ? query : query.forUpdate()).executeTakeFirst();
    const take = Math.min(Number(lot?.remaining ?? 0), left);
    if (take > 0) {
      await trx.updateTable('ledger_lot').set((eb) => ({ remaining: eb('remaining', '-', take) })).where('lotid', '=', fromLot).execute();
      await trx.insertInto('ledger_lot_use').values({ trxid, lotid: fromLot, amount: take }).execute();
      left -= take;
    }
  }
  while (left > 0) {
    const query = trx
      .selectFrom('ledger_lot')
      .select(['lotid', 'expirydate', 'remaining'])
      .where('memberid', '=', memberid)
      .where('remaining', '>', 0)
      .$if(lots === 'transferable', (q) => q.where('transferable', '=', 1))
      .orderBy('expirydate')
      .orderBy('lotid')
      .limit(LOT_BATCH);
    const open = await (onSqlite(trx) ? query : query.forUpdate()).execute();
    const { takes } = planLotUse(open, left);
    if (takes.length === 0) throw new Error(`ledger of member ${memberid} is inconsistent: the balance covers ${amount} but the lots do not`);
    for (const take of takes) {
      const updated = await trx
        .updateTable('ledger_lot')
        .set((eb) => ({ remaining: eb('remaining', '-', take.amount) }))
        .where('lotid', '=', take.lotid)
        .where('remaining', '>=', take.amount)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Error(`lot ${take.lotid} changed under a locked member`);
      left -= take.amount;
    }
    await trx.insertInto('ledger_lot_use').values(takes.map((t) => ({ trxid, lotid: t.lotid, amount: t.amount }))).execute();
    if (left > 0 && open.length < LOT_BATCH) throw new Error(`ledger of member ${memberid} is inconsistent: the balance covers ${amount} but the lots do not`);
  }
}

// ---- transfer, merge, reverse ---------------------------------------------------------------------------

export interface TransferableMiles {
  /** The member's award miles. */
  balance: number;
  /** What is left of lots not valid for transfer (credited by a custom transaction type not valid for transfer). */
  blocked: number;
  /** balance - blocked: what a transfer may take. */
  transferable: number;
}

/** The award miles a member may transfer: the balance less the remaining miles of lots not valid for transfer. */
export async function transferableMiles(db: Db, memberid: string): Promise<TransferableMiles> {
  const member = await db.selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirst();
  if (!member) throw memberNotFound(memberid);
  const held = await db
    .selectFrom('ledger_lot')
    .select((eb) => eb.fn.sum<number | string | null>('remaining').as('miles'))
    .where('memberid', '=', memberid)
    .where('transferable', '=', 0)
    .where('remaining', '>', 0)
    .executeTakeFirst();
  const balance = Number(member.awardmiles);
  const blocked = Number(held?.miles ?? 0);
  return { balance, blocked, transferable: Math.max(0, balance - blocked) };
}

/** The refusal of a transfer above the transferable miles (the transfer's summary and field message). */
export const notTransferable = ({ balance, blocked, transferable }: TransferableMiles): string =>
  `Only ${formatMiles(transferable)} of the ${formatMiles(balance)} award miles can be transferred: ${formatMiles(blocked)} come from transactions not valid for transfer`;

/**
 * Award miles from one ACTIVE member to another: a TRANSFEROUT debit and a TRANSFERIN credit (expiring
 * TRANSFER_MILES_EXPIRY_MONTHS after the transfer), each naming the other as related.
 */
export async function transfer(trx: Db, request: TransferRequest): Promise<{ outTrxid: number; inTrxid: number }> {
  const { from, to, awardmiles, user, now } = request;
  if (!isMiles(awardmiles) || awardmiles === 0) throw new LedgerError('INVALID_ENTRY', 'Award miles must be a whole number above 0', 'awardmiles');
  if (request.fee !== undefined && !(typeof request.fee === 'number' && Number.isFinite(request.fee) && request.fee >= 0)) {
    throw new LedgerError('INVALID_ENTRY', 'The fee must be 0 or more', 'fee');
  }
  if (from === to) throw new LedgerError('SAME_MEMBER', 'Miles cannot be transferred to the same member', 'to');
  const members = await lockMembers(trx, [from, to]);
  for (const [memberid, field] of [
    [from, 'from'],
    [to, 'to'],
  ] as const) {
    const member = members.get(memberid);
    if (!member) throw memberNotFound(memberid, field);
    if (member.status !== MEMBER_STATUSES.ACTIVE) {
      throw new LedgerError('MEMBER_NOT_ACTIVE', `Member ${memberid} is not active (status ${member.status})`, field);
    }
  }
  const today = isoDay(now);
  const common = { activitydate: today, awardmiles, source: request.source, reason: request.reason, user, now };
  // Only miles of lots that may be transferred leave (checked under the member's lock).
  const movable = await transferableMiles(trx, from);
  if (awardmiles <= movable.balance && awardmiles > movable.transferable) throw new LedgerError('NOT_TRANSFERABLE', notTransferable(movable), 'awardmiles');
  const out = await debitRow(trx, { ...common, memberid: from, trxtype: TRX_TYPES.TRANSFEROUT }, 'transferable');
  const months = await readConfigKey(trx, 'TRANSFER_MILES_EXPIRY_MONTHS');
  const [into] = (await writeCredits(trx, [{ ...common, memberid: to, trxtype: TRX_TYPES.TRANSFERIN, relatedtrxid: out.trxid, expirydate: addMonths(today, months) }])) as [WrittenRow];
  await trx.updateTable('ledger_transaction').set({ relatedtrxid: into.trxid }).where('trxid', '=', out.trxid).execute();
  await notifyLedgerWrite(trx, { operation: 'transfer', memberids: [from, to], rows: [out, into], user, now });
  return { outTrxid: out.trxid, inTrxid: into.trxid };
}

/**
 * Moves `from`'s transactions (marked mergedfrom), lots, balances and cards to `into`, then closes `from`
 * with zero balances. Both must exist and not be closed; an account never merges into itself.
 */
export async function mergeAccounts(trx: Db, { from, into, user, now }: { from: string; into: string; user: string; now: Date }): Promise<void> {
  if (from === into) throw new LedgerError('SAME_MEMBER', 'An account cannot be merged into itself', 'into');
  const members = await lockMembers(trx, [from, into]);
  const source = members.get(from);
  const target = members.get(into);
  if (!source) throw memberNotFound(from, 'from');
  if (!target) throw memberNotFound(into, 'into');
  if (source.status === MEMBER_CLOSED) throw new LedgerError('MEMBER_NOT_ACTIVE', `Member ${from} is closed`, 'from');
  if (target.status === MEMBER_CLOSED) throw new LedgerError('MEMBER_NOT_ACTIVE', `Member ${into} is closed`, 'into');
  await trx.updateTable('ledger_transaction').set({ memberid: into, mergedfrom: from }).where('memberid', '=', from).execute();
  await trx.updateTable('ledger_lot').set({ memberid: into }).where('memberid', '=', from).execute();
  await trx.updateTable('member_card').set({ memberid: into }).where('memberid', '=', from).execute();
  await trx
    .updateTable('member')
    .set((eb) => ({
      awardmiles: eb('awardmiles', '+', source.awardmiles),
      tiermiles: eb('tiermiles', '+', source.tiermiles),
      frequency: eb('frequency', '+', source.frequency),
    }))
    .where('memberid', '=', into)
    .execute();
  await trx
    .updateTable('member')
    .set({ awardmiles: 0, tiermiles: 0, frequency: 0, status: MEMBER_CLOSED, updateddate: now.toISOString() })
    .where('memberid', '=', from)
    .execute();
  await notifyLedgerWrite(trx, { operation: 'merge', memberids: [from, into], rows: [], user, now });
}

/**
 * Gives a debit back (a cancelled redemption's REDEPOSIT): its award miles return to the lots they came
 * from with their expiry; miles of a lot that expired meanwhile come back with their original expiry or,
 * when REDEPOSIT_EXPIRED_MILES_MONTHS is above 0, as a new lot expiring that many months from today.
 * Its tier miles and segments come back too. A debit is given back once.
 */
export async function reverse(
  trx: Db,
  request: { trxid: number; trxtype: typeof TRX_TYPES.REDEPOSIT; user: string; now: Date; source?: string; reason?: string },
): Promise<{ trxid: number }> {
  const { trxid, user, now } = request;
  let original = await findTransaction(trx, trxid);
  // Lock the owner; a merge may have moved the row to another account meanwhile: follow it.
  for (let tries = 0; ; tries++) {
    await lockMembers(trx, [original.memberid]);
    const again = await findTransaction(trx, trxid);
    if (again.memberid === original.memberid || tries > 2) break;
    original = again;
  }
  if (original.awardmiles >= 0 && original.tiermiles >= 0 && original.segments >= 0) {
    throw new LedgerError('NOT_REVERSIBLE', `Transaction ${trxid} is not a debit`, 'trxid');
  }
  if (NOT_REVERSIBLE.has(original.trxtype)) throw new LedgerError('NOT_REVERSIBLE', `A ${original.trxtype} transaction cannot be redeposited`, 'trxid');
  const done = await trx
    .selectFrom('ledger_transaction')
    .select('trxid')
    .where('relatedtrxid', '=', trxid)
    .where('trxtype', '=', TRX_TYPES.REDEPOSIT)
    .executeTakeFirst();
  if (done) throw new LedgerError('ALREADY_REVERSED', `Transaction ${trxid} was redeposited already (transaction ${done.trxid})`, 'trxid');

  const today = isoDay(now);
  const months = await readConfigKey(trx, 'REDEPOSIT_EXPIRED_MILES_MONTHS');
  const uses = await trx
    .selectFrom('ledger_lot_use')
    .innerJoin('ledger_lot', 'ledger_lot.lotid', 'ledger_lot_use.lotid')
    .select(['ledger_lot_use.lotid', 'ledger_lot_use.amount', 'ledger_lot_use.returned', 'ledger_lot.expirydate', 'ledger_lot.transferable'])
    .where('ledger_lot_use.trxid', '=', trxid)
    .orderBy('ledger_lot_use.lotid')
    .execute();
  const renewed = months > 0 ? uses.filter((u) => u.expirydate < today) : [];
  const restored = uses.filter((u) => !renewed.includes(u));
  const fresh = renewed.reduce((sum, u) => sum + u.amount - u.returned, 0);
  const freshExpiry = addMonths(today, months);

  const entry: LedgerEntry = {
    memberid: original.memberid,
    trxtype: TRX_TYPES.REDEPOSIT,
    activitydate: today,
    awardmiles: -original.awardmiles,
    tiermiles: -original.tiermiles,
    segments: -original.segments,
    source: request.source ?? `trx:${trxid}`,
    reason: request.reason,
    relatedtrxid: trxid,
    user,
    now,
  };
  const { award, tier, segments } = checkEntry(entry);
  const raised = await trx
    .updateTable('member')
    .set((eb) => ({ awardmiles: eb('awardmiles', '+', award), tiermiles: eb('tiermiles', '+', tier), frequency: eb('frequency', '+', segments) }))
    .where('memberid', '=', entry.memberid)
    .where('status', '<>', MEMBER_CLOSED)
    .returning('memberid')
    .executeTakeFirst();
  if (!raised) throw await refusal(trx, entry.memberid);
  const redeposit = await trx
    .insertInto('ledger_transaction')
    .values({ ...ledgerRow(entry), awardmiles: award, tiermiles: tier, segments, expirydate: fresh > 0 ? freshExpiry : null })
    .returning('trxid')
    .executeTakeFirstOrThrow();
  for (const use of restored) {
    const back = use.amount - use.returned;
    if (back <= 0) continue;
    await trx.updateTable('ledger_lot').set((eb) => ({ remaining: eb('remaining', '+', back) })).where('lotid', '=', use.lotid).execute();
    await trx.updateTable('ledger_lot_use').set({ returned: use.amount }).where('trxid', '=', trxid).where('lotid', '=', use.lotid).execute();
  }
  if (fresh > 0) {
    // Miles of a lot not valid for transfer stay so in the new lot.
    const transferable = renewed.every((u) => Number(u.transferable) === 1) ? 1 : 0;
    await trx.insertInto('ledger_lot').values({ lotid: redeposit.trxid, memberid: entry.memberid, expirydate: freshExpiry, awardmiles: fresh, remaining: fresh, transferable }).execute();
  }
  await notifyLedgerWrite(trx, { operation: 'reverse', memberids: [entry.memberid], rows: [written(redeposit.trxid, entry, 1, { award, tier, segments })], user, now });
  return { trxid: redeposit.trxid };
}

async function findTransaction(trx: Db, trxid: number) {
  if (!Number.isSafeInteger(trxid) || trxid <= 0) throw new LedgerError('TRANSACTION_NOT_FOUND', `Transaction not found: ${String(trxid)}`, 'trxid');
  const found = await trx
    .selectFrom('ledger_transaction')
    .select(['trxid', 'memberid', 'trxtype', 'awardmiles', 'tiermiles', 'segments'])
    .where('trxid', '=', trxid)
    .executeTakeFirst();
  if (!found) throw new LedgerError('TRANSACTION_NOT_FOUND', `Transaction not found: ${trxid}`, 'trxid');
  return found;
}

// ---- expiry -----------------------------------------------------------------------------------------------

/**
 * Expires every lot with expirydate < today and miles left: per member, in its own transaction, one
 * EXPIRATION row taking them all. The member row is locked first and the lots read after the lock, so N
 * workers running this at once expire each lot once, and a second run finds nothing left.
 */
export async function expireDue(
  db: Db,
  options: { today: string; user: string; jobid?: number; progress?: (percentage: number) => Promise<void> },
): Promise<{ members: number; miles: number }> {
  const { today, user } = options;
  if (!isIsoDay(today)) throw new LedgerError('INVALID_ENTRY', 'Today must be a date (YYYY-MM-DD)', 'today');
  const due = () => db.selectFrom('ledger_lot').where('remaining', '>', 0).where('expirydate', '<', today);
  const total = Number((await due().select((eb) => eb.fn.count<number>('memberid').distinct().as('n')).executeTakeFirstOrThrow()).n);
  let members = 0;
  let miles = 0;
  let seen = 0;
  let after = '';
  for (;;) {
    const batch = await due().select('memberid').distinct().where('memberid', '>', after).orderBy('memberid').limit(EXPIRY_BATCH).execute();
    if (batch.length === 0) break;
    for (const { memberid } of batch) {
      const expired = await db.transaction().execute((trx) => expireMember(trx, memberid, today, user, options.jobid));
      if (expired > 0) {
        members += 1;
        miles += expired;
      }
    }
    seen += batch.length;
    after = batch[batch.length - 1]!.memberid;
    await options.progress?.(Math.min(99, Math.floor((seen * 100) / Math.max(total, 1))));
  }
  return { members, miles };
}

async function expireMember(trx: Db, memberid: string, today: string, user: string, jobid: number | undefined): Promise<number> {
  await lockMembers(trx, [memberid]);
  const query = trx
    .selectFrom('ledger_lot')
    .select(['lotid', 'remaining'])
    .where('memberid', '=', memberid)
    .where('remaining', '>', 0)
    .where('expirydate', '<', today)
    .orderBy('expirydate')
    .orderBy('lotid');
  const lots = await (onSqlite(trx) ? query : query.forUpdate()).execute();
  const amount = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  if (amount === 0) return 0;
  const lowered = await trx
    .updateTable('member')
    .set((eb) => ({ awardmiles: eb('awardmiles', '-', amount) }))
    .where('memberid', '=', memberid)
    .where('awardmiles', '>=', amount)
    .executeTakeFirst();
  if (Number(lowered.numUpdatedRows) !== 1) throw new Error(`ledger of member ${memberid} is inconsistent: its balance is below its expiring lots`);
  const source = jobid === undefined ? 'expiry' : `job:${jobid}`;
  const now = new Date();
  const { trxid } = await trx
    .insertInto('ledger_transaction')
    .values({
      memberid,
      trxtype: TRX_TYPES.EXPIRATION,
      activitydate: today,
      awardmiles: -amount,
      tiermiles: 0,
      segments: 0,
      expirydate: null,
      source,
      reason: `Miles that expired before ${today}`,
      relatedtrxid: null,
      mergedfrom: null,
      createdby: user,
      createddate: now.toISOString(),
    })
    .returning('trxid')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < lots.length; i += 200) {
    const slice = lots.slice(i, i + 200);
    await trx.insertInto('ledger_lot_use').values(slice.map((lot) => ({ trxid, lotid: lot.lotid, amount: lot.remaining }))).execute();
    await trx
      .updateTable('ledger_lot')
      .set({ remaining: 0 })
      .where('lotid', 'in', slice.map((lot) => lot.lotid))
      .execute();
  }
  // Heard like any posting (the webhooks' miles.debited); an expiry earns nothing, so no upgrade or bonus follows.
  const expired: WrittenRow = { trxid, memberid, trxtype: TRX_TYPES.EXPIRATION, activitydate: today, awardmiles: -amount, tiermiles: 0, segments: 0, source };
  await notifyLedgerWrite(trx, { operation: 'expire', memberids: [memberid], rows: [expired], user, now });
  return amount;
}

// ---- the check --------------------------------------------------------------------------------------------

/**
 * Proves the ledger, set-based (a few grouped scans, fast on a million members): for every member,
 * awardmiles = sum of its lots' remaining = sum of its transactions' award miles, tiermiles = sum of tier
 * miles, frequency = sum of segments; for every lot, remaining = awardmiles - what debits took and kept;
 * every lot belongs to its credit's member. Empty when all holds.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const members = await sql<{ memberid: string; awardmiles: number; tiermiles: number; frequency: number; lots: number; award: number; tier: number; segs: number }>`
    select m.memberid, m.awardmiles, m.tiermiles, m.frequency,
           coalesce(l.remaining, 0) as lots, coalesce(t.award, 0) as award, coalesce(t.tier, 0) as tier, coalesce(t.segs, 0) as segs
    from member m
    left join (select memberid, sum(remaining) as remaining from ledger_lot group by memberid) l on l.memberid = m.memberid
    left join (select memberid, sum(awardmiles) as award, sum(tiermiles) as tier, sum(segments) as segs from ledger_transaction group by memberid) t
      on t.memberid = m.memberid
    where m.awardmiles <> coalesce(l.remaining, 0) or m.awardmiles <> coalesce(t.award, 0)
       or m.tiermiles <> coalesce(t.tier, 0) or m.frequency <> coalesce(t.segs, 0)
    order by m.memberid`.execute(db);
  const problems: LedgerProblem[] = [];
  for (const m of members.rows) {
    const add = (problem: string, expected: number, actual: number) => {
      if (Number(expected) !== Number(actual)) problems.push({ memberid: m.memberid, problem, expected: Number(expected), actual: Number(actual) });
    };
    add('awardmiles <> sum of remaining lots', m.lots, m.awardmiles);
    add('awardmiles <> sum of transactions', m.award, m.awardmiles);
    add('tiermiles <> sum of transactions', m.tier, m.tiermiles);
    add('frequency <> sum of segments', m.segs, m.frequency);
  }
  const lots = await sql<{ lotid: number; memberid: string; awardmiles: number; remaining: number; used: number; owner: string | null }>`
    select lot.lotid, lot.memberid, lot.awardmiles, lot.remaining, coalesce(u.used, 0) as used, t.memberid as owner
    from ledger_lot lot
    left join (select lotid, sum(amount - returned) as used from ledger_lot_use group by lotid) u on u.lotid = lot.lotid
    left join ledger_transaction t on t.trxid = lot.lotid
    where lot.remaining <> lot.awardmiles - coalesce(u.used, 0) or t.memberid is null or t.memberid <> lot.memberid
    order by lot.lotid`.execute(db);
  for (const lot of lots.rows) {
    const expected = Number(lot.awardmiles) - Number(lot.used);
    if (expected !== Number(lot.remaining)) problems.push({ memberid: lot.memberid, lotid: Number(lot.lotid), problem: 'lot remaining <> awardmiles - uses', expected, actual: Number(lot.remaining) });
    if (lot.owner !== lot.memberid) problems.push({ memberid: lot.memberid, lotid: Number(lot.lotid), problem: `lot belongs to another member than its credit (${lot.owner ?? 'none'})`, expected: 0, actual: 0 });
  }
  return problems;
}
