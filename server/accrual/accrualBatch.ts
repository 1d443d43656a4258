// Crediting many activities in one transaction: an activity file's chunk (server/activityFiles) and the API's
// posts that arrive together (postingQueue.ts). They are rated as a post rates one (accrualStore.rateFromBook),
// but what a post reads one row at a time is read for all with a statement each (members by card with their tier
// history, registrations, segment keys), and what a post writes is written with a statement a table: the ledger
// rows, lots and balances (ledgerBatch.creditMany, whose listeners hear the batch as one write), segment keys,
// member activities (counted into the dashboard's rollups set-wise), parked activities and detail lines.
import { sql, type Kysely } from 'kysely';
import type { AccrualResult } from '../../domain/accrualResult';
import { addMonths, inEffect } from '../../engine/definition/dates';
import { ApiError } from '../core/apiError';
import { isSqlite } from '../db/columnTypes';
import { existingValues, insertJsonRows } from '../db/jsonRows';
import type { Schema } from '../db/schema';
import { creditMany, type BatchCredit } from '../ledger/ledgerBatch';
import { TRX_TYPES } from '../ledger/ledgerStore';
import { registrationsOf } from '../promotions/promotionStore';
import { PROMOTION_RULE } from '../promotions/promotionRules';
import { givePromoCompletionBonuses } from '../bonuses/bonusStore';
import type { Row } from '../resources/records';
import { insertActivitiesCounted, type CountedActivity } from '../rollups/rollupStore';
import type { AccrualMember } from './accrualRules';
import {
  ACTIVITY_RESOURCE,
  PARK_RESOURCE,
  alreadyCredited,
  creditedBy,
  models,
  postActivity,
  rateFromBook,
  registrationMatters,
  entryColumns,
  rowOf,
  ruleBook,
  segmentKey,
  type Channel,
  type Posted,
  type PostedActivity,
  type WriteContext,
} from './accrualStore';
import { airRulesFor, nonAirRulesFor } from './ruleBook';
import { definitionDb } from '../db/definitionDb';

type Db = Kysely<Schema>;

/** An activity of a batch and the id its member's activity (or its parked row) gets. */
export interface BatchItem {
  activity: PostedActivity;
  id: string;
}

export interface RatedItem extends BatchItem {
  member?: AccrualMember;
  /** Unset: a non-air activity of a partner with limits, posted on its own when written (its limits count what came before it). */
  result?: AccrualResult;
  /** The flight's segment key (an air activity of a known member). */
  key?: string;
  /** Refused before anything is written (a post's segment credited already): the post's answer. */
  refusal?: ApiError;
}

/** A batch item's outcome: written (credited, rejected by the rules, or parked), or refused with nothing written. */
export type BatchOutcome = { posted: Posted } | { refusal: ApiError };

/**
 * How a segment credited already is met. `reject`: rated as such (the activity is written, REJECTED, as a file's
 * row is). `refuse`: refused with nothing written, as a single post's segment claim refuses it (accrualStore.postActivity).
 */
export type SegmentsTaken = 'reject' | 'refuse';

type FoundMember = AccrualMember & { tiers: { tierid: string; startdate: string; enddate: string | null }[] };

/**
 * The members holding the cards (any of their cards) with their tier history. PostgreSQL: one statement (a batch of
 * posts waits for each round trip); SQLite: the members, then their tier rows (cheaper than a JSON array a member).
 */
async function membersByCard(db: Db, cards: string[]): Promise<Map<string, FoundMember>> {
  const byCard = new Map<string, FoundMember>();
  if (cards.length === 0) return byCard;
  const data = JSON.stringify([...new Set(cards)]);
  const sqlite = isSqlite(db);
  // What the rules read of a member (as accrualStore.memberByCard gives it); on PostgreSQL its tier history as [tierid, startdate, enddate] rows.
  const found = sqlite
    ? await sql<Row>`select c.cardnumber as heldcard, m.memberid, m.status, m.tierid, m.enrollmentdate, m.membershipid, m.gender, m.birthdate
        from member_card c join member m on m.memberid = c.memberid where c.cardnumber in (select value from json_each(${data}))`.execute(db)
    : await sql<Row>`select c.cardnumber as heldcard, m.memberid, m.status, m.tierid, m.enrollmentdate, m.membershipid, m.gender, m.birthdate,
        (select coalesce(json_agg(json_build_array(t.tierid, t.startdate, t.enddate)), '[]') from member_tier t where t.memberid = m.memberid) as tiers
        from member_card c join member m on m.memberid = c.memberid where c.cardnumber = any(array(select json_array_elements_text(${data}::json)))`.execute(db);
  const byMember = new Map<string, FoundMember>();
  for (const { heldcard, tiers, ...r } of found.rows) {
    let member = byMember.get(String(r.memberid));
    if (!member) {
      const history = (tiers ?? []) as [string, string, string | null][];
      member = { ...r, tiers: history.map(([tierid, startdate, enddate]) => ({ tierid: String(tierid), startdate: String(startdate), enddate: enddate ?? null })) } as unknown as FoundMember;
      byMember.set(member.memberid, member);
    }
    byCard.set(String(heldcard), member);
  }
  if (sqlite && byMember.size > 0) {
    const ids = JSON.stringify([...byMember.keys()]);
    const rows = await sql<Row>`select memberid, tierid, startdate, enddate from member_tier where memberid in (select value from json_each(${ids}))`.execute(db);
    for (const t of rows.rows) byMember.get(String(t.memberid))?.tiers.push({ tierid: String(t.tierid), startdate: String(t.startdate), enddate: (t.enddate as string | null) ?? null });
  }
  return byCard;
}

