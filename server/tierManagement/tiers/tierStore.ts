// Tiers in the database: feeds the pure engine (tierRules.ts) the membership's tiers, its Mileage Criteria and
// the member's tier miles and segments of the qualification period (ledger rows by activity date, from the
// member_account period), and writes what it decides: the member's tier, the tier history row with its reason
// (member_tier), the member's cards, a card order for the new card, and the tier completion bonus. Upgrades
// happen inside the posting transaction (the ledger listener below); the period end runs as a job (tierJobs.ts);
// staff change a tier by hand on the Member Tier step (tierHooks.ts), written the same way.
import { createOrder } from '../../mailingProduct/orders/orderStore';
import { sql, type Kysely } from 'kysely';
import type { TierHeld, TierStanding } from '../../../engine/definition/views';
import { isSqlite } from '../../platform/db/columnTypes';
import type { Schema } from '../../platform/db/schema';
import { readConfigKey } from '../../platform/configuration/configKeys';
import { tierMonths } from '../../memberManagement/enrollment/enrollmentStore';
import { addDays, isoDay } from '../../../engine/definition/dates';
import type { LedgerListener } from '../../platform/core/ledgerListeners';
import { giveTierCompletionBonus } from '../bonuses/bonusStore';
import { auditStamp } from '../../platform/resources/auditColumns';
import {
  nextPeriod,
  periodEndDecision,
  tierAsOf,
  upgradeTarget,
  TIER_REASON,
  type CriterionRow,
  type Progress,
  type TierDecision,
  type TierHistoryRow,
  type TierRow,
} from './tierRules';
import { definitionDb } from '../../platform/db/definitionDb';
import { publishEvent } from '../../platform/webhooks/webhookEvents';
import { WEBHOOK_EVENTS } from '../../platform/webhooks/webhookRules';

type Db = Kysely<Schema>;

/** A card order for the card a tier change makes (spec 001 §4.4's first state, the original cycle), for the mailing issue. */
export const TIER_CARD_ORDER = { reason: 'TIERCHANGE', status: 'PAYMENT_SUCCESS', reordernumber: 0 } as const;
/** Members whose tier the period end no longer changes. */
const SETTLED_STATUSES = ['CLOSED', 'TERMINATED'];
const ACTIVE = 'ACTIVE';
const PERIOD_BATCH = 500;

export interface TierMember {
  memberid: string;
  membershipid: string;
  tierid: string;
  birthdate: string | null;
  status: string;
  cardnumber: string | null;
  nameoncard: string | null;
  startperiod: string;
  endperiod: string;
}

/** The member with its qualification period; row-locked on PostgreSQL when `lock` (SQLite runs one writer). */
export async function loadMember(trx: Db, memberid: string, lock = false): Promise<TierMember | undefined> {
  let query = definitionDb(trx)
    .selectFrom('member')
    .innerJoin('member_account', 'member_account.memberid', 'member.memberid')
    .select(['member.memberid', 'member.membershipid', 'member.tierid', 'member.birthdate', 'member.status', 'member.cardnumber', 'member.nameoncard', 'member_account.startperiod', 'member_account.endperiod'])
    .where('member.memberid', '=', memberid);
  if (lock && !isSqlite(trx)) query = query.forUpdate('member');
  const row = (await query.executeTakeFirst()) as TierMember | undefined;
  return row && row.membershipid && row.tierid ? row : undefined;
}

type TierRules = { tiers: TierRow[]; criteria: CriterionRow[] };

/**
 * How long a posting's upgrade check reuses a membership's tiers and criteria: every posting reading them again
 * halved the rate of single credits; a change of Tier or Mileage Criteria reaches postings within this time
 * (the period-end job and the lookups always read them fresh).
 */
export const TIER_RULES_TTL_MS = 30_000;
/** Per database (its adapter, shared by the database and its transactions), per membership. */
const recentRules = new WeakMap<object, Map<string, { until: number; rules: Promise<TierRules> }>>();

function recentTierRules(db: Db, membershipid: string): Promise<TierRules> {
  const key = db.getExecutor().adapter;
  let byMembership = recentRules.get(key);
  if (!byMembership) recentRules.set(key, (byMembership = new Map()));
  const now = Date.now();
  const hit = byMembership.get(membershipid);
  if (hit && hit.until > now) return hit.rules;
  const rules = loadTierRules(db, membershipid);
  byMembership.set(membershipid, { until: now + TIER_RULES_TTL_MS, rules });
  rules.catch(() => byMembership.delete(membershipid));
  return rules;
}

