// Accrual's queries and transactions: the rule book (every rule table, cached briefly per database), the
// member and tier an activity belongs to, rating with the engine (accrualRules.ts), and the one way a rated
// activity is credited (creditActivities: the ledger credit, its detail lines, promotion completions). Activity
// rows are written by accrualBatch.ts, one or many; re-rating here reverses and re-credits an existing row.
// Miles move only through server/ledger.
import type { Kysely } from 'kysely';
import { ACCRUAL_REASONS, PROMOTION_RULE, type AccrualReason, type AccrualResult } from '../../../domain/accrualResult';
import { CODES } from '../../../engine/api/responseCodes';
import { resolveFields, resourceModel, type ResourceModel } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { RULE_MESSAGES } from '../../../engine/rules';
import { ApiError } from '../../platform/core/apiError';
import { isSqlite } from '../../platform/db/columnTypes';
import { compiledOnce, fill, slot } from '../../platform/db/compiledQueries';
import { readRows } from '../../platform/db/database';
import type { Schema } from '../../platform/db/schema';
import { readConfigKey } from '../../platform/configuration/configKeys';
import { creditMany, debit, LedgerError, TRX_TYPES, type LedgerEntry } from '../../ledger/ledgerStore';
import { insertJsonRows } from '../../platform/db/jsonRows';
import { addMonths } from '../../../engine/definition/dates';
import { rowToRecord, toDb, type Row } from '../../platform/resources/records';
import { rateAir, rateNonAir, type AccrualMember, type AirActivity, type Coordinates, type LimitUsage, type NonAirActivity } from './accrualRules';
import { segmentKey as flightSegmentKey } from '../../../domain/flightIdentity';
import { registeredPromotions } from '../promotions/promotionStore';
import { givePromoCompletionBonuses } from '../../tierManagement/bonuses/bonusStore';
import { airRulesFor, assembleRuleBook, classKey, nonAirRulesFor, RULE_RESOURCES, type RuleBook, type RuleTables } from './ruleBook';
import { auditStamp } from '../../platform/resources/auditColumns';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

type Db = Kysely<Schema>;

export const ACTIVITY_RESOURCE = 'member-activity';
export const PARK_RESOURCE = 'park-activity';
/**
 * Tables whose change makes the cached rule book stale: the rule screens, airports (coordinates), and what
 * a posted activity's fields name (airlines, booking classes, partners, activity codes, currencies).
 */
export const BOOK_RESOURCES: readonly string[] = [...Object.values(RULE_RESOURCES), 'airport', 'airline', 'booking-class', 'partner', 'activity-code', 'currency'];

export type ActivityType = 'AIR' | 'NONAIR';
export type Channel = 'API' | 'STAFF' | 'FILE';

/** An activity as it is posted: the member's card and the fields of the member's activity (Park Activity's fields). */
export interface PostedActivity {
  activitytype: ActivityType;
  cardnumber?: string | null;
  activitydate: string;
  carrier?: string | null;
  flightnumber?: string | null;
  origin?: string | null;
  destination?: string | null;
  bookingclass?: string | null;
  ticketnumber?: string | null;
  ticketissuedate?: string | null;
  operatingcarrier?: string | null;
  fareamount?: number | null;
  farecurrency?: string | null;
  partnercode?: string | null;
  activitycode?: string | null;
  amount?: number | null;
  currencycode?: string | null;
}

const AIR: readonly ActivityType[] = ['AIR'];
const NONAIR: readonly ActivityType[] = ['NONAIR'];
/**
 * The fields of a posted activity besides its card, in the order the member's activity and Park Activity declare
 * them, with the kinds of activity that carry each. Their types and lengths are Park Activity's definition's
 * (activityFieldTypes): the API's data, a file's columns and a stored row's activity all come from here.
 */
const ACTIVITY_FIELD_KINDS = {
  activitydate: [...AIR, ...NONAIR],
  carrier: AIR,
  flightnumber: AIR,
  origin: AIR,
  destination: AIR,
  bookingclass: AIR,
  ticketnumber: AIR,
  ticketissuedate: AIR,
  operatingcarrier: AIR,
  fareamount: AIR,
  farecurrency: AIR,
  partnercode: NONAIR,
  activitycode: NONAIR,
  amount: NONAIR,
  currencycode: NONAIR,
} as const satisfies Record<string, readonly ActivityType[]>;

