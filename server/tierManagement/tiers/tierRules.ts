// The tier engine's rules, pure: rows in, decision out. Which tier a member's tier miles and segments of the
// qualification period reach (Mileage Criteria rows: per tier, Upgrade or Maintain, tier miles and/or segments,
// OR/AND, an age band, effective dates), the upgrade as soon as a criterion is met, the decision at period end
// (maintain, downgrade at most N levels, or upgrade), and the tier held on a day. tierStore feeds it; the
// decisions carry every criterion looked at and why it did or did not count.
import { addDays, addMonths, ageOn, inEffect } from '../../../engine/definition/dates';
import type { CriterionLine, TierDecisionLine } from '../../../engine/definition/views';
import { formatMiles } from '../../ledger/ledgerRules';

/** Mileage Criteria types (screens/tier-management/mileage-criteria.json). */
export const CRITERION_TYPES = { UPGRADE: 'UPGRADE', MAINTAIN: 'MAINTAIN' } as const;
export type CriterionType = (typeof CRITERION_TYPES)[keyof typeof CRITERION_TYPES];

/** The reasons the tier module writes on member_tier rows (Tier Reason ids). */
export const TIER_REASON = { QUALIFICATION: 'QUALIFICATION', MAINTAIN: 'MAINTAIN', DOWNGRADE: 'DOWNGRADE' } as const;
export type TierReason = (typeof TIER_REASON)[keyof typeof TIER_REASON];

const ACTIVE = 'ACTIVE';

export interface TierRow {
  tierid: string;
  membershipid: string;
  rank: number;
  status: string;
}

export interface CriterionRow {
  mileagecriteriaid: string;
  membershipid: string;
  tierid: string;
  type: string;
  minage: number | null;
  maxage: number | null;
  tiermiles: number | null;
  segments: number | null;
  /** 'OR': either figure qualifies; 'AND': both must be reached. */
  operator: string;
  effectivedate: string;
  expireddate: string | null;
  status: string;
}

/** Tier miles and segments the member earned in the qualification period. */
export interface Progress {
  tiermiles: number;
  segments: number;
}

export interface MemberFacts {
  membershipid: string;
  tierid: string;
  /** YYYY-MM-DD, or null when not known (then only criteria without an age band apply). */
  birthdate: string | null;
}

/** One criterion looked at, and what came of it (the shape the member's tier standing view reads). */
export type CriterionCheck = CriterionLine;

export interface TierDecision extends TierDecisionLine {
  /** The tier the member holds after it. */
  tierid: string;
  reason: TierReason;
  /** The criterion that qualified, for an upgrade or a maintain by criterion. */
  mileagecriteriaid?: string;
}

// ---- one criterion ----------------------------------------------------------------------------------------

/** Why a criterion does not apply to the member on the day, or undefined when it does. */
function notApplying(c: CriterionRow, day: string, age: number | undefined): string | undefined {
  if (c.status !== ACTIVE) return 'inactive';
  if (!inEffect(day, c.effectivedate, c.expireddate)) return `not in effect on ${day} (${c.effectivedate} to ${c.expireddate ?? 'open'})`;
  if (c.minage !== null || c.maxage !== null) {
    const band = `ages ${c.minage ?? 0} to ${c.maxage ?? 'any'}`;
    if (age === undefined) return `for ${band}, and the birth date is not known`;
    if ((c.minage !== null && age < c.minage) || (c.maxage !== null && age > c.maxage)) return `for ${band}, the member is ${age}`;
  }
  return undefined;
}

/** Whether the period's figures reach the criterion: its tier miles, its segments, either (OR) or both (AND). */
export function criterionMet(c: Pick<CriterionRow, 'tiermiles' | 'segments' | 'operator'>, progress: Progress): boolean {
  const miles = c.tiermiles === null ? undefined : progress.tiermiles >= c.tiermiles;
  const segments = c.segments === null ? undefined : progress.segments >= c.segments;
  if (miles === undefined && segments === undefined) return false;
  if (miles === undefined) return segments!;
  if (segments === undefined) return miles;
  return c.operator === 'AND' ? miles && segments : miles || segments;
}

function figures(c: CriterionRow, progress: Progress): string {
  const parts: string[] = [];
  if (c.tiermiles !== null) parts.push(`${formatMiles(progress.tiermiles)} of ${formatMiles(c.tiermiles)} tier miles`);
  if (c.segments !== null) parts.push(`${formatMiles(progress.segments)} of ${formatMiles(c.segments)} segments`);
  return parts.join(c.operator === 'AND' ? ' and ' : ' or ');
}

/** Every criterion of the membership of these tiers and types, checked against the period's figures on the day. */
export function checkCriteria(criteria: readonly CriterionRow[], member: MemberFacts, tierids: ReadonlySet<string>, types: ReadonlySet<string>, progress: Progress, day: string): CriterionCheck[] {
  const age = member.birthdate ? ageOn(member.birthdate, day) : undefined;
  return criteria
    .filter((c) => c.membershipid === member.membershipid && tierids.has(c.tierid) && types.has(c.type))
    .map((c) => {
      const skip = notApplying(c, day, age);
      const met = skip === undefined && criterionMet(c, progress);
      const why = skip ?? `${figures(c, progress)}: ${met ? 'met' : 'not met'}`;
      return { mileagecriteriaid: c.mileagecriteriaid, tierid: c.tierid, type: c.type, applies: skip === undefined, met, why };
    });
}

