// A member's redemption of an award (spec 001 §3.3): the member by card number, the award's eligibility, the
// price list from the award chart (server/awardManagement/awards/awardPricing.ts: peak seasons, blackouts, nominee fees), and the
// confirmation in ONE transaction: the miles debited through the ledger (REDEMPTION), the redemption row and one
// certificate per passenger (a voucher code for a non-air award). Above the configured miles (or always, by
// configuration) the miles are reserved (debited) and the redemption waits on Approval Redemption: approved, its
// certificates are issued; rejected, the miles are redeposited. A cancellation waits on Approval Redemption Cancel
// and redeposits the miles (ledger reverse: a REDEPOSIT row), its certificates CANCELLED.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_TEXTS, approvalPages } from '../../../engine/definition/approvals';
import { resourceModelOf, type Catalogue } from '../../../engine/definition/catalogue';
import type { ResourceModel } from '../../../engine/definition/compile';
import { ageOn, isoDay } from '../../../engine/definition/dates';
import { generateKey } from '../../../engine/definition/generatedKey';
import { formatMessage } from '../../../engine/rules';
import { RULE_MESSAGES } from '../../../engine/rules/messages';
import { priceAward, type Award, type AwardPrice, type Blackout, type NomineeFee, type PeakSeason, type PricingRows } from '../awards/awardPricing';
import type { ApprovalRequest } from '../../platform/approvals/approvalStore';
import { insertRequest } from '../../platform/approvals/approvalStore';
import { submittedAnswer } from '../../platform/approvals/approvers';
import { recordName } from '../../platform/approvals/recordNames';
import { readConfigKey } from '../../platform/configuration/configKeys';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { LedgerError, TRX_TYPES, credit, debit, reverse } from '../../ledger/ledgerStore';
import { isSqlite } from '../../platform/db/columnTypes';
import { MEMBER_STATUS } from '../../memberManagement/members/memberStore';
import { recordKey, recordsWhere, toDb, type Row } from '../../platform/resources/records';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { REDEMPTION_TEXTS as TEXTS, awardPriceHint, eligibilityProblem, needsRedemptionApproval, redemptionSummary, travelerType } from './redemptionRules';
import { auditStamp } from '../../platform/resources/auditColumns';
import { definitionDb } from '../../platform/db/definitionDb';
import { publishEvent } from '../../platform/webhooks/webhookEvents';
import { WEBHOOK_EVENTS } from '../../platform/webhooks/webhookRules';

type Db = Kysely<Schema>;
/** Definition-built tables are not in the typed schema. */

export const REDEMPTION_MENU = 'REDEEM';
export const REDEMPTION_RESOURCE = 'member-redemption';
export const CERTIFICATE_RESOURCE = 'redemption-certificate';
const AWARD_RESOURCE = 'award';
const AWARD_TYPE_RESOURCE = 'award-type';
const ZONE_RESOURCE = 'award-route-zone';
/** Approval Redemption, Approval Redemption Cancel (screens/approval/approval-redemption*.json). */
export const REDEMPTION_REQUEST = { menucode: 'MEMBER', action: 'redemption' } as const;
export const CANCEL_REQUEST = { menucode: 'MEMBER', action: 'redemption-cancel' } as const;
export const REDEMPTION_STATUS = { PENDING: 'PENDING', ISSUED: 'ISSUED', REJECTED: 'REJECTED', CANCELLED: 'CANCELLED' } as const;
export const CERTIFICATE_STATUS = { PENDING: 'PENDING', ISSUED: 'ISSUED', USED: 'USED', CANCELLED: 'CANCELLED' } as const;
/** The wizard's steps (screens/member-management/redemption.json): a flight award's search, a non-air award's date of use. */
export const STEPS = { member: 'step1', award: 'step2', search: 'step3', usage: 'usage', passengers: 'step4' } as const;

/** The step an award's date (and route) is entered on: the flight search, or a non-air award's date of use. */
export const searchStep = (award: { categorytype: string }) => (award.categorytype === 'AIR' ? STEPS.search : STEPS.usage);

/** A refusal on a step's field: the wizard shows it there. */
export class StepFieldError extends ApiError {
  constructor(
    readonly step: string,
    field: string,
    message: string,
    code: string = CODES.VALIDATION,
    readonly row?: number,
  ) {
    super(code, message, 200, { [field]: message });
  }
}

const miles = (n: number) => n.toLocaleString('en-US');

async function insertRecord(trx: Db, model: ResourceModel, values: Row, user: string, at: Date): Promise<void> {
  await insertRecords(trx, model, [values], user, at);
}