export const ACTIVITY_FIELDS = Object.keys(ACTIVITY_FIELD_KINDS) as (keyof typeof ACTIVITY_FIELD_KINDS)[];

/** The fields an activity of a kind is posted with (the API's data, a file's columns): its card, then its own. */
export const postedFields = (type: ActivityType): string[] => ['cardnumber', ...ACTIVITY_FIELDS.filter((name) => ACTIVITY_FIELD_KINDS[name].includes(type))];

/**
 * The JSON Schema of each posted field (the card's too), from Park Activity's definition (the posted activity's
 * own screen): a number or a text of the field's length, null allowed unless the definition requires the field;
 * `documented`: as the API reference tells them.
 */
export function activityFieldTypes(catalogue: Catalogue, { documented = false } = {}): Record<string, Record<string, unknown>> {
  const screen = catalogue.screenByResource.get(PARK_RESOURCE);
  if (!screen) throw new Error(`no screen declares resource "${PARK_RESOURCE}"`);
  const fields = new Map(resolveFields(screen).map((f) => [f.name, f]));
  return Object.fromEntries(
    ['cardnumber', ...ACTIVITY_FIELDS].map((name) => {
      const field = fields.get(name);
      if (!field) throw new Error(`${PARK_RESOURCE} declares no field "${name}" of a posted activity`);
      const numeric = field.type === 'number' || field.type === 'integer';
      const length = field.type === 'date' ? ISO_DAY_LENGTH : numeric ? undefined : field.maxLength;
      const type = numeric ? 'number' : 'string';
      // The API reference says a date is one (the handler checks it; the route's validator knows no formats).
      const format = documented && field.type === 'date' ? { format: 'date' } : {};
      return [name, { type: field.required ? type : [type, 'null'], ...(length ? { maxLength: length } : {}), ...format }];
    }),
  );
}
const ISO_DAY_LENGTH = 10;

/** The field a refusal's message belongs on, on the posting form (Park Activity's and the member's activity's fields). */
export const REASON_FIELDS: Record<AccrualReason, string> = {
  NO_MEMBER: 'cardnumber',
  MEMBER_NOT_ACTIVE: 'cardnumber',
  BEFORE_ENROLLMENT: 'activitydate',
  NO_RULE: 'bookingclass',
  NO_DISTANCE: 'destination',
  CODESHARE_NOT_EARNING: 'operatingcarrier',
  ROUTE_NOT_EARNING: 'destination',
  CLASS_NOT_EARNING: 'bookingclass',
  ALREADY_CREDITED: 'flightnumber',
  BELOW_MINIMUM: 'amount',
  LIMIT_REACHED: 'activitycode',
};

export function reasonField(type: ActivityType, code: AccrualReason): string {
  if (type === 'NONAIR' && code === 'NO_RULE') return 'activitycode';
  return REASON_FIELDS[code];
}

export const refusalError = (type: ActivityType, result: AccrualResult): ApiError => {
  const field = reasonField(type, result.reasoncode!);
  return new ApiError(CODES.VALIDATION, result.reason!, 200, { [field]: result.reason! });
};

// not in spec: the product's own texts of posting.
export const ACCRUAL_TEXTS = moduleTexts.accrual;

/** What an air or non-air activity needs beyond the fields every activity has. */
export const REQUIRED_BY_TYPE: Record<ActivityType, readonly string[]> = {
  AIR: ['carrier', 'flightnumber', 'origin', 'destination', 'bookingclass', 'ticketissuedate'],
  NONAIR: ['partnercode', 'activitycode'],
};

/**
 * The checks the rule language cannot say: the fields its type needs, and no date after today. `labels`
 * names each field as its screen does. Field name -> message; empty when all holds.
 */
export function activityProblems(a: PostedActivity, labels: (name: string) => string, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const say = (text: string, name: string) => text.replace('{label}', labels(name));
  for (const name of REQUIRED_BY_TYPE[a.activitytype] ?? []) {
    const value = (a as unknown as Row)[name];
    if (value === null || value === undefined || value === '') problems[name] = say(RULE_MESSAGES.required, name);
  }
  for (const name of ['activitydate', 'ticketissuedate'] as const) {
    const value = a[name];
    if (typeof value === 'string' && value > today && !problems[name]) problems[name] = say(ACCRUAL_TEXTS.future, name);
  }
  return problems;
}

