// The bonuses of Tier Management in the database, each credited through the ledger in the caller's transaction
// from the rule row in effect (bonusRules.ts picks it) and given once: the tier completion bonus when a member
// qualifies for a tier, the first-activity bonus and the referral bonus when a member's first activity posts
// (the ledger listener below), the promo completion bonus when a member's activities meeting a promotion reach its
// row's count (from the accrual engine, once an activity's detail is written), the relation bonus when a member relation of the row's type is
// added (bonusHooks.ts), and the birthday bonus (a daily job, bonusJobs.ts).
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../platform/db/columnTypes';
import type { Schema } from '../../platform/db/schema';
import { credit, creditMany, TRX_TYPES, type LedgerEntry } from '../../ledger/ledgerStore';
import { addMonths } from '../../../engine/definition/dates';
import { readConfigKey } from '../../platform/configuration/configKeys';
import type { LedgerListener, LedgerWrite } from '../../platform/core/ledgerListeners';
import { PROMOTION_RULE } from '../../../domain/accrualResult';
import { ACTIVITY_TRX_TYPES, birthdaysOn, ruleInEffect, ruleSource, withinDays, type RuleRow } from './bonusRules';
import { definitionDb } from '../../platform/db/definitionDb';

type Db = Kysely<Schema>;
const ACTIVE = 'ACTIVE';
const BIRTHDAY_BATCH = 500;

/** The menus whose rules these are (the ledger source names them, as rule:ENRBONUS does for the enroll bonus). */
export const BONUS_MENUS = { tierCompletion: 'TIERCBONUS', firstActivity: 'FACTBONUS', referral: 'REFBONUS', birthday: 'BDAYBONUS', relation: 'RELBONUS', promoCompletion: 'PRMCBONUS' } as const;

// not in spec: the reasons written on the bonus rows.
export const BONUS_REASONS = {
  tierCompletion: (tierid: string) => `Tier completion bonus: qualified for ${tierid}`,
  firstActivity: 'First activity bonus',
  referrer: (memberid: string) => `Referral bonus: referred member ${memberid} made a first activity`,
  referee: 'Referral bonus: first activity of a referred member',
  birthday: (year: string) => `Birthday bonus ${year}`,
  relation: (relationtypeid: string, relatedmemberid: string) => `Relation bonus: ${relationtypeid} relation with member ${relatedmemberid}`,
  promoCompletion: (promocode: string, activities: number) => `Promo completion bonus: ${activities} activities in promotion ${promocode}`,
} as const;

interface Rule extends RuleRow {
  [field: string]: unknown;
}

async function rules(db: Db, table: string, where: Record<string, string>): Promise<Rule[]> {
  let query = definitionDb(db).selectFrom(table).selectAll();
  for (const [field, value] of Object.entries(where)) query = query.where(field, '=', value);
  return (await query.execute()) as Rule[];
}

const miles = (value: unknown) => Math.max(0, Math.floor(Number(value ?? 0)) || 0);

/**
 * Whether the member already has a row of this type (from this source, dated in this range): what makes every
 * bonus a one-time gift. Read through the member's index: `trxtype || ''` keeps SQLite off the type-and-date
 * index, on which it would walk every member's rows of the type.
 */
async function given(db: Db, memberid: string, trxtype: string, only: { source?: string; from?: string; to?: string } = {}): Promise<boolean> {
  const conditions = [sql`memberid = ${memberid}`, sql`trxtype || '' = ${trxtype}`];
  if (only.source !== undefined) conditions.push(sql`source = ${only.source}`);
  if (only.from !== undefined) conditions.push(sql`activitydate >= ${only.from}`);
  if (only.to !== undefined) conditions.push(sql`activitydate <= ${only.to}`);
  const { rows } = await sql<{ trxid: number }>`select trxid from ledger_transaction where ${sql.join(conditions, sql` and `)} limit 1`.execute(db);
  return rows.length > 0;
}