/** The member as of a date: the tier its history gives then (the latest start covering it), else its current tier (as accrualStore.memberByCard). */
function memberOn({ tiers, ...member }: FoundMember, date: string): AccrualMember {
  let held: { tierid: string; startdate: string } | undefined;
  for (const t of tiers) if (inEffect(date, t.startdate, t.enddate) && (!held || t.startdate > held.startdate)) held = t;
  return { ...member, tierid: held?.tierid ?? member.tierid };
}

/**
 * Rates a batch as posts rate (accrualStore.rateFromBook), writing nothing: the rows, members and registrations a
 * post would read, read for the whole batch at once. A segment credited before, or earlier in the batch, is met as
 * `taken` says. A non-air activity of a partner with limits is left unrated: it is posted on its own when written.
 */
export async function rateBatch(trx: Db, w: WriteContext, items: readonly BatchItem[], taken: SegmentsTaken): Promise<RatedItem[]> {
  const loaded = await ruleBook(w.db, w.catalogue, trx);
  const { book } = loaded;
  const byCard = await membersByCard(trx, items.flatMap((r) => (r.activity.cardnumber ? [r.activity.cardnumber] : [])));
  const registrations = registrationMatters(book) ? await registrationsOf(trx, w.catalogue, [...new Set([...byCard.values()].map((m) => m.memberid))]) : undefined;
  const keys = items.map(({ activity: a }) => {
    const found = a.cardnumber ? byCard.get(a.cardnumber) : undefined;
    return found && a.activitytype === 'AIR' ? segmentKey(found.memberid, a) : undefined;
  });
  // `refuse`: the segments are claimed when written (writeBatch), a claim held already refusing its activity.
  const before = taken === 'reject' ? await existingValues(trx, 'accrual_segment', 'segmentkey', keys.filter((k): k is string => k !== undefined)) : new Set<string>();
  /** Segment key -> the batch's activity crediting it. */
  const inBatch = new Map<string, string>();
  const carriers = new Map<string, ReturnType<typeof airRulesFor>>();
  const rated: RatedItem[] = [];
  for (const [i, item] of items.entries()) {
    const a = item.activity;
    const found = a.cardnumber ? byCard.get(a.cardnumber) : undefined;
    const held = found && memberOn(found, a.activitydate);
    const member = held && registrations ? { ...held, promotions: registrations.get(held.memberid) ?? [] } : held;
    const key = keys[i];
    if (a.activitytype === 'NONAIR' && member && nonAirRulesFor(book, a.partnercode ?? '').limits.length > 0) {
      rated.push({ ...item, member });
      continue;
    }
    const holder = key === undefined ? undefined : inBatch.get(key) ?? (before.has(key) ? 'an earlier activity' : undefined);
    const result = rateFromBook(loaded, a, member, { credited: taken === 'reject' ? holder : undefined }, carriers);
    if (key && holder && taken === 'refuse' && result.outcome === 'CREDIT') {
      rated.push({ ...item, member, result, key, refusal: alreadyCredited(a, holder) });
      continue;
    }
    if (key && result.outcome === 'CREDIT') inBatch.set(key, item.id);
    rated.push({ ...item, member, result, key });
  }
  return rated;
}

/** Claims the segments (their keys' rows), those another activity holds already left out: returns the keys claimed. */
async function claimSegments(trx: Db, segments: readonly Row[]): Promise<Set<string>> {
  if (segments.length === 0) return new Set();
  const rows = await definitionDb(trx)
    .insertInto('accrual_segment')
    .values(segments)
    .onConflict((oc: any) => oc.column('segmentkey').doNothing())
    .returning('segmentkey')
    .execute();
  return new Set(rows.map((r: { segmentkey: string }) => r.segmentkey));
}

/**
 * Writes a rated batch in the caller's transaction; returns each item's outcome, in the batch's order. `taken` as
 * rateBatch was given it: with `refuse`, the credits' segments are claimed first and a credit whose segment another
 * activity holds (committed since the rating) is refused, nothing of it written.
 */