// ---- the rule book ------------------------------------------------------------------------------------------

/** How long a loaded rule book serves before it is read again (a rule changed on another app server shows within this). */
export const RULE_BOOK_SECONDS = 5;

/** A posted field's reference values (and, for a cascading choice, the parent value each belongs to). */
interface ReferenceSet {
  values: Set<string>;
  parent?: { field: string; pairs: Set<string> };
}

interface CachedBook {
  book: RuleBook;
  airports: Map<string, Coordinates>;
  /** Park Activity's reference fields' values: a post naming known ones needs no lookup (unknown ones get the generic check's message). */
  references: Map<string, ReferenceSet>;
  /** MILES_EXPIRY_MONTHS, read with the rules. */
  expiryMonths: number;
  loadedAt: number;
}

const pair = (parent: unknown, value: unknown) => `${String(parent)}\u0000${String(value)}`;

/** The values every reference field of Park Activity may take, read from their selectors' tables. */
async function loadReferences(db: Db, catalogue: Catalogue): Promise<Map<string, ReferenceSet>> {
  const park = models(catalogue, [PARK_RESOURCE]).get(PARK_RESOURCE);
  const out = new Map<string, ReferenceSet>();
  for (const field of park?.fields ?? []) {
    const selector = field.source && catalogue.selectors[field.source.selector];
    const target = selector && !selector.composite ? models(catalogue, [selector.resource]).get(selector.resource) : undefined;
    if (!selector || !target || field.source?.dependsOn?.through) continue;
    const filter = field.source!.dependsOn?.filter;
    const rows = (await definitionDb(db)
      .selectFrom(target.table)
      .select(filter ? [selector.value, filter] : [selector.value])
      .execute()) as Row[];
    out.set(field.name, {
      values: new Set(rows.map((r) => String(r[selector.value]))),
      parent: filter ? { field: field.source!.dependsOn!.field, pairs: new Set(rows.map((r) => pair(r[filter], r[selector.value]))) } : undefined,
    });
  }
  return out;
}

/** Whether every reference a post names is one the book knows (in its parent, for a cascading one). */
export function referencesKnown(references: Map<string, ReferenceSet>, values: Row): boolean {
  for (const [name, set] of references) {
    const value = values[name];
    if (value === null || value === undefined || value === '') continue;
    const parent = set.parent && values[set.parent.field];
    if (set.parent && parent !== null && parent !== undefined && parent !== '') {
      if (!set.parent.pairs.has(pair(parent, value))) return false;
    } else if (!set.values.has(String(value))) return false;
  }
  return true;
}

const books = new WeakMap<object, CachedBook | Promise<CachedBook>>();
/** PostgreSQL: the book served while its next reading runs. */
const stale = new WeakMap<object, CachedBook>();
/** After a rule changes, books read before its commit must not be kept: until then each read is fresh. */
const changedAt = new WeakMap<object, number>();
const CHANGE_SETTLE_MS = 2000;

const modelCache = new WeakMap<Catalogue, Map<string, ResourceModel | undefined>>();

/** The resource models of some resources of the catalogue (compiled once per catalogue). */
export function models(catalogue: Catalogue, names: readonly string[]): Map<string, ResourceModel> {
  let known = modelCache.get(catalogue);
  if (!known) modelCache.set(catalogue, (known = new Map()));
  const out = new Map<string, ResourceModel>();
  for (const name of names) {
    if (!known.has(name)) {
      const screen = catalogue.screenByResource.get(name);
      known.set(name, screen && resourceModel(screen));
    }
    const model = known.get(name);
    if (model) out.set(name, model);
  }
  return out;
}

