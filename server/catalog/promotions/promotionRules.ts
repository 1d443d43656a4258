// The promotions of Promo Manage Catalog in accrual: pure functions from an activity, the member (with the
// promotions they registered to) and the promotion rows to the bonus lines each matching promotion gives, and
// why every other one did not apply. The accrual engine (server/catalog/accrual/accrualRules.ts) calls them after it
// rated the activity's base; accrualStore feeds the rows.
import { PROMOTION_RULE, type AccrualLine, type RuleVerdict } from '../../../domain/accrualResult';
import { STATUS_ACTIVE as ACTIVE } from '../../../engine/definition/compile';
import { ageOn, inEffect } from '../../../engine/definition/dates';

/** A promotion as Promo Manage Catalog stores it (records: lists and booleans decoded). */
export interface Promotion {
  promocode: string;
  name: string;
  promotiontype: 'AIR' | 'NON_AIR' | string;
  startdate: string;
  enddate: string;
  needregister: boolean;
  status: string;
  // member criteria
  membershipid: string | null;
  tiers: string[] | null;
  gender: string | null;
  minage: number | null;
  maxage: number | null;
  enrollstartdate: string | null;
  enrollenddate: string | null;
  // air criteria
  airlinecode: string | null;
  originairport: string | null;
  destinationairport: string | null;
  compartments: string[] | null;
  bookingclasses: string[] | null;
  flightstartdate: string | null;
  flightenddate: string | null;
  minsegments: number | null;
  // non-air criteria
  partnercode: string | null;
  activitycodes: string[] | null;
  minspend: number | null;
  spendcurrency: string | null;
  // bonus activity
  bonusactivitycode: string | null;
  bonustype: 'PERCENTAGE' | 'FIXED' | string | null;
  bonusvalue: number | null;
  milestype: 'AWARD' | 'TIER' | 'BOTH' | string | null;
  /** Bonus per Activity Code (the Bonus Activity Code section's table): a non-air activity's own code overrides the bonus above. */
  activitybonuses?: ActivityCodeBonus[];
}

export interface ActivityCodeBonus {
  activitycode: string;
  bonustype: 'PERCENTAGE' | 'FIXED' | string;
  bonusvalue: number;
  milestype: 'AWARD' | 'TIER' | 'BOTH' | string;
}

/** What the member criteria read of a member; unknown values (a simulation for a tier) miss the criteria that need them. */
export interface PromotionMember {
  tierid: string | null;
  membershipid?: string | null;
  gender?: string | null;
  birthdate?: string | null;
  enrollmentdate: string | null;
  /** The promotions the member is registered to (Member Promo, status REGISTERED). */
  promotions?: readonly string[];
}

export type PromotionActivity =
  | { type: 'AIR'; date: string; carrier: string; origin: string; destination: string; bookingclass: string; compartment?: string | null }
  | { type: 'NONAIR'; date: string; partnercode: string; activitycode: string; amount?: number | null; currencycode?: string | null };

/** The miles the bonus is figured on: the activity's base (before tier bonus and other promotions). */
export interface PromotionBasis {
  awardmiles: number;
  tiermiles: number;
  segments: number;
}

