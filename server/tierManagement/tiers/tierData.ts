// Demo programme structure (not production): membership types, memberships and their tiers, each table
// filled once while it is empty, so staff edits stay and two servers starting at once insert each row once.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../../platform/db/schema';
import { seedTables, type SeedTable } from '../../platform/seed/seedTables';

export const MEMBERSHIP_TYPES = [
  { membershiptypeid: 'IND', membershiptypename: 'Individual' },
  { membershiptypeid: 'CORP', membershiptypename: 'Corporate' },
] as const;

/** The main frequent-flyer programme, a co-brand credit card programme and a programme for companies. */
export const MEMBERSHIPS = [
  { membershipid: 'FFP', membershipname: 'Nusantara Miles', membershiptypeid: 'IND' },
  { membershipid: 'COBRAND', membershipname: 'Nusantara Miles Co-Brand Card', membershiptypeid: 'IND' },
  { membershipid: 'CORPORATE', membershipname: 'Nusantara Miles Corporate', membershiptypeid: 'CORP' },
] as const;

export type MembershipId = (typeof MEMBERSHIPS)[number]['membershipid'];

const TIER_NAMES = ['Blue', 'Silver', 'Gold', 'Platinum'] as const;
/** Tier ids are unique across memberships; the main programme's are the bare names (DEFAULT_TIER is BLUE). */
const TIER_PREFIX: Record<MembershipId, string> = { FFP: '', COBRAND: 'CB', CORPORATE: 'CORP' };

export const tierId = (membershipid: MembershipId, tiername: (typeof TIER_NAMES)[number]): string =>
  `${TIER_PREFIX[membershipid]}${tiername.toUpperCase()}`;

export const TIERS: readonly { tierid: string; tiername: string; membershipid: MembershipId; rank: number }[] = MEMBERSHIPS.flatMap(({ membershipid }) =>
  TIER_NAMES.map((tiername, i) => ({ tierid: tierId(membershipid, tiername), tiername, membershipid, rank: i + 1 })),
);

const TIER_TABLES: SeedTable[] = [
  { resource: 'membership-type', rows: MEMBERSHIP_TYPES },
  { resource: 'membership', rows: MEMBERSHIPS },
  { resource: 'tier', rows: TIERS },
];

/** Fills each tier-management table that is still empty; returns the rows inserted per resource. */
export function seedTierData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  return seedTables(db, catalogue, TIER_TABLES, now);
}
