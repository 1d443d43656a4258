// Transfers, merges, corrections and custom transactions: the members they name (by card number), their
// checks with a message on the form's field, and their writes, each in the caller's transaction and
// moving miles only through server/ledger.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_STATUS } from '../../../engine/definition/approvals';
import { generateKey } from '../../../engine/definition/generatedKey';
import { formatMessage } from '../../../engine/rules';
import { readConfigKey } from '../../platform/configuration/configKeys';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { addMonths, isoDay } from '../../../engine/definition/dates';
import { LedgerError, MEMBER_CLOSED, TRX_TYPES, credit, debit, lockMembers, mergeAccounts, notTransferable, transfer, transferableMiles } from '../../ledger/ledgerStore';
import { MEMBER_STATUS } from '../members/memberStore';
import { MEMBER_OPERATION_TEXTS as TEXTS } from './memberOperationTexts';
import { transferCharge, transferLimitProblem, type TransferPolicy } from './transferRules';
import { definitionDb } from '../../platform/db/definitionDb';

type Db = Kysely<Schema>;
type Row = Record<string, unknown>;
/** Definition-built tables (mileage_transfer, custom_transaction ...) are not in the typed schema. */

export const TRANSFER_MENU = 'TRFMIL';
export const TRANSFER_STEP = 'transfer';
const TRANSFER_TABLE = 'mileage_transfer';
/** The transfers' log (screens/member-management/transfer-mileage-log.json). */
export const TRANSFER_RESOURCE = 'mileage-transfer';
const MERGE_TABLE = 'account_merge';
/** The API groups of Merging Account and Correction Transaction (their approval requests' resource). */
export const MERGE_RESOURCE = 'account-merge';
export const CORRECTION_RESOURCE = 'correction-transaction';
const CUSTOM_TABLE = 'custom_transaction';
const CUSTOM_ROLE_TABLE = 'custom_transaction_role';

const fieldError = (field: string, message: string, code: string = CODES.VALIDATION) => new ApiError(code, message, 200, { [field]: message });

/** A ledger refusal shown on this form's field (the ledger names its own parameters). */
function onField(error: unknown, field: string): unknown {
  return error instanceof LedgerError ? error.onField(field).toApiError() : error;
}

// ---- members by card number ------------------------------------------------------------------------------

export interface CardMember {
  cardnumber: string;
  memberid: string;
  name: string;
  status: string;
  awardmiles: number;
  tiermiles: number;
  frequency: number;
}

/** The member holding a card, or a message on the field that named it. */
export async function memberByCard(db: Db, cardnumber: unknown, field: string): Promise<CardMember> {
  const card = typeof cardnumber === 'string' ? cardnumber.trim() : '';
  const row = await db
    .selectFrom('member_card')
    .innerJoin('member', 'member.memberid', 'member_card.memberid')
    .select(['member_card.cardnumber', 'member.memberid', 'member.firstname', 'member.lastname', 'member.status', 'member.awardmiles', 'member.tiermiles', 'member.frequency'])
    .where('member_card.cardnumber', '=', card)
    .executeTakeFirst();
  if (!row) throw fieldError(field, formatMessage(TEXTS.cardNotFound, { card }), CODES.MEMBER_NOT_FOUND);
  return {
    cardnumber: row.cardnumber,
    memberid: row.memberid,
    name: `${row.firstname} ${row.lastname}`.trim(),
    status: row.status,
    awardmiles: Number(row.awardmiles),
    tiermiles: Number(row.tiermiles),
    frequency: Number(row.frequency),
  };
}

// ---- transfer --------------------------------------------------------------------------------------------