async function loadBook(db: Db, catalogue: Catalogue): Promise<CachedBook> {
  const byName = models(catalogue, BOOK_RESOURCES);
  const read = async (resource: string): Promise<Row[]> => {
    const model = byName.get(resource);
    if (!model) return [];
    const rows = (await definitionDb(db).selectFrom(model.table).selectAll().execute()) as Row[];
    return rows.map((row) => rowToRecord(model, row));
  };
  const tables = Object.fromEntries(await Promise.all(Object.entries(RULE_RESOURCES).map(async ([name, resource]) => [name, await read(resource)] as const))) as RuleTables;
  const airports = new Map<string, Coordinates>();
  const airportModel = byName.get('airport');
  if (airportModel) {
    const hasCoordinates = airportModel.fields.some((f) => f.name === 'latitude');
    const rows = (await definitionDb(db)
      .selectFrom(airportModel.table)
      .select(hasCoordinates ? ['airportiatacode', 'latitude', 'longitude'] : ['airportiatacode'])
      .execute()) as Row[];
    for (const row of rows) {
      const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      airports.set(String(row.airportiatacode), { latitude: number(row.latitude), longitude: number(row.longitude) });
    }
  }
  return { book: assembleRuleBook(tables), airports, references: await loadReferences(db, catalogue), expiryMonths: await readConfigKey(db, 'MILES_EXPIRY_MONTHS'), loadedAt: Date.now() };
}

/**
 * The rule book of a database: read once and shared for RULE_BOOK_SECONDS, read again at once after a rule
 * changes here. `via` reads it when it must be read: the caller's transaction (SQLite has one connection,
 * which a transaction holds: reading through the database beside it would wait for ever).
 */
export async function ruleBook(db: Db, catalogue: Catalogue, via: Db = db): Promise<CachedBook> {
  // PostgreSQL reads beside the transaction (its pool has other connections); SQLite must read through it.
  const reader = isSqlite(db) ? via : db;
  if (Date.now() - (changedAt.get(db) ?? 0) < CHANGE_SETTLE_MS) return loadBook(reader, catalogue);
  const cached = books.get(db);
  if (cached && !(cached instanceof Promise) && Date.now() - cached.loadedAt < RULE_BOOK_SECONDS * 1000) return cached;
  if (cached instanceof Promise && reader === db) return stale.get(db) ?? cached;
  // PostgreSQL: callers hold a pooled connection in their transaction; were they to wait for the book's reads,
  // which need connections of the same pool, a full pool would wait for ever. They take the last book meanwhile.
  const last = cached && !(cached instanceof Promise) && reader === db ? cached : undefined;
  if (last) stale.set(db, last);
  const loading = loadBook(reader, catalogue).then(
    (book) => {
      if (books.get(db) === loading) books.set(db, book);
      return book;
    },
    (error: unknown) => {
      if (books.get(db) === loading) books.delete(db);
      throw error;
    },
  );
  books.set(db, loading);
  if (last) {
    loading.catch(() => undefined);
    return last;
  }
  return loading;
}

/** A rule or an airport changed: the next activity reads the book again. */
export function ruleBookChanged(db: Db): void {
  books.delete(db);
  stale.delete(db);
  changedAt.set(db, Date.now());
}

// ---- the member -------------------------------------------------------------------------------------------

/** The member holding a card (any of its cards) and the tier its history gives on a date: one statement, compiled once. */
function memberByCardQuery(db: Db) {
  return compiledOnce(db, 'accrual|member-by-card', () =>
    definitionDb(db)
      .selectFrom('member_card as c')
      .innerJoin('member as m', 'm.memberid', 'c.memberid')
      .select((eb: any) => [
        'm.memberid',
        'm.status',
        'm.tierid',
        'm.enrollmentdate',
        'm.membershipid',
        'm.gender',
        'm.birthdate',
        eb
          .selectFrom('member_tier as t')
          .select('t.tierid')
          .whereRef('t.memberid', '=', 'm.memberid')
          .where('t.startdate', '<=', slot(1))
          .where((w: any) => w.or([w('t.enddate', '>=', slot(1)), w('t.enddate', 'is', null)]))
          .orderBy('t.startdate', 'desc')
          .limit(1)
          .as('heldtier'),
      ])
      .where('c.cardnumber', '=', slot(0))
      .compile(),
  );
}

/** The member holding a card (any of its cards), with the tier they held on a date (their current tier when no history covers it). */
export async function memberByCard(db: Db, cardnumber: string, date: string): Promise<AccrualMember | undefined> {
  const [found] = await readRows<AccrualMember & { heldtier: string | null }>(definitionDb(db), fill(memberByCardQuery(db), [cardnumber, date]));
  if (!found) return undefined;
  const { heldtier, ...member } = found;
  return { ...member, tierid: heldtier ?? member.tierid };
}