/** The membership's tiers and its Mileage Criteria (the engine picks those in effect). */
export async function loadTierRules(db: Db, membershipid: string): Promise<TierRules> {
  const tiers = (await definitionDb(db).selectFrom('tier').select(['tierid', 'membershipid', 'rank', 'status']).where('membershipid', '=', membershipid).execute()) as TierRow[];
  const criteria = (await definitionDb(db)
    .selectFrom('mileage_criteria')
    .select(['mileagecriteriaid', 'membershipid', 'tierid', 'type', 'minage', 'maxage', 'tiermiles', 'segments', 'operator', 'effectivedate', 'expireddate', 'status'])
    .where('membershipid', '=', membershipid)
    .orderBy('mileagecriteriaid')
    .execute()) as CriterionRow[];
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    tiers: tiers.map((t) => ({ ...t, rank: Number(t.rank) })),
    criteria: criteria.map((c) => ({ ...c, minage: num(c.minage), maxage: num(c.maxage), tiermiles: num(c.tiermiles), segments: num(c.segments) })),
  };
}

/**
 * The members, each with its period and the period's figures, in one statement whatever their number (what every
 * posting's upgrade check reads; an activity file's chunk reads its thousands of members at once).
 */
async function membersWithProgress(trx: Db, memberids: readonly string[]): Promise<Map<string, { member: TierMember; progress: Progress }>> {
  const found = new Map<string, { member: TierMember; progress: Progress }>();
  if (memberids.length === 0) return found;
  const data = JSON.stringify(memberids);
  const among = isSqlite(trx) ? sql`m.memberid in (select value from json_each(${data}))` : sql`m.memberid = any(array(select json_array_elements_text(${data}::json)))`;
  // Both figures from one pass over each member's ledger rows (two correlated sums read them twice).
  const { rows } = await sql<TierMember & Progress>`
    select m.memberid, m.membershipid, m.tierid, m.birthdate, m.status, m.cardnumber, m.nameoncard, a.startperiod, a.endperiod,
           coalesce(sum(t.tiermiles), 0) as tiermiles, coalesce(sum(t.segments), 0) as segments
    from member m inner join member_account a on a.memberid = m.memberid
    left join ledger_transaction t on t.memberid = m.memberid and t.activitydate >= a.startperiod and t.activitydate <= a.endperiod
    where ${among}
    group by m.memberid, m.membershipid, m.tierid, m.birthdate, m.status, m.cardnumber, m.nameoncard, a.startperiod, a.endperiod`.execute(trx);
  for (const { tiermiles, segments, ...member } of rows) {
    if (member.membershipid && member.tierid) found.set(member.memberid, { member, progress: { tiermiles: Number(tiermiles), segments: Number(segments) } });
  }
  return found;
}

/** Tier miles and segments of the member's ledger rows dated within the period (debits and corrections count against). */
export async function periodProgress(db: Db, memberid: string, startperiod: string, endperiod: string): Promise<Progress> {
  const row = await db
    .selectFrom('ledger_transaction')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('tiermiles'), eb.val(0)).as('tiermiles'), eb.fn.coalesce(eb.fn.sum<number>('segments'), eb.val(0)).as('segments')])
    .where('memberid', '=', memberid)
    .where('activitydate', '>=', startperiod)
    .where('activitydate', '<=', endperiod)
    .executeTakeFirstOrThrow();
  return { tiermiles: Number(row.tiermiles), segments: Number(row.segments) };
}

const audit = auditStamp;

/**
 * The member holds `tierid` from `startdate` to `enddate` for `reason`: the history rows covering that day end the
 * day before (or that day, when they began on it), a new row is written, and the member row follows. When the tier
 * changes, the member's active cards carry it and a card order is placed for the primary card.
 */
export async function holdTier(trx: Db, member: TierMember, hold: { tierid: string; startdate: string; enddate: string; reason: string }, user: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const { tierid, startdate, enddate, reason } = hold;
  const open = (eb: any) => eb.or([eb('enddate', 'is', null), eb('enddate', '>=', startdate)]);
  await definitionDb(trx).updateTable('member_tier').set({ enddate: addDays(startdate, -1), updatedby: user, updateddate: at }).where('memberid', '=', member.memberid).where('startdate', '<', startdate).where(open).execute();
  await definitionDb(trx).updateTable('member_tier').set({ enddate: startdate, updatedby: user, updateddate: at }).where('memberid', '=', member.memberid).where('startdate', '=', startdate).where(open).execute();
  await definitionDb(trx)
    .insertInto('member_tier')
    .values({ memberid: member.memberid, membershipid: member.membershipid, tierid, startdate, enddate, tierreason: reason, ...audit(user, at) })
    .onConflict((oc: any) => oc.columns(['memberid', 'startdate', 'tierid']).doUpdateSet({ enddate, tierreason: reason, updatedby: user, updateddate: at }))
    .execute();
  await definitionDb(trx).updateTable('member').set({ tierid, expireddate: enddate, updateddate: at }).where('memberid', '=', member.memberid).execute();
  if (tierid === member.tierid) return;
  await publishEvent(
    trx,
    { type: WEBHOOK_EVENTS.tierChanged, payload: { memberid: member.memberid, cardnumber: member.cardnumber, membershipid: member.membershipid, fromtier: member.tierid, totier: tierid, reason, startdate, enddate } },
    now,
  );
  await definitionDb(trx).updateTable('member_card').set({ tierid }).where('memberid', '=', member.memberid).where('status', '=', ACTIVE).execute();
  if (member.cardnumber) {
    await createOrder(trx, { memberid: member.memberid, cardnumber: member.cardnumber, membershipid: member.membershipid, tierid, nameoncard: member.nameoncard, reason: TIER_CARD_ORDER.reason, user, now });
  }
}

