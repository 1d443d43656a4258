// Demo programme structure (not production): membership types, memberships and their tiers, each table
// filled once while it is empty, so staff edits stay and two servers starting at once insert each row once.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../engine/definition/catalogue';
import { STATUS_ACTIVE, resourceModel } from '../../engine/definition/compile';
import type { Schema } from '../db/schema';
import { toDb, type Row } from '../resources/records';

const SEED_USER = 'system';

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

const TIER_TABLES: { resource: string; rows: readonly Row[] }[] = [
  { resource: 'membership-type', rows: MEMBERSHIP_TYPES },
  { resource: 'membership', rows: MEMBERSHIPS },
  { resource: 'tier', rows: TIERS },
];

/** Fills each tier-management table that is still empty; returns the rows inserted per resource. */
export async function seedTierData(db: Kysely<Schema>, catalogue: Catalogue, now = new Date()): Promise<Record<string, number>> {
  const anyDb = db as unknown as Kysely<any>;
  const at = now.toISOString();
  const audit = { createdby: SEED_USER, createddate: at, updatedby: SEED_USER, updateddate: at };
  const inserted: Record<string, number> = {};
  for (const { resource, rows } of TIER_TABLES) {
    const screen = catalogue.screenByResource.get(resource);
    if (!screen) continue;
    const model = resourceModel(screen);
    if (await anyDb.selectFrom(model.table).select(model.key[0]!).limit(1).executeTakeFirst()) continue;
    const stored = rows.map((row) => {
      const unknown = Object.keys(row).find((name) => !model.fields.some((f) => f.name === name));
      if (unknown) throw new Error(`tier data for "${resource}" has field "${unknown}", which its screen does not declare`);
      const values: Row = { ...audit };
      for (const field of model.fields) {
        values[field.name] = toDb(field, field.name in row ? row[field.name] : field.name === model.status ? STATUS_ACTIVE : field.default);
      }
      return values;
    });
    await anyDb
      .insertInto(model.table)
      .values(stored)
      .onConflict((oc) => oc.columns(model.key as never).doNothing())
      .execute();
    inserted[resource] = stored.length;
  }
  return inserted;
}