/** Records of one shape (the same fields given) in one statement: a redemption's certificates. */
async function insertRecords(trx: Db, model: ResourceModel, records: Row[], user: string, at: Date): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((values) => {
    const row: Row = {};
    for (const field of model.fields) if (field.name in values) row[field.name] = toDb(field, values[field.name]);
    return { ...row, ...auditStamp(user, at) };
  });
  await definitionDb(trx).insertInto(model.table).values(rows).execute();
}

// ---- the award book: the catalogue a redemption reads, cached briefly per database ----------------------------

/** The award screens' tables (and the configuration): a write to any of them makes the cached book stale. */
export const AWARD_BOOK_RESOURCES: readonly string[] = [AWARD_RESOURCE, AWARD_TYPE_RESOURCE, ZONE_RESOURCE, 'award-price', 'peak-season', 'blackout', 'nominee-fee-config', 'general-config'];
const AWARD_BOOK_SECONDS = 5;
/** After a write, books read before its commit must not be kept: until then each read is fresh. */
const CHANGE_SETTLE_MS = 2000;

interface AwardBook {
  awards: Map<string, Row>;
  types: Map<string, Row>;
  zones: Map<string, Row>;
  rows: Map<string, PricingRows>;
  policy: { always: boolean; aboveMiles: number };
  loadedAt: number;
}

const books = new WeakMap<object, AwardBook>();
const changedAt = new WeakMap<object, number>();