export async function transferPolicy(db: Db): Promise<TransferPolicy> {
  return {
    minMiles: await readConfigKey(db, 'TRANSFER_MIN_MILES'),
    maxMilesPerYear: await readConfigKey(db, 'TRANSFER_MAX_MILES_PER_YEAR'),
    feePerMile: await readConfigKey(db, 'TRANSFER_FEE_PER_MILE'),
    currency: await readConfigKey(db, 'TRANSFER_FEE_CURRENCY'),
    vatPercent: await readConfigKey(db, 'TRANSFER_VAT_PERCENT'),
  };
}

/** Award miles a member transferred out in the calendar year of `day`. */
export async function transferredInYear(db: Db, memberid: string, day: string): Promise<number> {
  const year = day.slice(0, 4);
  const row = (await definitionDb(db)
    .selectFrom(TRANSFER_TABLE)
    .select((eb: any) => eb.fn.sum('awardmiles').as('miles'))
    .where('frommemberid', '=', memberid)
    .where('transferdate', '>=', `${year}-01-01`)
    .where('transferdate', '<=', `${year}-12-31`)
    .executeTakeFirst()) as { miles: number | string | null } | undefined;
  return Number(row?.miles ?? 0);
}

export interface TransferInput {
  fromcardnumber?: unknown;
  tocardnumber?: unknown;
  awardmiles?: unknown;
}

/**
 * A transfer checked and priced: both members, their balances, the miles moved this year, fee, VAT and total
 * (the values of a mileage_transfer row). Every refusal is a message on the field it is about.
 */
export async function quoteTransfer(db: Db, input: TransferInput, now: Date): Promise<Row> {
  const from = await memberByCard(db, input.fromcardnumber, 'fromcardnumber');
  const to = await memberByCard(db, input.tocardnumber, 'tocardnumber');
  if (from.memberid === to.memberid) throw fieldError('tocardnumber', TEXTS.sameMember);
  for (const [member, field] of [
    [from, 'fromcardnumber'],
    [to, 'tocardnumber'],
  ] as const) {
    if (member.status !== MEMBER_STATUS.ACTIVE) throw fieldError(field, formatMessage(TEXTS.notActive, { card: member.cardnumber, status: member.status.toLowerCase() }));
  }
  const miles = Number(input.awardmiles);
  const policy = await transferPolicy(db);
  const yearmiles = await transferredInYear(db, from.memberid, isoDay(now));
  const limit = transferLimitProblem(miles, yearmiles, policy);
  if (limit) throw fieldError('awardmiles', limit);
  // Miles of custom transactions not valid for transfer stay (above the balance, the ledger's own message says so).
  const movable = await transferableMiles(db, from.memberid);
  if (miles <= movable.balance && miles > movable.transferable) throw fieldError('awardmiles', notTransferable(movable));
  return {
    fromcardnumber: from.cardnumber,
    frommemberid: from.memberid,
    frommembername: from.name,
    frombalance: from.awardmiles,
    fromtransferable: movable.transferable,
    tocardnumber: to.cardnumber,
    tomemberid: to.memberid,
    tomembername: to.name,
    tobalance: to.awardmiles,
    awardmiles: miles,
    yearmiles,
    ...transferCharge(miles, policy),
  };
}

const ROLLBACK = Symbol('dry run');

/** A transfer's Next: its quote, and the whole transfer tried and rolled back (the ledger's own refusals). */
export async function checkTransfer(db: Db, input: TransferInput, user: string, now: Date): Promise<Row> {
  let quote: Row | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      quote = await quoteTransfer(trx, input, now);
      await performTransfer(trx, input, user, now);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return quote!;
}

