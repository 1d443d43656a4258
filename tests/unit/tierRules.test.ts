// The pure tier engine: criteria (tier miles and/or segments, OR/AND, age bands, effective dates), the upgrade
// as soon as met, the period-end decision (maintain, downgrade N levels, upgrade), periods and the tier as of a day.
import { describe, expect, it } from 'vitest';
import {
  checkCriteria,
  criterionMet,
  nextPeriod,
  periodEndDecision,
  tierAsOf,
  upgradeTarget,
  type CriterionRow,
  type MemberFacts,
  type TierRow,
} from '../../server/tierManagement/tiers/tierRules';

const TIERS: TierRow[] = [
  { tierid: 'GOLD', membershipid: 'FFP', rank: 3, status: 'ACTIVE' },
  { tierid: 'BLUE', membershipid: 'FFP', rank: 1, status: 'ACTIVE' },
  { tierid: 'PLATINUM', membershipid: 'FFP', rank: 4, status: 'ACTIVE' },
  { tierid: 'SILVER', membershipid: 'FFP', rank: 2, status: 'ACTIVE' },
  { tierid: 'CBGOLD', membershipid: 'COBRAND', rank: 3, status: 'ACTIVE' },
];

const rule = (id: string, tierid: string, type: string, tiermiles: number | null, segments: number | null, extra: Partial<CriterionRow> = {}): CriterionRow => ({
  mileagecriteriaid: id,
  membershipid: 'FFP',
  tierid,
  type,
  minage: null,
  maxage: null,
  tiermiles,
  segments,
  operator: 'OR',
  effectivedate: '2021-01-01',
  expireddate: null,
  status: 'ACTIVE',
  ...extra,
});

const CRITERIA: CriterionRow[] = [
  rule('SILVERUP', 'SILVER', 'UPGRADE', 10_000, 10),
  rule('GOLDUP', 'GOLD', 'UPGRADE', 25_000, 25),
  rule('PLATUP', 'PLATINUM', 'UPGRADE', 55_000, 55),
  rule('SILVERMT', 'SILVER', 'MAINTAIN', 8_000, 8),
  rule('GOLDMT', 'GOLD', 'MAINTAIN', 20_000, 20),
  rule('PLATMT', 'PLATINUM', 'MAINTAIN', 45_000, 45),
];

const member = (tierid: string, birthdate: string | null = '1980-06-15'): MemberFacts => ({ membershipid: 'FFP', tierid, birthdate });
const day = '2026-11-23';

describe('a criterion', () => {
  it('is met by its tier miles, its segments, either (OR) or both (AND)', () => {
    expect(criterionMet({ tiermiles: 10_000, segments: null, operator: 'OR' }, { tiermiles: 10_000, segments: 0 })).toBe(true);
    expect(criterionMet({ tiermiles: 10_000, segments: null, operator: 'OR' }, { tiermiles: 9_999, segments: 99 })).toBe(false);
    expect(criterionMet({ tiermiles: null, segments: 10, operator: 'AND' }, { tiermiles: 0, segments: 10 })).toBe(true);
    expect(criterionMet({ tiermiles: 10_000, segments: 10, operator: 'OR' }, { tiermiles: 0, segments: 10 })).toBe(true);
    expect(criterionMet({ tiermiles: 10_000, segments: 10, operator: 'AND' }, { tiermiles: 0, segments: 10 })).toBe(false);
    expect(criterionMet({ tiermiles: 10_000, segments: 10, operator: 'AND' }, { tiermiles: 10_000, segments: 10 })).toBe(true);
    expect(criterionMet({ tiermiles: null, segments: null, operator: 'OR' }, { tiermiles: 1e9, segments: 1e9 })).toBe(false);
  });

  it('applies only while in effect, active, and to members of its age band (age in whole years on the day)', () => {
    const youth = rule('YOUTH', 'SILVER', 'UPGRADE', 7_500, null, { minage: 2, maxage: 24 });
    const later = rule('LATER', 'SILVER', 'UPGRADE', 1, null, { effectivedate: '2027-01-01' });
    const ended = rule('ENDED', 'SILVER', 'UPGRADE', 1, null, { expireddate: '2026-11-22' });
    const off = rule('OFF', 'SILVER', 'UPGRADE', 1, null, { status: 'INACTIVE' });
    const progress = { tiermiles: 8_000, segments: 0 };
    const check = (m: MemberFacts) =>
      Object.fromEntries(checkCriteria([youth, later, ended, off], m, new Set(['SILVER']), new Set(['UPGRADE']), progress, day).map((c) => [c.mileagecriteriaid, [c.applies, c.met, c.why]]));
    expect(check(member('BLUE', '2005-01-01'))).toEqual({
      YOUTH: [true, true, '8,000 of 7,500 tier miles: met'],
      LATER: [false, false, 'not in effect on 2026-11-23 (2027-01-01 to open)'],
      ENDED: [false, false, 'not in effect on 2026-11-23 (2021-01-01 to 2026-11-22)'],
      OFF: [false, false, 'inactive'],
    });
    expect(check(member('BLUE', '1990-01-01')).YOUTH).toEqual([false, false, 'for ages 2 to 24, the member is 36']);
    expect(check(member('BLUE', null)).YOUTH).toEqual([false, false, 'for ages 2 to 24, and the birth date is not known']);
  });
});