export async function writeBatch(trx: Db, w: WriteContext, rated: readonly RatedItem[], channel: Channel, taken: SegmentsTaken): Promise<BatchOutcome[]> {
  const activityModel = models(w.catalogue, [ACTIVITY_RESOURCE]).get(ACTIVITY_RESOURCE)!;
  const parkModel = models(w.catalogue, [PARK_RESOURCE]).get(PARK_RESOURCE)!;
  const { expiryMonths } = await ruleBook(w.db, w.catalogue, trx);
  const outcomes: BatchOutcome[] = [];
  let activities: Row[] = [];
  let parks: Row[] = [];
  let segments: Row[] = [];
  let credits: { entry: BatchCredit; row: Row; posted: Posted }[] = [];
  const at = w.now.toISOString();
  const segmentOf = (r: RatedItem): Row => ({ segmentkey: r.key, memberid: r.member!.memberid, activityid: r.id, createddate: at });
  const claimed = taken === 'refuse' ? await claimSegments(trx, rated.filter((r) => !r.refusal && r.key && r.result?.outcome === 'CREDIT').map(segmentOf)) : undefined;

  const flush = async () => {
    const trxids = await creditMany(trx, credits.map((c) => c.entry), { trxtype: TRX_TYPES.EARNING, user: w.user, now: w.now });
    credits.forEach((c, i) => (c.row.trxid = c.posted.trxid = trxids[i]));
    await insertJsonRows(trx, 'accrual_segment', segments);
    await insertJsonRows(
      definitionDb(trx),
      'ledger_detail',
      credits.flatMap((c, i) => c.posted.result.lines.map((l, n) => ({ trxid: trxids[i], lineno: n + 1, criterion: l.criterion, ruletype: l.ruletype, rulecode: l.rulecode.slice(0, 80), description: l.description.slice(0, 300), awardmiles: l.awardmiles, tiermiles: l.tiermiles, segments: l.segments }))),
    );
    // With its detail written, an activity counts toward the Promo Completion Bonus of each promotion it met (as a post's does).
    for (const c of credits) {
      const met = c.posted.result.lines.filter((l) => l.ruletype === PROMOTION_RULE).map((l) => l.rulecode);
      if (met.length > 0) await givePromoCompletionBonuses(trx, c.entry.memberid, met, c.entry.activitydate, w.user, w.now);
    }
    // Last, the rows the dashboard counts: their rollup rows, shared by every writer of the same days, stay
    // locked (PostgreSQL) from here to the commit only.
    await insertJsonRows(trx, parkModel.table, parks);
    const written = activities;
    await insertActivitiesCounted(trx, written as unknown as CountedActivity[], () => insertJsonRows(trx, activityModel.table, written));
    activities = [];
    parks = [];
    segments = [];
    credits = [];
  };

  for (const item of rated) {
    const { activity: a, id, member, result, key, refusal } = item;
    if (refusal) {
      outcomes.push({ refusal });
      continue;
    }
    if (claimed && key && result?.outcome === 'CREDIT' && !claimed.has(key)) {
      outcomes.push({ refusal: alreadyCredited(a, (await creditedBy(trx, key)) ?? 'another activity') });
      continue;
    }
    if (!result) {
      // Posted on its own, after what came before it in the batch.
      await flush();
      try {
        outcomes.push({ posted: await postActivity(trx, a, channel, w) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcomes.push({ refusal: error });
      }
      continue;
    }
    if (result.outcome === 'PARKED') {
      parks.push(rowOf(parkModel, { ...a, parkid: id, parkeddate: at, channel, reasoncode: result.reasoncode, reason: result.reason, memberid: member?.memberid ?? null, status: 'PARKED' }, w.user, w.now));
      outcomes.push({ posted: { status: 'PARKED', parkid: id, memberid: member?.memberid, result } });
      continue;
    }
    const memberid = member!.memberid;
    const credited = result.outcome === 'CREDIT';
    const record = rowOf(activityModel, { ...a, memberid, activityid: id, awardmiles: credited ? result.awardmiles : 0, tiermiles: credited ? result.tiermiles : 0, segments: credited ? result.segments : 0, trxid: null, channel, reason: result.reason ?? null, status: credited ? 'CREDITED' : 'REJECTED', ...entryColumns(w) }, w.user, w.now);
    activities.push(record);
    const posted: Posted = { status: credited ? 'CREDITED' : 'REJECTED', memberid, activityid: id, result };
    outcomes.push({ posted });
    if (!credited) continue;
    if (key && !claimed) segments.push(segmentOf(item));
    const what = a.activitytype === 'AIR' ? `${a.carrier}${a.flightnumber} ${a.origin}-${a.destination} ${a.bookingclass}` : `${a.partnercode} ${a.activitycode}`;
    credits.push({
      entry: { memberid, activitydate: a.activitydate, awardmiles: Math.max(0, result.awardmiles), tiermiles: Math.max(0, result.tiermiles), segments: Math.max(0, result.segments), expirydate: addMonths(a.activitydate, expiryMonths), source: `activity:${id}`, reason: `Accrual: ${what}`.slice(0, 500) },
      row: record,
      posted,
    });
  }
  await flush();
  return outcomes;
}