const miles = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${Number(n.toFixed(4))}%`;
const floorMiles = (value: number): number => Math.floor(Math.round(value * 1e6) / 1e6);
/** A route matches in either direction; an empty end matches any airport. */
const sameRoute = (origin: string, destination: string, a: string | null, b: string | null) =>
  ((!a || a === origin) && (!b || b === destination)) || ((!a || a === destination) && (!b || b === origin));
const listed = (values: string[] | null | undefined) => (values ?? []).length > 0;

/** Why a promotion does not apply to a member's activity, or undefined when it does. */
export function promotionMiss(p: Promotion, member: PromotionMember, a: PromotionActivity, basis: PromotionBasis): string | undefined {
  if (p.status !== ACTIVE) return 'Inactive';
  if ((p.promotiontype === 'AIR') !== (a.type === 'AIR')) return `For ${p.promotiontype === 'AIR' ? 'air' : 'non-air'} activity`;
  if (!inEffect(a.date, p.startdate, p.enddate)) return `Activity date ${a.date} is outside the promotion (${p.startdate} - ${p.enddate})`;
  if (p.needregister && !(member.promotions ?? []).includes(p.promocode)) return 'The member is not registered to the promotion';
  if (p.membershipid && member.membershipid !== p.membershipid) return `For membership ${p.membershipid}`;
  if (listed(p.tiers) && !p.tiers!.includes(member.tierid ?? '')) return `For tiers ${p.tiers!.join(', ')}`;
  if (p.gender && p.gender !== 'ALL' && member.gender !== p.gender) return `For ${p.gender.toLowerCase()} members`;
  if (p.minage != null || p.maxage != null) {
    if (!member.birthdate) return 'The member has no birth date (the promotion has an age band)';
    const age = ageOn(member.birthdate, a.date);
    if ((p.minage != null && age < p.minage) || (p.maxage != null && age > p.maxage)) return `For ages ${p.minage ?? 0} - ${p.maxage ?? 'any'}, the member is ${age}`;
  }
  if (p.enrollstartdate || p.enrollenddate) {
    if (!member.enrollmentdate || !inEffect(member.enrollmentdate, p.enrollstartdate, p.enrollenddate)) {
      return `For members enrolled ${p.enrollstartdate ?? 'the start'} - ${p.enrollenddate ?? 'no end'}`;
    }
  }
  if (a.type === 'AIR') {
    if (p.airlinecode && p.airlinecode !== a.carrier) return `For carrier ${p.airlinecode}`;
    if ((p.originairport || p.destinationairport) && !sameRoute(a.origin, a.destination, p.originairport, p.destinationairport)) {
      return `For route ${p.originairport ?? '*'}-${p.destinationairport ?? '*'}`;
    }
    if (listed(p.compartments) && !p.compartments!.includes(a.compartment ?? '')) return `For compartments ${p.compartments!.join(', ')}`;
    if (listed(p.bookingclasses) && !p.bookingclasses!.includes(a.bookingclass)) return `For booking classes ${p.bookingclasses!.join(', ')}`;
    if (!inEffect(a.date, p.flightstartdate, p.flightenddate)) return `For flights ${p.flightstartdate ?? 'the start'} - ${p.flightenddate ?? 'no end'}`;
    if (p.minsegments != null && basis.segments < p.minsegments) return `At least ${p.minsegments} segment(s), the flight earns ${basis.segments}`;
    return undefined;
  }
  if (p.partnercode && p.partnercode !== a.partnercode) return `For partner ${p.partnercode}`;
  if (listed(p.activitycodes) && !p.activitycodes!.includes(a.activitycode)) return `For activity codes ${p.activitycodes!.join(', ')}`;
  if (p.minspend != null) {
    if (p.spendcurrency && a.currencycode !== p.spendcurrency) return `Spend in ${p.spendcurrency} of at least ${miles(p.minspend)}`;
    if ((a.amount ?? 0) < p.minspend) return `Spend of at least ${miles(p.minspend)}${p.spendcurrency ? ` ${p.spendcurrency}` : ''}`;
  }
  return undefined;
}

/** Each matching promotion's bonus line (its Bonus Activity Code section), and a verdict for every promotion. */
export function promotionBonuses(promotions: readonly Promotion[], member: PromotionMember, a: PromotionActivity, basis: PromotionBasis): { lines: AccrualLine[]; verdicts: RuleVerdict[] } {
  const lines: AccrualLine[] = [];
  const verdicts: RuleVerdict[] = [];
  for (const p of promotions) {
    const miss = promotionMiss(p, member, a, basis);
    if (miss !== undefined) {
      verdicts.push({ ruletype: PROMOTION_RULE, rulecode: p.promocode, applied: false, reason: miss });
      continue;
    }
    const own = a.type === 'NONAIR' ? p.activitybonuses?.find((b) => b.activitycode === a.activitycode) : undefined;
    const bonus = own ?? { bonustype: p.bonustype, bonusvalue: p.bonusvalue, milestype: p.milestype };
    const value = Number(bonus.bonusvalue ?? 0);
    const fixed = bonus.bonustype === 'FIXED';
    const of = (base: number) => (fixed ? floorMiles(value) : floorMiles((base * value) / 100));
    const gives = fixed ? `${miles(value)} miles` : `+${pct(value)}`;
    const code = [p.bonusactivitycode, own?.activitycode].filter(Boolean).join(', ');
    lines.push({
      criterion: 'PROMO',
      ruletype: PROMOTION_RULE,
      rulecode: p.promocode,
      description: `Promotion ${p.promocode} ${p.name}${code ? ` (${code})` : ''}: ${gives}`,
      awardmiles: bonus.milestype !== 'TIER' ? of(basis.awardmiles) : 0,
      tiermiles: bonus.milestype === 'TIER' || bonus.milestype === 'BOTH' ? of(basis.tiermiles) : 0,
      segments: 0,
    });
    verdicts.push({ ruletype: PROMOTION_RULE, rulecode: p.promocode, applied: true, reason: `${gives} bonus` });
  }
  return { lines, verdicts };
}