/**
 * Upgrades the member at once when the period's tier miles and segments meet an Upgrade criterion of a higher
 * tier (reason QUALIFICATION, held to the period's end) and gives that tier's completion bonus. Nothing when the
 * period has ended (the period-end job decides) or no criterion is met. Runs in the caller's transaction.
 */
export async function upgradeIfQualified(trx: Db, memberid: string, user: string, now: Date): Promise<TierDecision | undefined> {
  return (await upgradeAllQualified(trx, [memberid], user, now)).get(memberid);
}

/**
 * upgradeIfQualified for many members in one pass: their periods and figures read with one statement, the engine
 * deciding each, and only the members it upgrades written (in memberid order, each as upgradeIfQualified writes it).
 */
export async function upgradeAllQualified(trx: Db, memberids: readonly string[], user: string, now: Date): Promise<Map<string, TierDecision>> {
  const decisions = new Map<string, TierDecision>();
  const day = isoDay(now);
  const found = await membersWithProgress(trx, memberids);
  for (const memberid of [...found.keys()].sort()) {
    const { member, progress } = found.get(memberid)!;
    if (SETTLED_STATUSES.includes(member.status) || day < member.startperiod || day > member.endperiod) continue;
    const { tiers, criteria } = await recentTierRules(trx, member.membershipid);
    const { target, checks } = upgradeTarget(tiers, criteria, member, progress, day);
    if (!target) continue;
    await holdTier(trx, member, { tierid: target.tierid, startdate: day, enddate: member.endperiod, reason: TIER_REASON.QUALIFICATION }, user, now);
    await giveTierCompletionBonus(trx, { ...member, tierid: target.tierid }, { mileagecriteriaid: target.mileagecriteriaid, day, periodstart: member.startperiod }, user, now);
    decisions.set(memberid, { outcome: 'UPGRADE', tierid: target.tierid, reason: TIER_REASON.QUALIFICATION, mileagecriteriaid: target.mileagecriteriaid, checks });
  }
  return decisions;
}

/**
 * Upgrades as soon as a posting's tier miles or segments qualify (and a merge's, which brings another account's):
 * every member of the write in one pass (an activity file's chunk is one write of thousands of members).
 */
export const tierLedgerListener: LedgerListener = {
  name: 'tiers',
  async onWrite(trx, write) {
    const gained = write.operation === 'merge' ? write.memberids.slice(1) : write.rows.filter((r) => r.tiermiles > 0 || r.segments > 0).map((r) => r.memberid);
    if (gained.length > 0) await upgradeAllQualified(trx, [...new Set(gained)], write.user, write.now);
  },
};

// ---- the end of a qualification period ----------------------------------------------------------------------

export interface PeriodEndResult {
  memberid: string;
  decisions: (TierDecision & { startperiod: string; endperiod: string })[];
}

/**
 * Closes every qualification period of the member that ended before `today`, oldest first, in the caller's
 * transaction with the member row locked: decides from that period's figures (criteria in effect on its last
 * day), writes the next period's tier row (MAINTAIN, DOWNGRADE or QUALIFICATION), moves the account period on by
 * the resulting tier's duration, and changes cards and orders a card when the tier changes. A period already
 * closed is not closed again, so running twice changes nothing more.
 */