/** Checks again inside the transaction, moves the miles through the ledger and writes the log row. */
export async function performTransfer(trx: Db, input: TransferInput, user: string, now: Date): Promise<Row> {
  const first = await quoteTransfer(trx, input, now);
  // The yearly limit is read before the ledger locks the members: lock both first (in the ledger's memberid order,
  // so an opposite transfer queues rather than deadlocks), then check again.
  await lockMembers(trx, [String(first.frommemberid), String(first.tomemberid)]);
  const quote = await quoteTransfer(trx, input, now);
  const transferid = generateKey(now);
  try {
    await transfer(trx, { from: String(quote.frommemberid), to: String(quote.tomemberid), awardmiles: Number(quote.awardmiles), fee: Number(quote.total), source: `transfer:${transferid}`, user, now });
  } catch (error) {
    throw onField(error, 'awardmiles');
  }
  const at = now.toISOString();
  const row = { transferid, ...quote, transferredby: user, transferdate: isoDay(now), createdby: user, createddate: at, updatedby: user, updateddate: at };
  await definitionDb(trx).insertInto(TRANSFER_TABLE).values(row).execute();
  return row;
}

// ---- merge -----------------------------------------------------------------------------------------------

/**
 * Merges the duplicate account into the surviving one (the merge request's record, as approved): both cards'
 * members checked, the ledger moves transactions, lots, balances and cards and closes the duplicate; the
 * duplicate's tier history moves too. Returns the values the merge record keeps.
 */
export async function mergeByCards(trx: Db, record: Row, user: string, now: Date): Promise<Row> {
  const from = await memberByCard(trx, record.fromcardnumber, 'fromcardnumber');
  const into = await memberByCard(trx, record.intocardnumber, 'intocardnumber');
  const mergeid = String(record.mergeid);
  const request = await requestOf(trx, MERGE_RESOURCE, mergeid);
  // Approving: the accounts must still be the ones the maker named (a card moves with a merge approved meanwhile).
  if (request) await checkStillMergeable(trx, request.proposed, { from, into });
  if (from.memberid === into.memberid) throw fieldError('intocardnumber', TEXTS.selfMerge);
  if (from.status === MEMBER_CLOSED) throw fieldError('fromcardnumber', formatMessage(TEXTS.closedAccount, { card: from.cardnumber }));
  if (into.status === MEMBER_CLOSED) throw fieldError('intocardnumber', formatMessage(TEXTS.closedAccount, { card: into.cardnumber }));
  // Requesting: one waiting merge per account, so two approvals never race over the same miles and cards.
  if (!request) await checkNoPendingMerge(trx, { from, into }, mergeid);
  const cards = await trx.selectFrom('member_card').select((eb) => eb.fn.countAll().as('n')).where('memberid', '=', from.memberid).executeTakeFirstOrThrow();
  try {
    await mergeAccounts(trx, { from: from.memberid, into: into.memberid, user, now });
  } catch (error) {
    throw onField(error, 'fromcardnumber');
  }
  await moveTierHistory(trx, from.memberid, into.memberid);
  return {
    frommemberid: from.memberid,
    frommembername: from.name,
    intomemberid: into.memberid,
    intomembername: into.name,
    awardmiles: from.awardmiles,
    tiermiles: from.tiermiles,
    cardsmoved: Number(cards.n),
    mergedate: isoDay(now),
  };
}

const MERGE_FIELDS = { from: 'fromcardnumber', into: 'intocardnumber' } as const;

/**
 * At approval: each account the maker named (the request's proposed member ids) still holds its card and is not
 * closed; a merge approved meanwhile that took it names the account it went into.
 */
async function checkStillMergeable(trx: Db, proposed: Row | null, members: { from: CardMember; into: CardMember }): Promise<void> {
  for (const side of ['from', 'into'] as const) {
    const named = proposed?.[`${side}memberid`];
    const member = members[side];
    if (typeof named !== 'string' || named === member.memberid) continue;
    const merged = (await definitionDb(trx).selectFrom(MERGE_TABLE).select('intomemberid').where('frommemberid', '=', named).orderBy('mergeid', 'desc').executeTakeFirst()) as { intomemberid: string } | undefined;
    const message = merged
      ? formatMessage(TEXTS.mergedMeanwhile, { card: member.cardnumber, member: merged.intomemberid })
      : formatMessage(TEXTS.closedAccount, { card: member.cardnumber });
    throw fieldError(MERGE_FIELDS[side], message);
  }
}