/** Of `memberids`, those that already have a row of this type (given() for many members in one statement). */
async function givenAmong(db: Db, memberids: readonly string[], trxtype: string): Promise<Set<string>> {
  if (memberids.length === 0) return new Set();
  const data = JSON.stringify(memberids);
  const among = isSqlite(db) ? sql`memberid in (select value from json_each(${data}))` : sql`memberid = any(array(select json_array_elements_text(${data}::json)))`;
  const { rows } = await sql<{ memberid: string }>`select distinct memberid from ledger_transaction where ${among} and trxtype || '' = ${trxtype}`.execute(db);
  return new Set(rows.map((r) => String(r.memberid)));
}

// ---- tier completion ----------------------------------------------------------------------------------------

/**
 * The Tier Completion Bonus of the tier the member just qualified for (the rule in effect on the day, for any
 * criterion or the one met), once per tier and qualification period.
 */
export async function giveTierCompletionBonus(
  trx: Db,
  member: { memberid: string; membershipid: string; tierid: string },
  qualified: { mileagecriteriaid: string; day: string; periodstart: string },
  user: string,
  now: Date,
): Promise<number | undefined> {
  const rows = (await rules(trx, 'tier_completion_bonus', { membershipid: member.membershipid, tierid: member.tierid })).filter(
    (r) => r.mileagecriteriaid === null || r.mileagecriteriaid === undefined || r.mileagecriteriaid === qualified.mileagecriteriaid,
  );
  const rule = ruleInEffect(rows, qualified.day);
  const awardmiles = miles(rule?.awardmiles);
  if (!rule || awardmiles === 0) return undefined;
  const source = ruleSource(BONUS_MENUS.tierCompletion, member.tierid, qualified.periodstart);
  if (await given(trx, member.memberid, TRX_TYPES.TIERBONUS, { source })) return undefined;
  const { trxid } = await credit(trx, { memberid: member.memberid, trxtype: TRX_TYPES.TIERBONUS, activitydate: qualified.day, awardmiles, source, reason: BONUS_REASONS.tierCompletion(member.tierid), user, now });
  return trxid;
}

// ---- first activity and referral ------------------------------------------------------------------------------

interface ActiveMember {
  memberid: string;
  membershipid: string;
  enrollmentdate: string | null;
  referredby: string | null;
  status: string;
}

/**
 * The first-activity bonus of each member's membership, when its first activity came within the rule's days of
 * enrollment: the rules read once per membership, the members already given it found with one statement, and the
 * bonuses credited together (ledgerCredits.creditMany: the one credit writer, each its row, lot and balance).
 */
async function giveFirstActivityBonuses(trx: Db, firsts: readonly { member: ActiveMember; day: string }[], user: string, now: Date): Promise<void> {
  const byMembership = new Map<string, Rule[]>();
  const due: { member: ActiveMember; day: string; rule: Rule; awardmiles: number; tiermiles: number }[] = [];
  for (const { member, day } of firsts) {
    let rows = byMembership.get(member.membershipid);
    if (!rows) byMembership.set(member.membershipid, (rows = await rules(trx, 'first_activity_bonus', { membershipid: member.membershipid })));
    const rule = ruleInEffect(rows, day);
    if (!rule || !withinDays(rule.withindays === null ? null : Number(rule.withindays), member.enrollmentdate, day)) continue;
    const awardmiles = miles(rule.awardmiles);
    const tiermiles = miles(rule.tiermiles);
    if (awardmiles + tiermiles > 0) due.push({ member, day, rule, awardmiles, tiermiles });
  }
  if (due.length === 0) return;
  const had = await givenAmong(trx, due.map((d) => d.member.memberid), TRX_TYPES.FIRSTACTBONUS);
  const months = await readConfigKey(trx, 'MILES_EXPIRY_MONTHS');
  const entries: LedgerEntry[] = due
    .filter((d) => !had.has(d.member.memberid))
    .map(({ member, day, rule, awardmiles, tiermiles }) => ({
      memberid: member.memberid,
      trxtype: TRX_TYPES.FIRSTACTBONUS,
      activitydate: day,
      awardmiles,
      tiermiles,
      segments: 0,
      expirydate: addMonths(day, months),
      source: ruleSource(BONUS_MENUS.firstActivity, member.membershipid, String(rule.effectivedate)),
      reason: BONUS_REASONS.firstActivity,
      user,
      now,
    }));
  await creditMany(trx, entries);
}