export async function memberById(db: Db, memberid: string, date: string): Promise<AccrualMember | undefined> {
  const found = (await definitionDb(db).selectFrom('member').select(['memberid', 'status', 'tierid', 'enrollmentdate', 'membershipid', 'gender', 'birthdate']).where('memberid', '=', memberid).executeTakeFirst()) as AccrualMember | undefined;
  return found && { ...found, tierid: await tierOn(db, found, date) };
}

/** The tier of the member's tier history covering the date; the member's current tier when none does. */
async function tierOn(db: Db, member: AccrualMember, date: string): Promise<string | null> {
  const held = (await definitionDb(db)
    .selectFrom('member_tier')
    .select('tierid')
    .where('memberid', '=', member.memberid)
    .where('startdate', '<=', date)
    .where((eb: any) => eb.or([eb('enddate', '>=', date), eb('enddate', 'is', null)]))
    .orderBy('startdate', 'desc')
    .limit(1)
    .executeTakeFirst()) as { tierid: string } | undefined;
  return held?.tierid ?? member.tierid;
}

// ---- rating -------------------------------------------------------------------------------------------------

/** The segment's key (flightIdentity): the same member on the same flight, date and route is credited once. */
export const segmentKey = (memberid: string, a: PostedActivity): string => flightSegmentKey(memberid, { ...a, flightdate: a.activitydate });

export const airActivity = (a: PostedActivity): AirActivity => ({
  carrier: a.carrier ?? '',
  flightnumber: a.flightnumber ?? '',
  flightdate: a.activitydate,
  origin: a.origin ?? '',
  destination: a.destination ?? '',
  bookingclass: a.bookingclass ?? '',
  ticketissuedate: a.ticketissuedate ?? a.activitydate,
  operatingcarrier: a.operatingcarrier ?? null,
  fareamount: a.fareamount ?? null,
  farecurrency: a.farecurrency ?? null,
});

export const nonAirActivity = (a: PostedActivity): NonAirActivity => ({
  partnercode: a.partnercode ?? '',
  activitycode: a.activitycode ?? '',
  activitydate: a.activitydate,
  amount: a.amount ?? null,
  currencycode: a.currencycode ?? null,
});

/** What a member has credited on a partner's activity code in the activity's day, month and year. */
export async function limitUsage(db: Db, catalogue: Catalogue, memberid: string, a: PostedActivity): Promise<LimitUsage> {
  const model = models(catalogue, [ACTIVITY_RESOURCE]).get(ACTIVITY_RESOURCE)!;
  const date = a.activitydate;
  const rows = (await definitionDb(db)
    .selectFrom(model.table)
    .select(['activitydate', 'awardmiles'])
    .where('memberid', '=', memberid)
    .where('partnercode', '=', a.partnercode)
    .where('activitycode', '=', a.activitycode)
    .where('status', '=', 'CREDITED')
    .where('activitydate', '>=', `${date.slice(0, 4)}-01-01`)
    .where('activitydate', '<=', `${date.slice(0, 4)}-12-31`)
    .execute()) as { activitydate: string; awardmiles: number | string | null }[];
  const usage: LimitUsage = { day: { miles: 0, count: 0 }, month: { miles: 0, count: 0 }, year: { miles: 0, count: 0 } };
  for (const row of rows) {
    const miles = Number(row.awardmiles ?? 0);
    const add = (p: keyof LimitUsage) => {
      usage[p].miles += miles;
      usage[p].count += 1;
    };
    add('year');
    if (row.activitydate.slice(0, 7) === date.slice(0, 7)) add('month');
    if (row.activitydate === date) add('day');
  }
  return usage;
}

/** The segment's activity, when a credit holds it already. */
export async function creditedBy(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('accrual_segment').select('activityid').where('segmentkey', '=', key).executeTakeFirst();
  return row?.activityid;
}

/** Where rating reads its rules: the catalogue, and the database whose rule book is cached (never a transaction: the cache is per database). */
export interface AccrualContext {
  db: Db;
  catalogue: Catalogue;
}

/** What rating an activity needs besides its rules: the segment's earlier credit and the activity code's usage so far. */
export interface RatingFacts {
  /** What credited the flight's segment already, if anything. */
  credited?: string;
  usage?: LimitUsage;
}