async function loadAwardBook(via: Db, catalogue: Catalogue): Promise<AwardBook> {
  const [awards, types, zones, prices, peakSeasons, blackouts, nomineeFees] = await Promise.all(
    [AWARD_RESOURCE, AWARD_TYPE_RESOURCE, ZONE_RESOURCE, 'award-price', 'peak-season', 'blackout', 'nominee-fee-config'].map((resource) => recordsWhere(via, resourceModelOf(catalogue, resource))),
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const shared = {
    peakSeasons: peakSeasons!.map((p) => ({ ...p, awardtypecode: p.awardtypecode ?? null }) as unknown as PeakSeason),
    blackouts: blackouts! as unknown as Blackout[],
    nomineeFees: nomineeFees!.map((f) => ({ ...f, feemiles: Number(f.feemiles), feeamount: num(f.feeamount), awardtypecode: f.awardtypecode ?? null, tierid: f.tierid ?? null, expireddate: f.expireddate ?? null }) as unknown as NomineeFee),
  };
  const rows = new Map<string, PricingRows>();
  for (const award of awards!) {
    const code = String(award.awardcode);
    const own = prices!.filter((p) => p.awardcode === code);
    rows.set(code, { ...shared, prices: own.map((p) => ({ ...p, normalmiles: Number(p.normalmiles), peakmiles: num(p.peakmiles), tierid: p.tierid ?? null, expireddate: p.expireddate ?? null }) as unknown as AwardPrice) });
  }
  return {
    awards: new Map(awards!.map((a) => [String(a.awardcode), a])),
    types: new Map(types!.map((t) => [String(t.awardtypecode), t])),
    zones: new Map(zones!.map((z) => [`${String(z.originairport)}|${String(z.destinationairport)}`, z])),
    rows,
    policy: { always: await readConfigKey(via, 'REDEMPTION_APPROVAL_ALWAYS'), aboveMiles: await readConfigKey(via, 'REDEMPTION_APPROVAL_MILES') },
    loadedAt: Date.now(),
  };
}

/**
 * The award book of a database (ctx.db): read once and shared for AWARD_BOOK_SECONDS, read again at once after
 * a write to an award table here. `via` reads it: the caller's transaction (SQLite's one connection is held by it;
 * on PostgreSQL reading through the pool beside a transaction could wait for ever on a full pool).
 */
async function awardBook(db: Db, catalogue: Catalogue, via: Db): Promise<AwardBook> {
  if (Date.now() - (changedAt.get(db) ?? 0) < CHANGE_SETTLE_MS) return loadAwardBook(via, catalogue);
  const cached = books.get(db);
  if (cached && Date.now() - cached.loadedAt < AWARD_BOOK_SECONDS * 1000) return cached;
  const book = await loadAwardBook(via, catalogue);
  books.set(db, book);
  return book;
}

/** A write to an award table or the configuration: the next redemption reads the book again. */
export function awardBookChanged(db: Db): void {
  books.delete(db);
  changedAt.set(db, Date.now());
}

// ---- the member, the award, the price list -----------------------------------------------------------------

export interface RedeemingMember {
  memberid: string;
  cardnumber: string;
  firstname: string;
  lastname: string;
  salutation: string | null;
  awardmiles: number;
  tierid: string;
  countrycode: string;
  branchcode: string | null;
  birthdate: string | null;
  age: number | null;
  agegroup: string | null;
}

/** The active member holding the card (step 1), with balance, tier and age band; otherwise a message on cardnumber. */
export async function memberByCard(db: Db, cardnumber: unknown, day: string): Promise<RedeemingMember> {
  const card = typeof cardnumber === 'string' ? cardnumber.trim() : '';
  const row = (await definitionDb(db)
    .selectFrom('member_card')
    .innerJoin('member', 'member.memberid', 'member_card.memberid')
    .select(['member_card.cardnumber', 'member.memberid', 'member.firstname', 'member.lastname', 'member.salutation', 'member.status', 'member.awardmiles', 'member.tierid', 'member.nationality', 'member.branchcode', 'member.birthdate'])
    .where('member_card.cardnumber', '=', card)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw new StepFieldError(STEPS.member, 'cardnumber', formatMessage(TEXTS.cardNotFound, { card }), CODES.MEMBER_NOT_FOUND);
  if (row.status !== MEMBER_STATUS.ACTIVE) throw new StepFieldError(STEPS.member, 'cardnumber', formatMessage(TEXTS.memberInactive, { member: String(row.memberid) }));
  const birthdate = row.birthdate ? String(row.birthdate).slice(0, 10) : null;
  const age = birthdate ? ageOn(birthdate, day) : null;
  return {
    memberid: String(row.memberid),
    cardnumber: String(row.cardnumber),
    firstname: String(row.firstname ?? ''),
    lastname: String(row.lastname ?? ''),
    salutation: (row.salutation as string | null) ?? null,
    awardmiles: Number(row.awardmiles),
    tierid: String(row.tierid ?? ''),
    countrycode: String(row.nationality ?? ''),
    branchcode: (row.branchcode as string | null) ?? null,
    birthdate,
    age,
    agegroup: age === null ? null : travelerType(age),
  };
}

export interface RedeemAward extends Award {
  awardname: string;
  categorytype: string;
  awardtypename: string;
  pricingby: string;
  partnercode: string | null;
  validitydays: number | null;
}

/** The award (step 2), eligible for the member's tier, country and branch; otherwise a message on awardcode. */
export async function eligibleAward(db: Db, catalogue: Catalogue, awardcode: unknown, member: RedeemingMember, day: string, via: Db = db): Promise<RedeemAward> {
  const code = typeof awardcode === 'string' ? awardcode : '';
  const book = await awardBook(db, catalogue, via);
  const award = book.awards.get(code);
  if (!award) throw new StepFieldError(STEPS.award, 'awardcode', formatMessage(TEXTS.awardNotFound, { award: code }));
  const type = book.types.get(String(award.awardtypecode));
  const redeem = {
    ...(award as unknown as Award),
    maxperson: Number(award.maxperson ?? 1),
    priceaward: award.priceaward === null || award.priceaward === undefined ? null : Number(award.priceaward),
    enddate: (award.enddate as string | null) ?? null,
    awardname: String(award.awardname ?? ''),
    categorytype: String(type?.categorytype ?? 'AIR'),
    awardtypename: String(type?.awardtypename ?? ''),
    pricingby: String(award.pricingby ?? 'ZONE'),
    partnercode: (award.partnercode as string | null) ?? null,
    validitydays: award.validitydays === null || award.validitydays === undefined ? null : Number(award.validitydays),
  } as RedeemAward;
  const problem = eligibilityProblem(redeem, member, day);
  if (problem) throw new StepFieldError(STEPS.award, 'awardcode', problem);
  return redeem;
}

/** The award step's price: a fixed price, or the chart's lowest miles for the member's tier today. */
export async function awardPrice(db: Db, catalogue: Catalogue, award: RedeemAward, member: RedeemingMember, day: string): Promise<Row> {
  const book = await awardBook(db, catalogue, db);
  return awardPriceHint(award, book.rows.get(award.awardcode)?.prices ?? [], member.tierid, day);
}

export interface FlightSearch {
  origin?: string | null;
  destination?: string | null;
  departuredate: string;
  isreturn?: boolean | null;
  returndate?: string | null;
  compartmentcode?: string | null;
  passenger: number;
  paidbookingclass?: string | null;
}

export interface PriceList {
  zonecode: string | null;
  pricedeparture: number;
  pricereturn: number;
  peakseason: string | null;
  activityprice: number;
  mileage: number;
  certificateprice: number;
  totalmileage: number;
  /** Miles of one certificate: one passenger's flights (a nominee's fee is added to a nominee's). */
  milesPerPassenger: number;
  nomineeFeePerNominee: number;
}

/**
 * The price list (step 3): departure (and return) priced by the award chart on their dates, peak seasons and
 * blackouts applied, the nominee fees for `nominees`, and the balance enough. Refusals on the search's fields.
 */
export async function priceList(db: Db, catalogue: Catalogue, member: RedeemingMember, award: RedeemAward, search: FlightSearch, nominees: number, via: Db = db): Promise<PriceList> {
  const step = searchStep(award);
  const air = award.categorytype === 'AIR';
  const book = await awardBook(db, catalogue, via);
  const rows = book.rows.get(award.awardcode)!;
  let zonecode: string | null = null;
  if (air && !award.fixedprice) {
    if (!search.origin || !search.destination) throw new StepFieldError(step, search.origin ? 'destination' : 'origin', TEXTS.routeRequired);
    if (!search.compartmentcode) throw new StepFieldError(step, 'compartmentcode', TEXTS.compartmentRequired);
    const zone = book.zones.get(`${search.origin}|${search.destination}`);
    zonecode = zone && zone.status !== 'INACTIVE' ? String((award.pricingby === 'ROUTE' ? zone.routeband : zone.zonecode) ?? '') || null : null;
    if (!zonecode) throw new StepFieldError(step, 'destination', formatMessage(TEXTS.noZone, { origin: search.origin, destination: search.destination }));
  }
  const leg = (date: string, origin: string | null | undefined, destination: string | null | undefined, field: string, withNominees: number) => {
    const priced = priceAward(award, rows, {
      date,
      tierid: member.tierid,
      countrycode: member.countrycode,
      branchcode: member.branchcode,
      zonecode: zonecode ?? undefined,
      compartmentcode: search.compartmentcode ?? undefined,
      originairport: origin ?? undefined,
      destinationairport: destination ?? undefined,
      passengers: search.passenger,
      nominees: withNominees,
    });
    if (!priced.ok) throw new StepFieldError(step, /passengers/.test(priced.reason) ? 'passenger' : field, priced.reason);
    return priced;
  };
  const departure = leg(search.departuredate, search.origin, search.destination, 'departuredate', nominees);
  const back = air && search.isreturn && search.returndate ? leg(search.returndate, search.destination, search.origin, 'returndate', 0) : undefined;
  const summary = redemptionSummary(departure.milesPerPassenger, back?.milesPerPassenger ?? 0, search.passenger, departure.nomineeFeeMiles);
  if (summary.totalmileage > member.awardmiles) {
    throw new StepFieldError(step, 'passenger', formatMessage(TEXTS.balanceTooSmall, { balance: miles(member.awardmiles), total: miles(summary.totalmileage) }));
  }
  return {
    zonecode,
    pricedeparture: departure.milesPerPassenger,
    pricereturn: back?.milesPerPassenger ?? 0,
    peakseason: departure.peakseasoncode ?? back?.peakseasoncode ?? null,
    ...summary,
    milesPerPassenger: summary.activityprice,
    nomineeFeePerNominee: nominees > 0 ? departure.nomineeFeeMiles / nominees : 0,
  };
}

// ---- confirmation ------------------------------------------------------------------------------------------

export interface Passenger {
  name: string;
  familyname: string;
  memberiduser?: string | null;
  birthdate: string;
  selfusage?: boolean | null;
}

export interface RedemptionDraft {
  cardnumber: string;
  awardcode: string;
  search: FlightSearch;
  passengers: Passenger[];
}

const randomCode = (length: number) => {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
};

/** The passengers checked against the search: as many as searched, one self at most, born before the flight. */
function checkPassengers(search: FlightSearch, passengers: Passenger[]): void {
  const step = STEPS.passengers;
  if (passengers.length !== search.passenger) throw new StepFieldError(step, 'name', formatMessage(TEXTS.passengerCount, { count: search.passenger }));
  if (passengers.filter((p) => p.selfusage).length > 1) throw new StepFieldError(step, 'selfusage', TEXTS.oneSelf);
  passengers.forEach((p, i) => {
    if (p.birthdate > search.departuredate) throw new StepFieldError(step, 'birthdate', `Passenger ${i + 1}: ${TEXTS.birthAfterTravel}`, CODES.VALIDATION, i);
  });
}

/** A whole draft priced: every check Confirm makes, nothing stored. */
export interface RedemptionQuote {
  member: RedeemingMember;
  award: RedeemAward;
  price: PriceList;
  nominees: number;
}

/**
 * The price of a whole draft: the member, the award, the passengers and the price list with every nominee's fee.
 * The summary shows it and Confirm debits it: one function, so what the clerk sees is what is taken.
 */
export async function quoteRedemption(db: Db, catalogue: Catalogue, draft: RedemptionDraft, day: string, via: Db = db): Promise<RedemptionQuote> {
  const member = await memberByCard(via, draft.cardnumber, day);
  const award = await eligibleAward(db, catalogue, draft.awardcode, member, day, via);
  // A draft without the step the award is dated on (its condition left it out): told on that step.
  if (!draft.search.departuredate) throw new StepFieldError(searchStep(award), 'departuredate', formatMessage(RULE_MESSAGES.required, { label: 'Departure Date' }));
  checkPassengers(draft.search, draft.passengers);
  const nominees = draft.passengers.filter((p) => !p.selfusage).length;
  const price = await priceList(db, catalogue, member, award, draft.search, nominees, via);
  return { member, award, price, nominees };
}

/** What the summary shows of a quote: the award's miles, each fee by name, the total, the balance before and after. */
export const quoteShown = ({ member, price, nominees }: RedemptionQuote): Row => ({
  awardprice: price.mileage,
  nominees,
  nomineefee: price.certificateprice,
  totalmileage: price.totalmileage,
  balance: member.awardmiles,
  balanceafter: member.awardmiles - price.totalmileage,
});

export interface Confirmed {
  redemption: Row;
  certificates: Row[];
  message: string;
}

/**
 * Confirms a redemption in the caller's transaction: every check again, the miles debited (never below zero: the
 * ledger's guarded update), the redemption and one certificate per passenger; waiting for approval when the
 * configuration says so (the miles reserved by the same debit).
 */
export async function confirmRedemption(ctx: ActionContext, trx: Db, catalogue: Catalogue, draft: RedemptionDraft): Promise<Confirmed> {
  const at = ctx.now();
  const day = isoDay(at);
  const user = ctx.user!.username;
  const { member, award, price } = await quoteRedemption(ctx.db, catalogue, draft, day, trx);
  const waiting = needsRedemptionApproval(price.totalmileage, (await awardBook(ctx.db, catalogue, trx)).policy);
  const redemptionid = generateKey(at);
  let trxid: number;
  try {
    ({ trxid } = await debit(trx, {
      memberid: member.memberid,
      trxtype: TRX_TYPES.REDEMPTION,
      activitydate: day,
      awardmiles: price.totalmileage,
      source: `redemption:${redemptionid}`,
      reason: `Redemption ${award.awardcode}`,
      user,
      now: at,
    }));
  } catch (error) {
    if (error instanceof LedgerError) throw new StepFieldError(searchStep(award), 'passenger', error.message);
    throw error;
  }
  const air = award.categorytype === 'AIR';
  const redemption: Row = {
    redemptionid,
    memberid: member.memberid,
    cardnumber: member.cardnumber,
    membername: `${member.firstname} ${member.lastname}`.trim(),
    tierid: member.tierid,
    agegroup: member.agegroup,
    awardmiles: member.awardmiles,
    awardcode: award.awardcode,
    categorytype: award.categorytype,
    partnercode: award.partnercode,
    origin: air ? (draft.search.origin ?? null) : null,
    destination: air ? (draft.search.destination ?? null) : null,
    isreturn: air && Boolean(draft.search.isreturn),
    departuredate: draft.search.departuredate,
    returndate: air && draft.search.isreturn ? (draft.search.returndate ?? null) : null,
    compartmentcode: air ? (draft.search.compartmentcode ?? null) : null,
    paidbookingclass: draft.search.paidbookingclass ?? null,
    passenger: draft.search.passenger,
    zonecode: price.zonecode,
    peakseason: price.peakseason,
    pricedeparture: price.pricedeparture,
    pricereturn: price.pricereturn,
    mileage: price.mileage,
    certificateprice: price.certificateprice,
    activityprice: price.activityprice,
    totalmileage: price.totalmileage,
    redeemdate: day,
    trxid,
    status: waiting ? REDEMPTION_STATUS.PENDING : REDEMPTION_STATUS.ISSUED,
    requestid: null,
    redeemuser: user,
  };
  const redemptionModel = resourceModelOf(catalogue, REDEMPTION_RESOURCE);
  await insertRecord(trx, redemptionModel, redemption, user, at);
  const validitydate = award.validitydays ? isoDay(new Date(at.getTime() + award.validitydays * 86_400_000)) : null;
  const certificates = draft.passengers.map((p, i): Row => ({
    certificateid: `${redemptionid}-${i + 1}`,
    memberid: member.memberid,
    redemptionid,
    passengerno: i + 1,
    awardcode: award.awardcode,
    name: p.name,
    familyname: p.familyname,
    memberiduser: p.selfusage ? member.cardnumber : (p.memberiduser ?? null),
    birthdate: p.birthdate,
    travelertype: travelerType(ageOn(p.birthdate, draft.search.departuredate)),
    selfusage: Boolean(p.selfusage),
    certificateprice: price.milesPerPassenger + (p.selfusage ? 0 : price.nomineeFeePerNominee),
    partnercode: air ? null : award.partnercode,
    vouchercode: air ? null : `${award.partnercode ?? 'V'}-${randomCode(10)}`,
    validitydate,
    status: waiting ? CERTIFICATE_STATUS.PENDING : CERTIFICATE_STATUS.ISSUED,
  }));
  const certificateModel = resourceModelOf(catalogue, CERTIFICATE_RESOURCE);
  await insertRecords(trx, certificateModel, certificates, user, at);
  const recordkey = recordKey(redemptionModel, redemption);
  if (waiting) {
    const key = { memberid: member.memberid, redemptionid };
    const requestid = await insertRequest(
      trx,
      { ...REDEMPTION_REQUEST, resource: REDEMPTION_RESOURCE, recordkey, recordname: await recordName(trx, catalogue, REDEMPTION_RESOURCE, redemption), key, data: key, proposed: { ...redemption, status: REDEMPTION_STATUS.ISSUED }, before: null, requestedby: user, requestdate: at.toISOString() },
      formatMessage(APPROVAL_TEXTS.pending, { title: 'Redemption', key: recordkey }),
    );
    await definitionDb(trx).updateTable(redemptionModel.table).set({ requestid }).where('memberid', '=', member.memberid).where('redemptionid', '=', redemptionid).execute();
    redemption.requestid = requestid;
  }
  await writeUserLog(trx, { username: user, module: REDEMPTION_MENU, legend: waiting ? LEGENDS.REQUEST_APPROVAL : LEGENDS.CREATE, recordkey, after: redemption, ip: ctx.ip }, at);
  if (!waiting) await publishRedemption(trx, WEBHOOK_EVENTS.redemptionIssued, redemption, at);
  const said = formatMessage(waiting ? TEXTS.waiting : TEXTS.redeemed, { redemption: redemptionid, total: miles(price.totalmileage), count: certificates.length });
  // A waiting redemption's answer names who may approve it, as every request's does.
  const message = waiting ? (await submittedAnswer(trx, approvalPages(catalogue), REDEMPTION_REQUEST, said)).message : said;
  return { redemption, certificates, message };
}

// ---- reading, approval, cancellation -------------------------------------------------------------------------

/** A redemption's outbound event (issued, cancelled), in the transaction that moved it. */
async function publishRedemption(trx: Db, type: typeof WEBHOOK_EVENTS.redemptionIssued | typeof WEBHOOK_EVENTS.redemptionCancelled, redemption: Row, at: Date): Promise<void> {
  await publishEvent(
    trx,
    {
      type,
      payload: {
        redemptionid: redemption.redemptionid,
        memberid: redemption.memberid,
        cardnumber: redemption.cardnumber,
        awardcode: redemption.awardcode,
        passenger: Number(redemption.passenger),
        totalmileage: Number(redemption.totalmileage),
        departuredate: redemption.departuredate,
        trxid: redemption.trxid === null || redemption.trxid === undefined ? null : Number(redemption.trxid),
      },
    },
    at,
  );
}

/** PostgreSQL: row-locks the redemption, so a decision reads it as no other decision will change it before commit. */
export async function lockRedemption(trx: Db, catalogue: Catalogue, key: Row): Promise<void> {
  if (isSqlite(trx)) return;
  await definitionDb(trx).selectFrom(resourceModelOf(catalogue, REDEMPTION_RESOURCE).table).select('redemptionid').where('memberid', '=', key.memberid).where('redemptionid', '=', key.redemptionid).forUpdate().execute();
}

export async function readRedemption(db: Db, catalogue: Catalogue, key: Row): Promise<Row | null> {
  const [row] = await recordsWhere(db, resourceModelOf(catalogue, REDEMPTION_RESOURCE), { memberid: key.memberid, redemptionid: key.redemptionid });
  return row ?? null;
}

export async function readCertificates(db: Db, catalogue: Catalogue, key: Row): Promise<Row[]> {
  const rows = await recordsWhere(db, resourceModelOf(catalogue, CERTIFICATE_RESOURCE), { memberid: key.memberid, redemptionid: key.redemptionid });
  return rows.sort((a, b) => Number(a.passengerno) - Number(b.passengerno));
}

/** Moves a redemption from one status to another, guarded (of two deciders only one moves it); false when it had moved. */
async function moveRedemption(trx: Db, catalogue: Catalogue, key: Row, from: string, to: string, user: string, at: Date): Promise<boolean> {
  const model = resourceModelOf(catalogue, REDEMPTION_RESOURCE);
  const moved = await definitionDb(trx)
    .updateTable(model.table)
    .set({ status: to, updatedby: user, updateddate: at.toISOString() })
    .where('memberid', '=', key.memberid)
    .where('redemptionid', '=', key.redemptionid)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

async function setCertificates(trx: Db, catalogue: Catalogue, key: Row, to: string, onlyFrom: string[]): Promise<void> {
  await definitionDb(trx)
    .updateTable(resourceModelOf(catalogue, CERTIFICATE_RESOURCE).table)
    .set({ status: to })
    .where('memberid', '=', key.memberid)
    .where('redemptionid', '=', key.redemptionid)
    .where('status', 'in', onlyFrom)
    .execute();
}

/** Approval Redemption approved: the waiting redemption and its certificates issued (the miles were reserved). */
export async function approveRedemption(ctx: ActionContext, trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<void> {
  const at = ctx.now();
  if (!(await moveRedemption(trx, catalogue, request.key, REDEMPTION_STATUS.PENDING, REDEMPTION_STATUS.ISSUED, ctx.user!.username, at))) {
    const now = await readRedemption(trx, catalogue, request.key);
    throw new ApiError(CODES.ALREADY_DECIDED, formatMessage(TEXTS.notPending, { redemption: request.recordkey, status: String(now?.status ?? 'missing') }));
  }
  await setCertificates(trx, catalogue, request.key, CERTIFICATE_STATUS.ISSUED, [CERTIFICATE_STATUS.PENDING]);
  const issued = await readRedemption(trx, catalogue, request.key);
  if (issued) await publishRedemption(trx, WEBHOOK_EVENTS.redemptionIssued, issued, at);
  await writeUserLog(trx, { username: ctx.user!.username, module: REDEMPTION_REQUEST.menucode, legend: LEGENDS.APPROVE, recordkey: request.recordkey, after: { status: REDEMPTION_STATUS.ISSUED }, ip: ctx.ip }, at);
}

/**
 * Gives a redemption's miles back: its debit reversed (a REDEPOSIT row), and what certificate updates changed
 * since (the redemption's total against that debit) given back too, or taken again, so that exactly the
 * redemption's total returns.
 */
async function redeposit(trx: Db, redemption: Row, user: string, at: Date, reason: string): Promise<number> {
  const source = `redemption:${String(redemption.redemptionid)}`;
  try {
    const original = await trx.selectFrom('ledger_transaction').select('awardmiles').where('trxid', '=', Number(redemption.trxid)).executeTakeFirstOrThrow();
    const { trxid } = await reverse(trx, { trxid: Number(redemption.trxid), trxtype: TRX_TYPES.REDEPOSIT, user, now: at, source, reason });
    const changed = Number(redemption.totalmileage) + Number(original.awardmiles);
    const entry = { memberid: String(redemption.memberid), activitydate: isoDay(at), source, reason, user, now: at };
    if (changed > 0) await credit(trx, { ...entry, trxtype: TRX_TYPES.REDEPOSIT, awardmiles: changed });
    if (changed < 0) await debit(trx, { ...entry, trxtype: TRX_TYPES.REDEMPTION, awardmiles: -changed });
    return trxid;
  } catch (error) {
    throw error instanceof LedgerError ? error.onField('redemptionid').toApiError() : error;
  }
}

/** Approval Redemption rejected: the reserved miles redeposited, the redemption REJECTED, its certificates CANCELLED. */
export async function rejectRedemption(ctx: ActionContext, trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<void> {
  const at = ctx.now();
  const redemption = await readRedemption(trx, catalogue, request.key);
  if (!redemption || !(await moveRedemption(trx, catalogue, request.key, REDEMPTION_STATUS.PENDING, REDEMPTION_STATUS.REJECTED, ctx.user!.username, at))) {
    throw new ApiError(CODES.ALREADY_DECIDED, formatMessage(TEXTS.notPending, { redemption: request.recordkey, status: String(redemption?.status ?? 'missing') }));
  }
  await redeposit(trx, redemption, ctx.user!.username, at, formatMessage(TEXTS.rejectedRedeposit, { redemption: String(redemption.redemptionid) }));
  await setCertificates(trx, catalogue, request.key, CERTIFICATE_STATUS.CANCELLED, [CERTIFICATE_STATUS.PENDING]);
}

/** Why an issued redemption cannot be cancelled (a certificate used or cancelled), or undefined. */
function cancelProblem(redemption: Row, certificates: Row[], recordkey: string): string | undefined {
  if (redemption.status !== REDEMPTION_STATUS.ISSUED) return formatMessage(TEXTS.notIssued, { redemption: recordkey, status: String(redemption.status) });
  const used = certificates.find((c) => c.status === CERTIFICATE_STATUS.USED);
  if (used) return formatMessage(TEXTS.certificateUsed, { certificate: String(used.certificateid) });
  const cancelled = certificates.find((c) => c.status === CERTIFICATE_STATUS.CANCELLED);
  if (cancelled) return formatMessage(TEXTS.certificateCancelled, { certificate: String(cancelled.certificateid) });
  return undefined;
}

/** The member's Cancel Redemption: checked, then a request on Approval Redemption Cancel (nothing moves yet). */
export async function requestCancel(ctx: ActionContext, catalogue: Catalogue, key: Row): Promise<{ requestid: number; message: string; approvers: string[] }> {
  const at = ctx.now();
  const user = ctx.user!.username;
  const model = resourceModelOf(catalogue, REDEMPTION_RESOURCE);
  return ctx.db.transaction().execute(async (trx) => {
    await lockRedemption(trx, catalogue, key);
    const redemption = await readRedemption(trx, catalogue, key);
    if (!redemption) throw new ApiError(CODES.NOT_FOUND, `Redemption "${String(key.redemptionid ?? '')}" was not found`, 200, { redemptionid: 'not found' });
    const recordkey = recordKey(model, redemption);
    const problem = cancelProblem(redemption, await readCertificates(trx, catalogue, key), String(redemption.redemptionid));
    if (problem) throw new ApiError(CODES.VALIDATION, problem, 200, { redemptionid: problem });
    const requestkey = { memberid: redemption.memberid, redemptionid: redemption.redemptionid };
    const requestid = await insertRequest(
      trx,
      { ...CANCEL_REQUEST, resource: REDEMPTION_RESOURCE, recordkey, recordname: await recordName(trx, catalogue, REDEMPTION_RESOURCE, redemption), key: requestkey, data: requestkey, proposed: { ...redemption, status: REDEMPTION_STATUS.CANCELLED }, before: redemption, requestedby: user, requestdate: at.toISOString() },
      formatMessage(APPROVAL_TEXTS.pending, { title: 'Redemption', key: recordkey }),
    );
    await writeUserLog(trx, { username: user, module: REDEMPTION_REQUEST.menucode, legend: LEGENDS.REQUEST_APPROVAL, recordkey, after: { requestid, action: CANCEL_REQUEST.action }, ip: ctx.ip }, at);
    return { requestid, ...(await submittedAnswer(trx, approvalPages(catalogue), CANCEL_REQUEST)) };
  });
}

/** Approval Redemption Cancel approved: checked again, the miles redeposited (REDEPOSIT), redemption and certificates CANCELLED. */
export async function approveCancel(ctx: ActionContext, trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<void> {
  const at = ctx.now();
  await lockRedemption(trx, catalogue, request.key);
  const redemption = await readRedemption(trx, catalogue, request.key);
  if (!redemption) throw new ApiError(CODES.NOT_FOUND, `Redemption "${request.recordkey}" was not found`);
  const problem = cancelProblem(redemption, await readCertificates(trx, catalogue, request.key), String(redemption.redemptionid));
  if (problem) throw new ApiError(CODES.VALIDATION, problem, 200, { redemptionid: problem });
  if (!(await moveRedemption(trx, catalogue, request.key, REDEMPTION_STATUS.ISSUED, REDEMPTION_STATUS.CANCELLED, ctx.user!.username, at))) {
    throw new ApiError(CODES.ALREADY_DECIDED, formatMessage(TEXTS.notIssued, { redemption: request.recordkey, status: 'changed' }));
  }
  await redeposit(trx, redemption, ctx.user!.username, at, formatMessage(TEXTS.cancelled, { redemption: String(redemption.redemptionid), total: miles(Number(redemption.totalmileage)) }));
  await setCertificates(trx, catalogue, request.key, CERTIFICATE_STATUS.CANCELLED, [CERTIFICATE_STATUS.ISSUED]);
  await publishRedemption(trx, WEBHOOK_EVENTS.redemptionCancelled, { ...redemption, status: REDEMPTION_STATUS.CANCELLED }, at);
  await writeUserLog(trx, { username: ctx.user!.username, module: CANCEL_REQUEST.menucode, legend: LEGENDS.APPROVE, recordkey: request.recordkey, before: { status: redemption.status }, after: { status: REDEMPTION_STATUS.CANCELLED }, ip: ctx.ip }, at);
}
