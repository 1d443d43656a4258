// Crediting many activities in one transaction: an activity file's chunk (server/catalog/activityFiles) and the API's
// posts that arrive together (postingQueue.ts). They are rated as a post rates one (accrualStore.rateFromBook),
// but what a post reads one row at a time is read for all with a statement each (members by card with their tier
// history, registrations, segment keys), and what a post writes is written with a statement a table: the ledger
// rows, lots and balances (ledgerCredits.creditMany, whose listeners hear the batch as one write), segment keys,
// member activities (counted into the dashboard's rollups set-wise), parked activities and detail lines.
import { sql, type Kysely } from 'kysely';
import type { AccrualResult } from '../../../domain/accrualResult';
import { CODES } from '../../../engine/api/responseCodes';
import { inEffect } from '../../../engine/definition/dates';
import { generateKey } from '../../../engine/definition/generatedKey';
import { ApiError } from '../../platform/core/apiError';
import { isSqlite } from '../../platform/db/columnTypes';
import { existingValues, insertJsonRows } from '../../platform/db/jsonRows';
import type { Schema } from '../../platform/db/schema';
import { registrationsOf } from '../promotions/promotionStore';
import type { Row } from '../../platform/resources/records';
import { insertActivitiesCounted, type CountedActivity } from '../../platform/rollups/rollupStore';
import type { AccrualMember } from './accrualRules';
import {
  ACTIVITY_RESOURCE,
  PARK_RESOURCE,
  activityEntry,
  alreadyCredited,
  claimSegments,
  creditActivities,
  creditedBy,
  memberByCard,
  models,
  rateActivity,
  rateFromBook,
  refusalError,
  registrationMatters,
  entryColumns,
  rowOf,
  ruleBook,
  segmentKey,
  storedActivity,
  type ActivityCredit,
  type Channel,
  type Posted,
  type PostedActivity,
  type WriteContext,
} from './accrualStore';
import { airRulesFor, nonAirRulesFor } from './ruleBook';
import { definitionDb } from '../../platform/db/definitionDb';

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
 * row is). `refuse`: refused with nothing written, as a single post's segment claim refuses it (postActivity, a batch of one).
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
  let credits: { entry: ActivityCredit['entry']; row: Row; posted: Posted }[] = [];
  const at = w.now.toISOString();
  const segmentOf = (r: RatedItem): Row => ({ segmentkey: r.key, memberid: r.member!.memberid, activityid: r.id, createddate: at });
  const claimed = taken === 'refuse' ? await claimSegments(trx, rated.filter((r) => !r.refusal && r.key && r.result?.outcome === 'CREDIT').map(segmentOf)) : undefined;

  const flush = async () => {
    const trxids = await creditActivities(trx, credits.map((c) => ({ entry: c.entry, lines: c.posted.result.lines })));
    credits.forEach((c, i) => (c.row.trxid = c.posted.trxid = trxids[i]));
    await insertJsonRows(trx, 'accrual_segment', segments);
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
    const { activity: a, id, member, key, refusal } = item;
    if (refusal) {
      outcomes.push({ refusal });
      continue;
    }
    if (claimed && key && item.result?.outcome === 'CREDIT' && !claimed.has(key)) {
      outcomes.push({ refusal: alreadyCredited(a, (await creditedBy(trx, key)) ?? 'another activity') });
      continue;
    }
    let result = item.result;
    if (!result) {
      // A non-air activity of a partner with limits: rated here, once what came before it in the batch is written,
      // so that its limits count it.
      await flush();
      try {
        result = await rateActivity(trx, w, a, member);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcomes.push({ refusal: error });
        continue;
      }
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
    credits.push({
      entry: activityEntry(memberid, id, a, result, { ...w, expiryMonths }),
      row: record,
      posted,
    });
  }
  await flush();
  return outcomes;
}

/** Writes one rated activity as a batch of one: credited or rejected (its member's activity row), or parked. */
async function writeRated(trx: Db, w: WriteContext, a: PostedActivity, member: AccrualMember | undefined, result: AccrualResult, channel: Channel): Promise<Posted> {
  const key = member && a.activitytype === 'AIR' ? segmentKey(member.memberid, a) : undefined;
  const [outcome] = await writeBatch(trx, w, [{ activity: a, id: generateKey(w.now), member, result, key }], channel, 'refuse');
  if ('refusal' in outcome!) throw outcome.refusal;
  return outcome!.posted;
}

/**
 * Posts one activity in the caller's transaction: credited (member's activity row, segment key, ledger credit
 * and its detail), rejected by the rules (the member's activity row with the reason, no miles) or parked (a
 * Park Activity row with the reason). A segment credited already is refused (ApiError): nothing is written.
 */
export async function postActivity(trx: Db, a: PostedActivity, channel: Channel, w: WriteContext): Promise<Posted> {
  const member = a.cardnumber ? await memberByCard(trx, a.cardnumber, a.activitydate) : undefined;
  // A segment credited already is refused by its claim (the unique key), so it is not read first.
  return writeRated(trx, w, a, member, await rateActivity(trx, w, a, member, { ignoreSegment: true }), channel);
}

/**
 * Posts a parked activity again, as corrected: credited or rejected, it leaves the park (REPROCESSED, with the
 * member and activity); still not ratable, it is refused with the reason and stays as it was.
 */
export async function reprocess(trx: Db, parked: Row, w: WriteContext): Promise<Posted> {
  if (parked.status !== 'PARKED') {
    throw new ApiError(CODES.VALIDATION, `Only a parked activity can be re-processed (this one is ${String(parked.status)})`, 200, { status: 'Only a parked activity can be re-processed' });
  }
  const a = storedActivity(parked);
  const member = a.cardnumber ? await memberByCard(trx, a.cardnumber, a.activitydate) : undefined;
  const result = await rateActivity(trx, w, a, member);
  if (result.outcome === 'PARKED' || result.reasoncode === 'ALREADY_CREDITED') throw refusalError(a.activitytype, result);
  const posted = await writeRated(trx, w, a, member, result, (parked.channel as Channel) ?? 'API');
  const model = models(w.catalogue, [PARK_RESOURCE]).get(PARK_RESOURCE)!;
  await definitionDb(trx)
    .updateTable(model.table)
    .set({ status: 'REPROCESSED', memberid: posted.memberid, activityid: posted.activityid, updatedby: w.user, updateddate: w.now.toISOString() })
    .where('parkid', '=', parked.parkid)
    .execute();
  return posted;
}