const NO_USAGE: LimitUsage = { day: { miles: 0, count: 0 }, month: { miles: 0, count: 0 }, year: { miles: 0, count: 0 } };

/**
 * The one rating of an activity from a rule book already read: a post (rateActivity) and an activity file's
 * chunk (server/catalog/activityFiles) rate through it. `member.promotions` holds its registrations when a promotion
 * needs one. `carrierRules` may keep each carrier's rules between calls (a file rates many rows of one book).
 */
export function rateFromBook(
  loaded: Pick<CachedBook, 'book' | 'airports'>,
  a: PostedActivity,
  member: AccrualMember | undefined,
  facts: RatingFacts = {},
  carrierRules?: Map<string, ReturnType<typeof airRulesFor>>,
): AccrualResult {
  const { book, airports } = loaded;
  if (a.activitytype === 'AIR') {
    const carrier = a.carrier ?? '';
    let rules = carrierRules?.get(carrier);
    if (!rules) {
      rules = airRulesFor(book, carrier, {});
      carrierRules?.set(carrier, rules);
    }
    const coordinates = { [a.origin ?? '']: airports.get(a.origin ?? ''), [a.destination ?? '']: airports.get(a.destination ?? '') };
    const flight = { ...airActivity(a), compartment: book.compartments.get(classKey(carrier, a.bookingclass ?? '')) ?? null };
    return rateAir(flight, member, { ...rules, airports: coordinates }, facts.credited);
  }
  return rateNonAir(nonAirActivity(a), member, { ...nonAirRulesFor(book, a.partnercode ?? ''), usage: facts.usage ?? NO_USAGE });
}

/** Whether any ACTIVE promotion of the book needs registration (then rating needs the members' registrations). */
export const registrationMatters = (book: RuleBook): boolean => book.promotions.some((p) => p.needregister && p.status === 'ACTIVE');

/** Rates an activity for a member (undefined: no member), reading the member's segments and limits through `db`; writes nothing. */
export async function rateActivity(db: Db, c: AccrualContext, a: PostedActivity, member: AccrualMember | undefined, options: { ignoreSegment?: boolean } = {}): Promise<AccrualResult> {
  const { catalogue } = c;
  const loaded = await ruleBook(c.db, catalogue, db);
  // A promotion that needs registration applies only to its registered members (Member Promo).
  if (member?.memberid && registrationMatters(loaded.book)) {
    member = { ...member, promotions: await registeredPromotions(db, catalogue, member.memberid) };
  }
  if (a.activitytype === 'AIR') {
    const credited = member && !options.ignoreSegment ? await creditedBy(db, segmentKey(member.memberid, a)) : undefined;
    return rateFromBook(loaded, a, member, { credited });
  }
  return rateFromBook(loaded, a, member, { usage: member ? await limitUsage(db, catalogue, member.memberid, a) : NO_USAGE });
}

// ---- posting -------------------------------------------------------------------------------------------------

export interface Posted {
  status: 'CREDITED' | 'REJECTED' | 'PARKED';
  memberid?: string;
  activityid?: string;
  parkid?: string;
  trxid?: number;
  result: AccrualResult;
}

export interface WriteContext extends AccrualContext {
  user: string;
  now: Date;
  /** An approved request's maker (`user` then being its checker); absent, `user` entered the activity. */
  enteredby?: string;
  approvedby?: string;
}

/** Who entered a credited row and who approved it (no one: it needed no approval), as the activity list shows. */
export const entryColumns = (w: WriteContext): Row => ({ enteredby: w.enteredby ?? w.user, approvedby: w.approvedby ?? null });

const stamp = (user: string, now: Date): Row => auditStamp(user, now);

/** A definition-built table's row from a record: every field's column (absent ones null), stamped. */
export function rowOf(model: ResourceModel, record: Row, user: string, now: Date): Row {
  const row: Row = stamp(user, now);
  for (const field of model.fields) row[field.name] = toDb(field, record[field.name] ?? null);
  return row;
}

/** A rated activity's credit: its ledger entry and the result's lines (each criterion's miles). */
export interface ActivityCredit {
  entry: LedgerEntry;
  lines: AccrualResult['lines'];
}