export async function closeMemberPeriods(trx: Db, memberid: string, today: string, user: string, now: Date): Promise<PeriodEndResult> {
  const decisions: PeriodEndResult['decisions'] = [];
  const levels = await readConfigKey(trx, 'TIER_DOWNGRADE_LEVELS');
  for (;;) {
    const member = await loadMember(trx, memberid, true);
    if (!member || SETTLED_STATUSES.includes(member.status) || member.endperiod >= today) break;
    const { tiers, criteria } = await loadTierRules(trx, member.membershipid);
    const progress = await periodProgress(trx, memberid, member.startperiod, member.endperiod);
    const decision = periodEndDecision(tiers, criteria, member, progress, member.endperiod, levels);
    if (!decision) break;
    const next = nextPeriod(member.endperiod, await tierMonths(trx, decision.tierid, addDays(member.endperiod, 1)));
    const moved = await trx
      .updateTable('member_account')
      .set(next)
      .where('memberid', '=', memberid)
      .where('endperiod', '=', member.endperiod)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) break;
    await holdTier(trx, member, { tierid: decision.tierid, startdate: next.startperiod, enddate: next.endperiod, reason: decision.reason }, user, now);
    if (decision.outcome === 'UPGRADE') {
      await giveTierCompletionBonus(trx, { ...member, tierid: decision.tierid }, { mileagecriteriaid: decision.mileagecriteriaid!, day: next.startperiod, periodstart: member.startperiod }, user, now);
    }
    decisions.push({ ...decision, startperiod: next.startperiod, endperiod: next.endperiod });
  }
  return { memberid, decisions };
}

/**
 * The period-end run: every member (not closed or terminated) whose period ended before `today`, each in its own
 * transaction. Idempotent: a member's closed period is gone from the next look, and N workers at once close each
 * period once (the member lock and the guarded move of the account period).
 */
export async function closeDuePeriods(
  db: Db,
  options: { today: string; user: string; now?: () => Date; progress?: (percentage: number) => Promise<void> },
): Promise<{ members: number; maintained: number; downgraded: number; upgraded: number }> {
  const { today, user } = options;
  const due = () =>
    definitionDb(db)
      .selectFrom('member_account')
      .innerJoin('member', 'member.memberid', 'member_account.memberid')
      .where('member_account.endperiod', '<', today)
      .where('member.status', 'not in', SETTLED_STATUSES);
  const total = Number(((await due().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: unknown }).n);
  const counts = { members: 0, maintained: 0, downgraded: 0, upgraded: 0 };
  let after = '';
  for (;;) {
    const batch = (await due().select('member_account.memberid').where('member_account.memberid', '>', after).orderBy('member_account.memberid').limit(PERIOD_BATCH).execute()) as { memberid: string }[];
    if (batch.length === 0) break;
    for (const { memberid } of batch) {
      const { decisions } = await db.transaction().execute((trx) => closeMemberPeriods(trx, memberid, today, user, (options.now ?? (() => new Date()))()));
      if (decisions.length > 0) counts.members += 1;
      for (const d of decisions) counts[d.outcome === 'MAINTAIN' ? 'maintained' : d.outcome === 'DOWNGRADE' ? 'downgraded' : 'upgraded'] += 1;
    }
    after = batch[batch.length - 1]!.memberid;
    await options.progress?.(Math.min(99, Math.floor((counts.members * 100) / Math.max(total, 1))));
  }
  return counts;
}

// ---- lookups ------------------------------------------------------------------------------------------------

export type TierOnDay = TierHistoryRow & TierHeld;

/** The tier the member held on a day ('as of date'), from the tier history; undefined before the first row. */
export async function memberTierAsOf(db: Db, memberid: string, day: string): Promise<TierOnDay | undefined> {
  const history = (await definitionDb(db)
    .selectFrom('member_tier')
    .leftJoin('tier', 'tier.tierid', 'member_tier.tierid')
    .leftJoin('tier_reason', 'tier_reason.reasonid', 'member_tier.tierreason')
    .select(['member_tier.memberid', 'member_tier.membershipid', 'member_tier.tierid', 'tier.tiername', 'member_tier.startdate', 'member_tier.enddate', 'member_tier.tierreason', 'tier_reason.reasonname', 'member_tier.createddate'])
    .where('member_tier.memberid', '=', memberid)
    .where('member_tier.startdate', '<=', day)
    .execute()) as TierOnDay[];
  return tierAsOf(history, day);
}

/**
 * Where the member stands in the current period: its figures, and what its end would decide with them (every
 * criterion of the higher, current and lower tiers with why it does or does not count).
 */
export async function qualificationStatus(db: Db, memberid: string): Promise<TierStanding | undefined> {
  const member = await loadMember(db, memberid);
  if (!member) return undefined;
  const { tiers, criteria } = await loadTierRules(db, member.membershipid);
  const names = (await definitionDb(db).selectFrom('tier').select(['tierid', 'tiername']).where('membershipid', '=', member.membershipid).execute()) as { tierid: string; tiername: string }[];
  const progress = await periodProgress(db, memberid, member.startperiod, member.endperiod);
  const atEnd = periodEndDecision(tiers, criteria, member, progress, member.endperiod, await readConfigKey(db, 'TIER_DOWNGRADE_LEVELS'));
  return {
    memberid,
    tierid: member.tierid,
    tiernames: Object.fromEntries(names.map((t) => [t.tierid, t.tiername])),
    startperiod: member.startperiod,
    endperiod: member.endperiod,
    ...progress,
    periodend: atEnd ?? null,
  };
}
