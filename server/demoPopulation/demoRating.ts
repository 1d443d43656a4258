// The demo population's activities rated as a post rates them: the accrual's one rating of an activity
// (accrualStore.rateFromBook) over the rule book the first start wrote, so a seeded activity holds the miles
// the programme's rules give it, as an activity posted through /api/accrual/air or /api/accrual/non-air would.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import type { Schema } from '../platform/db/schema';
import { rateFromBook, ruleBook, type PostedActivity, type ActivityType } from '../catalog/accrual/accrualStore';
import { inEffect } from '../../engine/definition/dates';
import { type LimitUsage, type NonAirRule } from '../catalog/accrual/accrualRules';
import type { ActivityRating } from './memberPopulation';

/**
 * What a partner's activity is worth in its rule's currency: the spend a per-unit rule turns into the drawn miles,
 * or the fixed rule's minimum amount (a fixed rule pays the same for any spend at or over it). None when no rule.
 */
export function spendFor(rules: readonly NonAirRule[], partnercode: string, activitycode: string, date: string, miles: number): { amount: number; currencycode: string } | undefined {
  const rule = rules.find((r) => r.partnercode === partnercode && r.activitycode === activitycode && inEffect(date, r.effectivedate, r.expireddate));
  if (!rule?.currencycode) return undefined;
  if (rule.calculationtype === 'PERUNIT' && rule.amountperunit && rule.milesperunit) return { amount: Math.ceil((miles / rule.milesperunit) * rule.amountperunit), currencycode: rule.currencycode };
  return rule.minimumamount ? { amount: rule.minimumamount, currencycode: rule.currencycode } : undefined;
}

/**
 * The demo seed's rating: each drawn activity rated by the database's accrual rules (read once), a partner's
 * limits counting the member's earlier credited activities as the store counts them (the same day, month and
 * year). A non-air activity gets the spend its rule reads (spendFor), written on the activity too.
 */
export async function demoRating(db: Kysely<Schema>, catalogue: Catalogue): Promise<ActivityRating> {
  const loaded = await ruleBook(db, catalogue);
  const carrierRules = new Map();
  let memberid = '';
  let credited: { key: string; date: string; miles: number }[] = [];
  return (activity, member, drawn) => {
    if (member.memberid !== memberid) {
      memberid = member.memberid;
      credited = [];
    }
    const type = activity.activitytype as ActivityType;
    const date = String(activity.activitydate);
    if (type === 'NONAIR') Object.assign(activity, spendFor(loaded.book.nonAir, String(activity.partnercode), String(activity.activitycode), date, drawn));
    const posted = { ...activity, activitytype: type } as unknown as PostedActivity;
    const key = `${String(activity.partnercode)}|${String(activity.activitycode)}`;
    const usage: LimitUsage = { day: { miles: 0, count: 0 }, month: { miles: 0, count: 0 }, year: { miles: 0, count: 0 } };
    if (type === 'NONAIR') {
      for (const c of credited) {
        if (c.key !== key || c.date.slice(0, 4) !== date.slice(0, 4)) continue;
        const add = (p: keyof LimitUsage) => ((usage[p].miles += c.miles), (usage[p].count += 1));
        add('year');
        if (c.date.slice(0, 7) === date.slice(0, 7)) add('month');
        if (c.date === date) add('day');
      }
    }
    const result = rateFromBook(loaded, posted, member, { usage }, carrierRules);
    if (result.outcome !== 'CREDIT') return undefined;
    if (type === 'NONAIR') credited.push({ key, date, miles: result.awardmiles });
    return { awardmiles: Math.max(0, result.awardmiles), tiermiles: Math.max(0, result.tiermiles), segments: Math.max(0, result.segments), lines: result.lines as unknown as Record<string, unknown>[] };
  };
}