/**
 * A referred member's first activity: the referrer (the active member whose referral code the new one gave) gets
 * the rule's referrer miles, the referred member its own share, once per referred member.
 */
async function giveReferralBonus(trx: Db, member: ActiveMember, day: string, user: string, now: Date): Promise<void> {
  if (!member.referredby) return;
  const referrer = (await definitionDb(trx).selectFrom('member').select(['memberid', 'status']).where('referralcode', '=', member.referredby).executeTakeFirst()) as
    | { memberid: string; status: string }
    | undefined;
  if (!referrer || referrer.memberid === member.memberid || referrer.status !== ACTIVE) return;
  const rule = ruleInEffect(await rules(trx, 'referral_bonus', { membershipid: member.membershipid }), day);
  if (!rule) return;
  const source = `referral:${member.memberid}`;
  if (await given(trx, referrer.memberid, TRX_TYPES.REFERRALBONUS, { source })) return;
  const referrermiles = miles(rule.referrermiles);
  const refereemiles = miles(rule.refereemiles);
  if (referrermiles > 0) {
    await credit(trx, { memberid: referrer.memberid, trxtype: TRX_TYPES.REFERRALBONUS, activitydate: day, awardmiles: referrermiles, source, reason: BONUS_REASONS.referrer(member.memberid), user, now });
  }
  if (refereemiles > 0) {
    await credit(trx, { memberid: member.memberid, trxtype: TRX_TYPES.REFERRALBONUS, activitydate: day, awardmiles: refereemiles, source, reason: BONUS_REASONS.referee, user, now });
  }
}

/** The members whose first activity this write is: activity rows written, and no other activity row before (one statement for all). */
async function firstActivities(trx: Db, write: LedgerWrite): Promise<{ memberid: string; day: string }[]> {
  const first = new Map<string, { f: number; day: string }>();
  for (const r of write.rows) {
    if (!ACTIVITY_TRX_TYPES.has(r.trxtype) || !(r.awardmiles > 0 || r.tiermiles > 0 || r.segments > 0)) continue;
    const seen = first.get(r.memberid);
    first.set(r.memberid, { f: Math.min(seen?.f ?? r.trxid, r.trxid), day: seen && seen.day < r.activitydate ? seen.day : r.activitydate });
  }
  if (first.size === 0) return [];
  // Rows before these have smaller ids (a concurrent posting of the member committed first: the member lock).
  // The range on trxid keeps the planner on the member's (memberid, trxid) index, not the type's.
  const data = JSON.stringify([...first].map(([m, { f }]) => ({ m, f })));
  const types = sql.join([...ACTIVITY_TRX_TYPES]);
  const { rows } = isSqlite(trx)
    ? await sql<{ memberid: string }>`select j.value ->> 'm' as memberid from json_each(${data}) j
        where exists (select 1 from ledger_transaction t where t.memberid = j.value ->> 'm' and t.trxid < j.value ->> 'f' and t.trxtype in (${types}))`.execute(trx)
    : await sql<{ memberid: string }>`select j.m as memberid from json_to_recordset(${data}::json) as j(m text, f bigint)
        where exists (select 1 from ledger_transaction t where t.memberid = j.m and t.trxid < j.f and t.trxtype in (${types}))`.execute(trx);
  const earlier = new Set(rows.map((r) => String(r.memberid)));
  return [...first.keys()]
    .filter((m) => !earlier.has(m))
    .sort()
    .map((memberid) => ({ memberid, day: first.get(memberid)!.day }));
}