describe('the upgrade as soon as met', () => {
  it('moves to the highest tier whose Upgrade criterion the period meets, saying why for every other', () => {
    const { target, checks } = upgradeTarget(TIERS, CRITERIA, member('BLUE'), { tiermiles: 26_000, segments: 3 }, day);
    expect(target).toEqual({ tierid: 'GOLD', mileagecriteriaid: 'GOLDUP' });
    expect(checks.map((c) => c.why)).toEqual([
      '26,000 of 10,000 tier miles or 3 of 10 segments: met',
      '26,000 of 25,000 tier miles or 3 of 25 segments: met',
      '26,000 of 55,000 tier miles or 3 of 55 segments: not met',
    ]);
  });

  it('stays when nothing higher is met, never looks at lower tiers or other memberships, and skips inactive tiers', () => {
    expect(upgradeTarget(TIERS, CRITERIA, member('GOLD'), { tiermiles: 54_999, segments: 54 }, day).target).toBeUndefined();
    expect(upgradeTarget(TIERS, CRITERIA, member('GOLD'), { tiermiles: 0, segments: 0 }, day).checks.map((c) => c.mileagecriteriaid)).toEqual(['PLATUP']);
    const closedGold = TIERS.map((t) => (t.tierid === 'GOLD' ? { ...t, status: 'INACTIVE' } : t));
    expect(upgradeTarget(closedGold, CRITERIA, member('BLUE'), { tiermiles: 30_000, segments: 0 }, day).target).toEqual({ tierid: 'SILVER', mileagecriteriaid: 'SILVERUP' });
    expect(upgradeTarget(TIERS, CRITERIA, { membershipid: 'FFP', tierid: 'UNKNOWN', birthdate: null }, { tiermiles: 1e6, segments: 0 }, day)).toEqual({ checks: [] });
  });

  it('takes an age band\'s lower bar for the members it is for', () => {
    const youth = [...CRITERIA, rule('SILVERYOUTH', 'SILVER', 'UPGRADE', 7_500, 8, { minage: 2, maxage: 24 })];
    expect(upgradeTarget(TIERS, youth, member('BLUE', '2004-01-01'), { tiermiles: 7_500, segments: 0 }, day).target).toEqual({ tierid: 'SILVER', mileagecriteriaid: 'SILVERYOUTH' });
    expect(upgradeTarget(TIERS, youth, member('BLUE', '1970-01-01'), { tiermiles: 7_500, segments: 0 }, day).target).toBeUndefined();
  });
});