/** The ledger entry of a rated activity's credit (an accrual, or a rating correction's re-credit). */
export function activityEntry(memberid: string, activityid: string, a: PostedActivity, result: AccrualResult, w: WriteContext & { expiryMonths: number }, relatedtrxid?: number, trxtype: 'EARNING' | 'RATING' = 'EARNING'): LedgerEntry {
  const what = a.activitytype === 'AIR' ? `${a.carrier}${a.flightnumber} ${a.origin}-${a.destination} ${a.bookingclass}` : `${a.partnercode} ${a.activitycode}`;
  return {
    memberid,
    trxtype: TRX_TYPES[trxtype],
    activitydate: a.activitydate,
    expirydate: addMonths(a.activitydate, w.expiryMonths),
    awardmiles: Math.max(0, result.awardmiles),
    tiermiles: Math.max(0, result.tiermiles),
    segments: Math.max(0, result.segments),
    source: `activity:${activityid}`,
    reason: `${trxtype === 'RATING' ? 'Rating correction' : 'Accrual'}: ${what}`.slice(0, 500),
    relatedtrxid,
    user: w.user,
    now: w.now,
  };
}

/**
 * The one way rated activities are credited (a post, a file's chunk, an activity staff added, a rating
 * correction): their ledger credits (ledgerStore.creditMany), each credit's detail lines, then the Promo
 * Completion Bonus of each promotion an accrual met. Returns the trxids in the credits' order.
 */
export async function creditActivities(trx: Db, credits: readonly ActivityCredit[]): Promise<number[]> {
  if (credits.length === 0) return [];
  const trxids = await creditMany(trx, credits.map((c) => c.entry));
  await insertJsonRows(
    definitionDb(trx),
    'ledger_detail',
    credits.flatMap((c, i) => c.lines.map((l, n) => ({ trxid: trxids[i], lineno: n + 1, criterion: l.criterion, ruletype: l.ruletype, rulecode: l.rulecode.slice(0, 80), description: l.description.slice(0, 300), awardmiles: l.awardmiles, tiermiles: l.tiermiles, segments: l.segments }))),
  );
  // With its detail written, an accrual counts toward the Promo Completion Bonus of each promotion it met.
  for (const { entry, lines } of credits) {
    const met = lines.filter((l) => l.ruletype === PROMOTION_RULE).map((l) => l.rulecode);
    if (entry.trxtype === TRX_TYPES.EARNING && met.length > 0) await givePromoCompletionBonuses(trx, entry.memberid, met, entry.activitydate, entry.user, entry.now);
  }
  return trxids;
}

/** Credits one rated activity of a member (its row is written or updated by the caller); returns the ledger row. */
async function creditRated(trx: Db, memberid: string, activityid: string, a: PostedActivity, result: AccrualResult, w: WriteContext, relatedtrxid?: number, trxtype: 'EARNING' | 'RATING' = 'EARNING'): Promise<number> {
  const { expiryMonths } = await ruleBook(w.db, w.catalogue, trx);
  const [trxid] = await creditActivities(trx, [{ entry: activityEntry(memberid, activityid, a, result, { ...w, expiryMonths }, relatedtrxid, trxtype), lines: result.lines }]);
  return trxid!;
}

/** Claims the segments (their keys' rows), those another activity holds already left out: returns the keys claimed. */
export async function claimSegments(trx: Db, segments: readonly Row[]): Promise<Set<string>> {
  if (segments.length === 0) return new Set();
  const rows = await definitionDb(trx)
    .insertInto('accrual_segment')
    .values(segments)
    .onConflict((oc: any) => oc.column('segmentkey').doNothing())
    .returning('segmentkey')
    .execute();
  return new Set(rows.map((r: { segmentkey: string }) => r.segmentkey));
}

/** Claims the segment for this activity; another credit holding it already refuses (also when it commits meanwhile). */
async function claimSegment(trx: Db, memberid: string, activityid: string, a: PostedActivity, now: Date): Promise<void> {
  const key = segmentKey(memberid, a);
  const claimed = await claimSegments(trx, [{ segmentkey: key, memberid, activityid, createddate: now.toISOString() }]);
  if (claimed.has(key)) return;
  throw alreadyCredited(a, (await creditedBy(trx, key)) ?? 'another activity');
}