// ---- relation ---------------------------------------------------------------------------------------------------

/**
 * The Relation Bonus of the member's membership for a relation type (the rule in effect on the day), given to the
 * member who adds the relation, once per member and rule row.
 */
export async function giveRelationBonus(trx: Db, relation: { memberid: string; relationtypeid: string; relatedmemberid: string }, day: string, user: string, now: Date): Promise<number | undefined> {
  const member = (await definitionDb(trx).selectFrom('member').select(['membershipid', 'status']).where('memberid', '=', relation.memberid).executeTakeFirst()) as { membershipid: string | null; status: string } | undefined;
  if (!member?.membershipid || member.status !== ACTIVE) return undefined;
  const rule = ruleInEffect(await rules(trx, 'relation_bonus', { relationtypeid: relation.relationtypeid, membershipid: member.membershipid }), day);
  const awardmiles = miles(rule?.awardmiles);
  if (!rule || awardmiles === 0) return undefined;
  const source = ruleSource(BONUS_MENUS.relation, relation.relationtypeid, member.membershipid, String(rule.effectivedate));
  if (await given(trx, relation.memberid, TRX_TYPES.RELATIONBONUS, { source })) return undefined;
  const reason = BONUS_REASONS.relation(relation.relationtypeid, relation.relatedmemberid);
  const { trxid } = await credit(trx, { memberid: relation.memberid, trxtype: TRX_TYPES.RELATIONBONUS, activitydate: day, awardmiles, source, reason, user, now });
  return trxid;
}

// ---- promo completion -------------------------------------------------------------------------------------------

/**
 * The Promo Completion Bonus of each promotion an activity just credited met (its detail names the promotion,
 * PROMOTION_RULE): the rows of the promotion in effect on the activity's day whose minimum count of the member's
 * credited activities meeting that promotion is reached are given, once per member and row. Called by the accrual
 * engine in the posting's transaction once the activity's detail is written.
 */
export async function givePromoCompletionBonuses(trx: Db, memberid: string, promocodes: readonly string[], day: string, user: string, now: Date): Promise<number[]> {
  const trxids: number[] = [];
  for (const promocode of [...new Set(promocodes)].sort()) {
    const inEffect = (await rules(trx, 'promo_completion_bonus', { promocode })).filter((r) => ruleInEffect([r], day));
    if (inEffect.length === 0) continue;
    const { rows } = await sql<{ n: number }>`
      select count(distinct t.trxid) as n from ledger_transaction t inner join ledger_detail d on d.trxid = t.trxid
      where t.memberid = ${memberid} and t.trxtype in (${sql.join([...ACTIVITY_TRX_TYPES])}) and d.ruletype = ${PROMOTION_RULE} and d.rulecode = ${promocode}`.execute(trx);
    const activities = Number(rows[0]?.n ?? 0);
    for (const rule of inEffect) {
      const awardmiles = miles(rule.awardmiles);
      if (awardmiles === 0 || activities < Math.max(1, miles(rule.minactivities))) continue;
      const source = ruleSource(BONUS_MENUS.promoCompletion, String(rule.promocompletionid));
      if (await given(trx, memberid, TRX_TYPES.PROMOBONUS, { source })) continue;
      const { trxid } = await credit(trx, { memberid, trxtype: TRX_TYPES.PROMOBONUS, activitydate: day, awardmiles, source, reason: BONUS_REASONS.promoCompletion(promocode, activities), user, now });
      trxids.push(trxid);
    }
  }
  return trxids;
}

/**
 * Gives the first-activity and referral bonuses in the posting's transaction when a member's first activity posts:
 * every member of the write in one pass (an activity file's chunk is one write of thousands of members).
 */