/** At request time: neither account is in another merge request still waiting for approval. */
async function checkNoPendingMerge(trx: Db, members: { from: CardMember; into: CardMember }, mergeid: string): Promise<void> {
  const waiting = await trx
    .selectFrom('approval_request')
    .select(['recordkey', 'proposedvalue'])
    .where('resource', '=', MERGE_RESOURCE)
    .where('status', '=', APPROVAL_STATUS.PENDING)
    .where('recordkey', '<>', mergeid)
    .execute();
  for (const side of ['from', 'into'] as const) {
    const member = members[side];
    const other = waiting.find((request) => {
      const proposed = (request.proposedvalue ? JSON.parse(request.proposedvalue) : {}) as Row;
      return proposed.frommemberid === member.memberid || proposed.intomemberid === member.memberid;
    });
    if (other) throw fieldError(MERGE_FIELDS[side], formatMessage(TEXTS.mergePending, { card: member.cardnumber, mergeid: other.recordkey }), CODES.APPROVAL_PENDING);
  }
}

/**
 * The duplicate's tier history (member_tier, when the member screens declare it) goes with its cards. A period
 * the surviving account already has (the same tier from the same day: two enrollments of one person on one
 * day) stays with the closed account, so the history's key (member, start date, tier) stays unique.
 */
async function moveTierHistory(trx: Db, from: string, into: string): Promise<void> {
  const exists = await tableExists(trx, 'member_tier');
  if (!exists) return;
  await definitionDb(trx)
    .updateTable('member_tier')
    .set({ memberid: into })
    .where('memberid', '=', from)
    .where(({ not, exists: has, selectFrom }: any) =>
      not(has(selectFrom('member_tier as kept').select('kept.memberid').where('kept.memberid', '=', into).whereRef('kept.startdate', '=', 'member_tier.startdate').whereRef('kept.tierid', '=', 'member_tier.tierid'))),
    )
    .execute();
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((t) => t.name === table);
}

// ---- corrections and custom transactions -----------------------------------------------------------------

interface CustomTransaction {
  customtrxcode: string;
  customtrxname: string;
  direction: string;
  milestype: string;
  maxmiles: number;
  periodmiles: number | null;
  /** Custom Transaction's 'Valid for Transfer' (0/1): the miles it credits may be transferred. */
  validfortransfer: number | boolean | null;
  status: string;
}

/**
 * The approval request a record is applied for (the decision's own), if any: its id, maker and proposed values.
 * None while the maker's dry run runs (the request is stored after it).
 */
async function requestOf(trx: Db, resource: string, recordkey: string): Promise<{ requestid: number; requestedby: string; proposed: Row | null } | undefined> {
  const row = await trx
    .selectFrom('approval_request')
    .select(['requestid', 'requestedby', 'proposedvalue'])
    .where('resource', '=', resource)
    .where('recordkey', '=', recordkey)
    .orderBy('requestid', 'desc')
    .executeTakeFirst();
  return row ? { requestid: Number(row.requestid), requestedby: row.requestedby, proposed: row.proposedvalue ? (JSON.parse(row.proposedvalue) as Row) : null } : undefined;
}

async function roleOf(trx: Db, username: string): Promise<string | undefined> {
  return (await trx.selectFrom('app_user').select('rolecode').where('username', '=', username).executeTakeFirst())?.rolecode;
}

/**
 * The checks of a custom transaction type on a correction: active, granted to the role of the user who posts
 * it (the maker), its direction, the miles it posts and its most per transaction. Returns the type.
 */