/** A post's refusal of a flight segment another activity (`holder`) credited already. */
export function alreadyCredited(a: PostedActivity, holder: string): ApiError {
  const message = `${ACCRUAL_REASONS.ALREADY_CREDITED}: ${a.carrier}${a.flightnumber} ${a.origin}-${a.destination} on ${a.activitydate} was credited by activity ${holder}`;
  return new ApiError(CODES.VALIDATION, message, 200, { flightnumber: message });
}

/** A member's activity staff just added (the generic create wrote the row): rated and credited, or refused with the reason (nothing stays). */
export async function creditAddedActivity(trx: Db, record: Row, w: WriteContext): Promise<void> {
  const a = storedActivity(record);
  const memberid = String(record.memberid);
  const member = await memberById(trx, memberid, a.activitydate);
  const result = await rateActivity(trx, w, a, member);
  if (result.outcome !== 'CREDIT') throw refusalError(a.activitytype, result);
  const activityid = String(record.activityid);
  if (a.activitytype === 'AIR') await claimSegment(trx, memberid, activityid, a, w.now);
  const trxid = await creditRated(trx, memberid, activityid, a, result, w);
  const model = models(w.catalogue, [ACTIVITY_RESOURCE]).get(ACTIVITY_RESOURCE)!;
  await definitionDb(trx)
    .updateTable(model.table)
    .set({ awardmiles: result.awardmiles, tiermiles: result.tiermiles, segments: result.segments, trxid, status: 'CREDITED', channel: 'STAFF', reason: null })
    .where('memberid', '=', memberid)
    .where('activityid', '=', activityid)
    .execute();
}

// ---- corrections ------------------------------------------------------------------------------------------------

/** The posted activity a stored row (a member's activity, a parked one) holds. */
export function storedActivity(record: Row): PostedActivity {
  const a: Row = { activitytype: record.activitytype, cardnumber: record.cardnumber ?? null };
  for (const name of ACTIVITY_FIELDS) a[name] = record[name] ?? null;
  return a as unknown as PostedActivity;
}

/**
 * Re-rates a member's activity (the rules changed, or its booking class, fare or amount did): its credit is
 * reversed (a RATING debit taking back the very lot it made) and the new rating credited (a RATING credit
 * with its detail). Anything but a credit now is refused, changing nothing. Returns the row's new values, or
 * undefined when the rating is unchanged.
 */
export async function rerate(trx: Db, before: Row, changed: PostedActivity, w: WriteContext): Promise<Row | undefined> {
  const memberid = String(before.memberid);
  const member = await memberById(trx, memberid, changed.activitydate);
  const result = await rateActivity(trx, w, changed, member, { ignoreSegment: true });
  if (result.outcome !== 'CREDIT') throw refusalError(changed.activitytype, result);
  const wasCredited = before.status === 'CREDITED' && before.trxid != null;
  const same = wasCredited && Number(before.awardmiles) === result.awardmiles && Number(before.tiermiles) === result.tiermiles && Number(before.segments) === result.segments;
  const unchangedFields = ACTIVITY_FIELDS.every((name) => (before[name] ?? null) === (changed[name] ?? null));
  if (same && unchangedFields) return undefined;
  let reversal: number | undefined;
  if (wasCredited) {
    const original = Number(before.trxid);
    ({ trxid: reversal } = await debit(trx, {
      memberid,
      trxtype: TRX_TYPES.RATING,
      activitydate: changed.activitydate,
      awardmiles: Number(before.awardmiles),
      tiermiles: Number(before.tiermiles),
      segments: Number(before.segments),
      source: `activity:${String(before.activityid)}`,
      reason: `Rating correction: reverses transaction ${original}`,
      relatedtrxid: original,
      fromLot: original,
      user: w.user,
      now: w.now,
    }).catch((error: unknown) => {
      // The member spent the miles: the correction cannot take them back (said on the field that was changed).
      throw error instanceof LedgerError ? error.onField('bookingclass') : error;
    }));
  } else if (changed.activitytype === 'AIR') {
    await claimSegment(trx, memberid, String(before.activityid), changed, w.now);
  }
  const trxid = await creditRated(trx, memberid, String(before.activityid), changed, result, w, reversal, wasCredited ? 'RATING' : 'EARNING');
  return { awardmiles: result.awardmiles, tiermiles: result.tiermiles, segments: result.segments, trxid, status: 'CREDITED', reason: null };
}

