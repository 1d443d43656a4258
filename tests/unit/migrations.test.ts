// The migrations live beside the tables they make (the platform's in server/platform/db/migrations/, a domain's in its
// module's manifest), yet a database sees the one history it always has: the same names, run in name order.
import { describe, expect, it } from 'vitest';
import { collectMigrations } from '../../server/platform/db/migrate';
import { allMigrations } from '../../server/platform/migrations';

/** Every name a database records (kysely_migration), as before the migrations moved into the modules. */
const RECORDED = [
  '0001_core',
  '0002_resource_schema',
  '0003_outbox_keys',
  '0004_members',
  '0005_auth_flows',
  '0006_member_gender',
  '0007_approval_requests',
  '0008_corporates',
  '0009_ledger',
  '0010_ledger_more',
  '0011_enrollment',
  '0012_accrual',
  '0013_lot_transferable',
  '0016_activity_files',
  '0025_orders',
  '0035_dashboard_rollup',
  '0036_dashboard_member_tier',
  '0040_report_files',
  '0041_outbox_attachments',
  '0053_approval_pending_once',
  '0054_activity_file_order',
  '0055_segment_flight_identity',
  '0056_file_links',
  '0057_approval_record_name',
  '0058_api_clients',
  '0059_webhooks',
  '0060_definition_versions',
  '0061_definition_drafts',
];

const migration = { up: async () => {} };

describe('migrations', () => {
  it('collects the platform and module migrations under the names a database already recorded, in name order', async () => {
    const migrations = await allMigrations();
    expect(Object.keys(migrations)).toEqual(RECORDED);
    expect(Object.values(migrations).every((m) => typeof m.up === 'function')).toBe(true);
  });

  it('puts migrations of several sources in name order, whatever order the sources come in', () => {
    const collected = collectMigrations([
      { owner: 'module b', migrations: { '0003_c': migration, '0001_a': migration } },
      { owner: 'module a', migrations: { '0002_b': migration } },
    ]);
    expect(Object.keys(collected)).toEqual(['0001_a', '0002_b', '0003_c']);
  });

  it('refuses a name two modules declare, saying which', () => {
    expect(() =>
      collectMigrations([
        { owner: 'module ledger', migrations: { '0009_ledger': migration } },
        { owner: 'module tiers', migrations: { '0009_ledger': migration } },
      ]),
    ).toThrow('Migration 0009_ledger is declared twice, by module ledger and by module tiers: each migration name must be unique');
  });
});
