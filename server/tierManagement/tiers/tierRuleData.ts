// Demo tier rules (not production): tier reasons, the qualification criteria per membership and tier (tier
// miles and/or segments in the qualification period, figures of ../shared/DOMAIN.md), relation types and the
// bonus rules of Tier Management, each table filled once while it is empty. Codes match the demo tiers.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';
import { MEMBERSHIPS, tierId, type MembershipId } from './tierData';

/** Why a tier changed: the reasons member_tier rows name (the tier module writes the first five). */
export const TIER_REASONS = [
  { reasonid: 'ENROLLMENT', reasonname: 'Enrollment', description: 'The entry tier a member starts in' },
  { reasonid: 'QUALIFICATION', reasonname: 'Qualification', description: 'Upgraded as soon as the tier miles or segments of the period met an upgrade criterion' },
  { reasonid: 'MAINTAIN', reasonname: 'Maintain', description: 'Kept the tier at the end of the qualification period' },
  { reasonid: 'DOWNGRADE', reasonname: 'Downgrade', description: 'Did not maintain the tier at the end of the qualification period' },
  { reasonid: 'UPGRADE', reasonname: 'Manual Upgrade', description: 'Upgraded by staff' },
  { reasonid: 'COMPLIMENTARY', reasonname: 'Complimentary', description: 'Given without qualification (e.g. a status match)' },
  { reasonid: 'CORPORATE', reasonname: 'Corporate', description: 'Given under a corporate agreement' },
  { reasonid: 'PROMOTION', reasonname: 'Promotion', description: 'Given by a promotion' },
  { reasonid: 'MERGE', reasonname: 'Merge', description: 'Taken over from a merged account' },
];