// ---- tiers ------------------------------------------------------------------------------------------------

/** The membership's tiers lowest first (rank, then id): the active ones and the member's own. */
function ladder(tiers: readonly TierRow[], member: MemberFacts): TierRow[] {
  return tiers
    .filter((t) => t.membershipid === member.membershipid && (t.status === ACTIVE || t.tierid === member.tierid))
    .sort((a, b) => a.rank - b.rank || (a.tierid < b.tierid ? -1 : a.tierid > b.tierid ? 1 : 0));
}

/**
 * The highest tier above the member's that an Upgrade criterion in effect is met for, or undefined (the member
 * stays). `checks` holds every Upgrade criterion of the higher tiers with why it did or did not qualify.
 */
export function upgradeTarget(tiers: readonly TierRow[], criteria: readonly CriterionRow[], member: MemberFacts, progress: Progress, day: string): { target?: { tierid: string; mileagecriteriaid: string }; checks: CriterionCheck[] } {
  const ordered = ladder(tiers, member);
  const at = ordered.findIndex((t) => t.tierid === member.tierid);
  if (at < 0) return { checks: [] };
  const higher = ordered.slice(at + 1).filter((t) => t.status === ACTIVE);
  const checks = checkCriteria(criteria, member, new Set(higher.map((t) => t.tierid)), new Set([CRITERION_TYPES.UPGRADE]), progress, day);
  for (const tier of [...higher].reverse()) {
    const met = checks.find((c) => c.tierid === tier.tierid && c.met);
    if (met) return { target: { tierid: tier.tierid, mileagecriteriaid: met.mileagecriteriaid }, checks };
  }
  return { checks };
}

/**
 * At the end of a qualification period: an Upgrade criterion of a higher tier met moves the member up; else the
 * tier is kept when a Maintain or Upgrade criterion of it is met, when it has none in effect, or when it is the
 * entry tier; else the member drops to the highest lower tier the period holds, at most `downgradeLevels` levels
 * (0: as far as the period says).
 */
export function periodEndDecision(
  tiers: readonly TierRow[],
  criteria: readonly CriterionRow[],
  member: MemberFacts,
  progress: Progress,
  day: string,
  downgradeLevels: number,
): TierDecision | undefined {
  const ordered = ladder(tiers, member);
  const at = ordered.findIndex((t) => t.tierid === member.tierid);
  if (at < 0) return undefined;
  const up = upgradeTarget(tiers, criteria, member, progress, day);
  const below = ordered.slice(0, at + 1);
  const holding = checkCriteria(criteria, member, new Set(below.map((t) => t.tierid)), new Set(Object.values(CRITERION_TYPES)), progress, day);
  const checks = [...up.checks, ...holding];
  if (up.target) return { outcome: 'UPGRADE', tierid: up.target.tierid, reason: TIER_REASON.QUALIFICATION, mileagecriteriaid: up.target.mileagecriteriaid, checks };

  /** Whether the period holds tier i: the entry tier, a tier without criteria in effect, or one whose criterion is met. */
  const holds = (i: number): { held: boolean; by?: string } => {
    if (i === 0) return { held: true };
    const own = holding.filter((c) => c.tierid === ordered[i]!.tierid && c.applies);
    const met = own.find((c) => c.met);
    return own.length === 0 || met ? { held: true, by: met?.mileagecriteriaid } : { held: false };
  };
  const kept = holds(at);
  if (kept.held) return { outcome: 'MAINTAIN', tierid: member.tierid, reason: TIER_REASON.MAINTAIN, mileagecriteriaid: kept.by, checks };

  const floor = downgradeLevels > 0 ? Math.max(0, at - downgradeLevels) : 0;
  let target = floor;
  for (let i = at - 1; i >= floor; i--) {
    if (ordered[i]!.status === ACTIVE && holds(i).held) {
      target = i;
      break;
    }
  }
  return { outcome: 'DOWNGRADE', tierid: ordered[target]!.tierid, reason: TIER_REASON.DOWNGRADE, mileagecriteriaid: holds(target).by, checks };
}

// ---- periods and history ----------------------------------------------------------------------------------

/** The qualification period after one that ended on `endperiod`: `months` long, ending the day before the same date. */
export function nextPeriod(endperiod: string, months: number): { startperiod: string; endperiod: string } {
  const startperiod = addDays(endperiod, 1);
  return { startperiod, endperiod: addDays(addMonths(startperiod, Math.max(1, months)), -1) };
}

export interface TierHistoryRow {
  tierid: string;
  startdate: string;
  enddate: string | null;
  tierreason: string | null;
  /** When the row was written: of two rows starting the same day, the later one holds. */
  createddate?: string | null;
}

/** The tier held on a day ('as of date'): the latest-starting row covering it, or undefined before the first. */
export function tierAsOf<T extends TierHistoryRow>(history: readonly T[], day: string): T | undefined {
  let held: T | undefined;
  for (const row of history) {
    if (row.startdate > day || (row.enddate !== null && row.enddate < day)) continue;
    if (!held || row.startdate > held.startdate || (row.startdate === held.startdate && (row.createddate ?? '') >= (held.createddate ?? ''))) held = row;
  }
  return held;
}