async function checkCustom(trx: Db, record: Row, poster: string): Promise<CustomTransaction> {
  const code = String(record.customtrxcode);
  const type = (await definitionDb(trx).selectFrom(CUSTOM_TABLE).selectAll().where('customtrxcode', '=', code).executeTakeFirst()) as CustomTransaction | undefined;
  if (!type || type.status !== 'ACTIVE') throw fieldError('customtrxcode', formatMessage(TEXTS.customInactive, { code }));
  const rolecode = await roleOf(trx, poster);
  const grant = rolecode
    ? await definitionDb(trx).selectFrom(CUSTOM_ROLE_TABLE).select('rolecode').where('rolecode', '=', rolecode).where('customtrxcode', '=', code).where('status', '=', 'ACTIVE').executeTakeFirst()
    : undefined;
  if (!grant) throw fieldError('customtrxcode', formatMessage(TEXTS.customNotGranted, { code }), CODES.FORBIDDEN);
  const name = type.customtrxname;
  if (record.direction !== type.direction) throw fieldError('direction', formatMessage(TEXTS.customDirection, { name, direction: type.direction.toLowerCase() }));
  const award = Number(record.awardmiles ?? 0);
  const tier = Number(record.tiermiles ?? 0);
  if (type.milestype === 'AWARD' && tier > 0) throw fieldError('tiermiles', formatMessage(TEXTS.customMilesType, { name, type: 'award miles' }));
  if (type.milestype === 'TIER' && award > 0) throw fieldError('awardmiles', formatMessage(TEXTS.customMilesType, { name, type: 'tier miles' }));
  const max = Number(type.maxmiles);
  for (const [field, miles] of [
    ['awardmiles', award],
    ['tiermiles', tier],
  ] as const) {
    if (miles > max) throw fieldError(field, formatMessage(TEXTS.customAboveMax, { name, max: max.toLocaleString('en-US') }));
  }
  return type;
}

/**
 * Posts a correction (or, with a custom transaction type, a custom transaction) to the member's ledger: a
 * credit or a debit that may never take a balance below zero. Runs at the maker's request (a dry run, rolled
 * back) and again when it is approved. Returns the values the correction record keeps.
 */
export async function postCorrection(trx: Db, record: Row, user: string, now: Date): Promise<Row> {
  const member = await memberByCard(trx, record.cardnumber, 'cardnumber');
  if (member.status === MEMBER_CLOSED) throw fieldError('cardnumber', formatMessage(TEXTS.closedAccount, { card: member.cardnumber }));
  const award = Number(record.awardmiles ?? 0);
  const tier = Number(record.tiermiles ?? 0);
  const segments = Number(record.segments ?? 0);
  if (award + tier + segments === 0) throw fieldError('awardmiles', TEXTS.nothingToPost);
  const correctionid = String(record.correctionid);
  const request = await requestOf(trx, CORRECTION_RESOURCE, correctionid);
  const custom = record.customtrxcode ? await checkCustom(trx, record, request?.requestedby ?? user) : undefined;
  const activitydate = String(record.activitydate);
  const entry = {
    memberid: member.memberid,
    trxtype: custom ? TRX_TYPES.CUSTOM : TRX_TYPES.CORRECTION,
    activitydate,
    awardmiles: award,
    tiermiles: tier,
    segments,
    ...(custom?.periodmiles ? { expirydate: addMonths(activitydate, Number(custom.periodmiles)) } : {}),
    // A correction's miles may be transferred; a custom transaction's only when its type is valid for transfer.
    transferable: custom ? Number(custom.validfortransfer ?? 0) === 1 : true,
    source: request ? `approval:${request.requestid}` : `correction:${correctionid}`,
    reason: String(record.reason ?? ''),
    user,
    now,
  };
  let trxid: number;
  try {
    ({ trxid } = record.direction === 'DEBIT' ? await debit(trx, entry) : await credit(trx, entry));
  } catch (error) {
    const field = error instanceof LedgerError && ['awardmiles', 'tiermiles', 'segments'].includes(error.field ?? '') ? error.field! : 'cardnumber';
    throw onField(error, field);
  }
  return { memberid: member.memberid, membername: member.name, trxtype: entry.trxtype, trxid };
}