const CRITERIA_FROM = '2021-01-01';
type Level = 'SILVER' | 'GOLD' | 'PLATINUM';
const LEVEL_NAMES: Record<Level, 'Silver' | 'Gold' | 'Platinum'> = { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' };
const ID_PREFIX: Record<MembershipId, string> = { FFP: 'FFP', COBRAND: 'CB', CORPORATE: 'CORP' };
/** Upgrade: tier miles OR segments in the period (Silver 10,000 / 10, Gold 25,000 / 25, Platinum 55,000 / 55); maintain a little lower. */
const THRESHOLDS: Record<Level, { UPGRADE: [number, number]; MAINTAIN: [number, number] }> = {
  SILVER: { UPGRADE: [10_000, 10], MAINTAIN: [8_000, 8] },
  GOLD: { UPGRADE: [25_000, 25], MAINTAIN: [20_000, 20] },
  PLATINUM: { UPGRADE: [55_000, 55], MAINTAIN: [45_000, 45] },
};

const criteria = MEMBERSHIPS.flatMap(({ membershipid }) =>
  (Object.keys(THRESHOLDS) as Level[]).flatMap((level) =>
    (['UPGRADE', 'MAINTAIN'] as const).map((type) => {
      const [tiermiles, segments] = THRESHOLDS[level][type];
      // The co-brand Platinum asks for both: miles on the card alone do not make Platinum.
      const operator = membershipid === 'COBRAND' && level === 'PLATINUM' ? 'AND' : 'OR';
      return {
        mileagecriteriaid: `${ID_PREFIX[membershipid]}${level}${type === 'UPGRADE' ? 'UP' : 'MT'}`,
        membershipid,
        tierid: tierId(membershipid, LEVEL_NAMES[level]),
        type,
        tiermiles,
        segments: operator === 'AND' ? 30 : segments,
        operator,
        effectivedate: CRITERIA_FROM,
      };
    }),
  ),
);

/** Young travellers (2 to 24) reach Silver sooner. */
export const MILEAGE_CRITERIA = [
  ...criteria,
  { mileagecriteriaid: 'FFPSILVERUPYOUTH', membershipid: 'FFP', tierid: 'SILVER', type: 'UPGRADE', minage: 2, maxage: 24, tiermiles: 7_500, segments: 8, operator: 'OR', effectivedate: CRITERIA_FROM },
];

const RELATION_TYPES = [
  { relationtypeid: 'SPOUSE', relationtypename: 'Spouse', maxmembers: 1 },
  { relationtypeid: 'CHILD', relationtypename: 'Child', maxmembers: 5 },
  { relationtypeid: 'PARENT', relationtypename: 'Parent', maxmembers: 2 },
  { relationtypeid: 'SIBLING', relationtypename: 'Sibling', maxmembers: 4 },
];

const RELATION_BONUSES = [
  { relationtypeid: 'SPOUSE', membershipid: 'FFP', effectivedate: CRITERIA_FROM, awardmiles: 1_000 },
  { relationtypeid: 'CHILD', membershipid: 'FFP', effectivedate: CRITERIA_FROM, awardmiles: 500 },
];

export const FIRST_ACTIVITY_BONUSES = [
  { membershipid: 'FFP', effectivedate: CRITERIA_FROM, awardmiles: 1_000, tiermiles: 0, withindays: 90 },
  { membershipid: 'COBRAND', effectivedate: CRITERIA_FROM, awardmiles: 2_000, tiermiles: 0, withindays: 60 },
];

/** A birthday gift by tier; the corporate programme gives none. */
export const BIRTHDAY_BONUSES = (['FFP', 'COBRAND'] as const).flatMap((membershipid) =>
  (
    [
      ['Blue', 250],
      ['Silver', 500],
      ['Gold', 1_000],
      ['Platinum', 2_000],
    ] as const
  ).map(([tiername, awardmiles]) => ({ membershipid, tierid: tierId(membershipid, tiername), effectivedate: CRITERIA_FROM, awardmiles })),
);

export const REFERRAL_BONUSES = [
  { membershipid: 'FFP', effectivedate: CRITERIA_FROM, referrermiles: 1_500, refereemiles: 500 },
  { membershipid: 'COBRAND', effectivedate: CRITERIA_FROM, referrermiles: 2_500, refereemiles: 0 },
];

const PROMO_COMPLETION_BONUSES = [
  { promocompletionid: 'PCDPS3', promocompletionname: 'Three Jakarta - Bali flights', promocode: 'DOUBLEDPS26', minactivities: 3, effectivedate: '2026-01-01', expireddate: '2026-12-31', awardmiles: 3_000 },
  { promocompletionid: 'PCHILTON2', promocompletionname: 'Two Hilton stays', promocode: 'HILTONSTAY26', minactivities: 2, effectivedate: '2026-02-01', expireddate: '2026-07-31', awardmiles: 1_500 },
];

export const TIER_COMPLETION_BONUSES = [
  { membershipid: 'FFP', tierid: 'SILVER', effectivedate: CRITERIA_FROM, awardmiles: 1_000 },
  { membershipid: 'FFP', tierid: 'GOLD', effectivedate: CRITERIA_FROM, awardmiles: 2_500 },
  { membershipid: 'FFP', tierid: 'PLATINUM', effectivedate: CRITERIA_FROM, awardmiles: 5_000 },
  { membershipid: 'COBRAND', tierid: 'CBGOLD', mileagecriteriaid: 'CBGOLDUP', effectivedate: CRITERIA_FROM, awardmiles: 3_000 },
];

const TABLES: SeedTable[] = [
  { resource: 'tier-reason', rows: TIER_REASONS },
  { resource: 'mileage-criteria', rows: MILEAGE_CRITERIA },
  { resource: 'relation-type', rows: RELATION_TYPES },
  { resource: 'relation-bonus', rows: RELATION_BONUSES },
  { resource: 'first-activity-bonus', rows: FIRST_ACTIVITY_BONUSES },
  { resource: 'birthday-bonus', rows: BIRTHDAY_BONUSES },
  { resource: 'referral-bonus', rows: REFERRAL_BONUSES },
  { resource: 'promo-completion-bonus', rows: PROMO_COMPLETION_BONUSES },
  { resource: 'tier-completion-bonus', rows: TIER_COMPLETION_BONUSES },
];

/** Fills each tier-rule table that is still empty; returns the rows inserted per resource. */
export function seedTierRuleData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, TABLES, now, { demoCalendar: true });
}