export const bonusLedgerListener: LedgerListener = {
  name: 'bonuses',
  async onWrite(trx, write) {
    const firsts = await firstActivities(trx, write);
    if (firsts.length === 0) return;
    const data = JSON.stringify(firsts.map((f) => f.memberid));
    const among = isSqlite(trx) ? sql`memberid in (select value from json_each(${data}))` : sql`memberid = any(array(select json_array_elements_text(${data}::json)))`;
    const { rows } = await sql<ActiveMember>`select memberid, membershipid, enrollmentdate, referredby, status from member where ${among}`.execute(trx);
    const members = new Map(rows.map((m) => [String(m.memberid), m]));
    const active = firsts.flatMap(({ memberid, day }) => {
      const member = members.get(memberid);
      return member?.membershipid && member.status === ACTIVE ? [{ member, day }] : [];
    });
    await giveFirstActivityBonuses(trx, active, write.user, write.now);
    for (const { member, day } of active) await giveReferralBonus(trx, member, day, write.user, write.now);
  },
};

// ---- birthday -------------------------------------------------------------------------------------------------

/**
 * The birthday bonus of every active member whose birthday is `today` (29 February birthdays on 28 February in
 * other years), by the rule of the member's membership and tier: one transaction per member, once a year.
 */
export async function giveBirthdayBonuses(
  db: Db,
  options: { today: string; user: string; now?: () => Date; progress?: (percentage: number) => Promise<void> },
): Promise<{ members: number; miles: number }> {
  const { today, user } = options;
  const year = today.slice(0, 4);
  const rulesByTier = new Map<string, Rule[]>();
  for (const row of await rules(db, 'birthday_bonus', {})) rulesByTier.set(`${row.membershipid}|${row.tierid}`, [...(rulesByTier.get(`${row.membershipid}|${row.tierid}`) ?? []), row]);
  // substr(birthdate, 6, 5): the MM-DD of a YYYY-MM-DD text on both databases.
  const due = () =>
    definitionDb(db)
      .selectFrom('member')
      .where('status', '=', ACTIVE)
      .where((eb: any) => eb(eb.fn('substr', ['birthdate', eb.val(6), eb.val(5)]), 'in', birthdaysOn(today)));
  const total = Number(((await due().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: unknown }).n);
  let members = 0;
  let givenMiles = 0;
  let seen = 0;
  let after = '';
  for (;;) {
    const batch = (await due().select(['memberid', 'membershipid', 'tierid']).where('memberid', '>', after).orderBy('memberid').limit(BIRTHDAY_BATCH).execute()) as { memberid: string; membershipid: string; tierid: string }[];
    if (batch.length === 0) break;
    for (const m of batch) {
      const rule = ruleInEffect(rulesByTier.get(`${m.membershipid}|${m.tierid}`) ?? [], today);
      const awardmiles = miles(rule?.awardmiles);
      if (!rule || awardmiles === 0) continue;
      const gave = await db.transaction().execute(async (trx) => {
        // The member first (PostgreSQL row lock), so a second run at the same moment sees this one's row.
        if (!isSqlite(trx)) await definitionDb(trx).selectFrom('member').select('memberid').where('memberid', '=', m.memberid).forUpdate().execute();
        if (await given(trx, m.memberid, TRX_TYPES.BIRTHDAYBONUS, { from: `${year}-01-01`, to: `${year}-12-31` })) return false;
        const source = ruleSource(BONUS_MENUS.birthday, m.membershipid, m.tierid, String(rule.effectivedate));
        await credit(trx, { memberid: m.memberid, trxtype: TRX_TYPES.BIRTHDAYBONUS, activitydate: today, awardmiles, source, reason: BONUS_REASONS.birthday(year), user, now: (options.now ?? (() => new Date()))() });
        return true;
      });
      if (gave) {
        members += 1;
        givenMiles += awardmiles;
      }
    }
    seen += batch.length;
    after = batch[batch.length - 1]!.memberid;
    await options.progress?.(Math.min(99, Math.floor((seen * 100) / Math.max(total, 1))));
  }
  return { members, miles: givenMiles };
}