describe('the end of a qualification period', () => {
  const decide = (tierid: string, tiermiles: number, segments = 0, levels = 1, criteria = CRITERIA) => periodEndDecision(TIERS, criteria, member(tierid), { tiermiles, segments }, day, levels);

  it('maintains a tier whose Maintain (or Upgrade) criterion is met, and the entry tier always', () => {
    expect(decide('GOLD', 20_000)).toMatchObject({ outcome: 'MAINTAIN', tierid: 'GOLD', reason: 'MAINTAIN', mileagecriteriaid: 'GOLDMT' });
    expect(decide('GOLD', 0, 20)).toMatchObject({ outcome: 'MAINTAIN', tierid: 'GOLD', mileagecriteriaid: 'GOLDMT' });
    expect(decide('BLUE', 0)).toMatchObject({ outcome: 'MAINTAIN', tierid: 'BLUE', reason: 'MAINTAIN' });
    const upgradeOnly = CRITERIA.filter((c) => c.mileagecriteriaid !== 'GOLDMT');
    expect(decide('GOLD', 25_000, 0, 1, upgradeOnly)).toMatchObject({ outcome: 'MAINTAIN', mileagecriteriaid: 'GOLDUP' });
    const noRules = CRITERIA.filter((c) => c.tierid !== 'GOLD');
    expect(decide('GOLD', 0, 0, 1, noRules)).toMatchObject({ outcome: 'MAINTAIN', tierid: 'GOLD', mileagecriteriaid: undefined });
  });

  it('downgrades one level by default, further with more levels, to the highest tier the period holds', () => {
    expect(decide('PLATINUM', 0)).toMatchObject({ outcome: 'DOWNGRADE', tierid: 'GOLD', reason: 'DOWNGRADE' });
    expect(decide('PLATINUM', 0, 0, 2)).toMatchObject({ outcome: 'DOWNGRADE', tierid: 'SILVER' });
    expect(decide('PLATINUM', 8_000, 0, 3)).toMatchObject({ outcome: 'DOWNGRADE', tierid: 'SILVER', mileagecriteriaid: 'SILVERMT' });
    expect(decide('PLATINUM', 0, 0, 0)).toMatchObject({ outcome: 'DOWNGRADE', tierid: 'BLUE' });
    expect(decide('PLATINUM', 21_000, 0, 0)).toMatchObject({ outcome: 'DOWNGRADE', tierid: 'GOLD', mileagecriteriaid: 'GOLDMT' });
    const decision = decide('PLATINUM', 44_999, 44);
    expect(decision?.checks.filter((c) => c.tierid === 'PLATINUM').map((c) => c.why)).toEqual([
      '44,999 of 55,000 tier miles or 44 of 55 segments: not met',
      '44,999 of 45,000 tier miles or 44 of 45 segments: not met',
    ]);
  });

  it('upgrades when the period met a higher tier that was not given yet', () => {
    expect(decide('SILVER', 60_000)).toMatchObject({ outcome: 'UPGRADE', tierid: 'PLATINUM', reason: 'QUALIFICATION', mileagecriteriaid: 'PLATUP' });
  });
});

describe('periods and the tier as of a day', () => {
  it('starts the next period the day after and ends it the day before the same date N months on', () => {
    expect(nextPeriod('2026-11-22', 12)).toEqual({ startperiod: '2026-11-23', endperiod: '2027-11-22' });
    expect(nextPeriod('2024-02-28', 12)).toEqual({ startperiod: '2024-02-29', endperiod: '2025-02-27' });
    expect(nextPeriod('2026-12-31', 0)).toEqual({ startperiod: '2027-01-01', endperiod: '2027-01-31' });
  });

  it('finds the row covering the day, the latest start first, the later written of one day', () => {
    const history = [
      { tierid: 'BLUE', startdate: '2024-01-10', enddate: '2025-03-01', tierreason: 'ENROLLMENT', createddate: '2024-01-10T01:00:00Z' },
      { tierid: 'SILVER', startdate: '2025-03-02', enddate: '2026-01-09', tierreason: 'QUALIFICATION', createddate: '2025-03-02T01:00:00Z' },
      { tierid: 'GOLD', startdate: '2025-03-02', enddate: '2026-01-09', tierreason: 'QUALIFICATION', createddate: '2025-03-02T05:00:00Z' },
      { tierid: 'SILVER', startdate: '2026-01-10', enddate: null, tierreason: 'DOWNGRADE', createddate: '2026-01-10T00:00:00Z' },
    ];
    expect(tierAsOf(history, '2024-01-09')).toBeUndefined();
    expect(tierAsOf(history, '2024-01-10')?.tierid).toBe('BLUE');
    expect(tierAsOf(history, '2025-03-01')?.tierid).toBe('BLUE');
    expect(tierAsOf(history, '2025-03-02')?.tierid).toBe('GOLD');
    expect(tierAsOf(history, '2026-01-10')).toMatchObject({ tierid: 'SILVER', tierreason: 'DOWNGRADE' });
    expect(tierAsOf(history, '2030-01-01')?.tierid).toBe('SILVER');
  });
});
