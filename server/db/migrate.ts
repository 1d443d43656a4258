// Runs the core migrations (one mechanism for SQLite and PostgreSQL) with Kysely's Migrator.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as core0001 from './migrations/0001_core';
import * as resourceSchema0002 from './migrations/0002_resource_schema';
import * as outboxKeys0003 from './migrations/0003_outbox_keys';
import * as members0004 from './migrations/0004_members';
import * as authFlows0005 from './migrations/0005_auth_flows';
import * as memberGender0006 from './migrations/0006_member_gender';
import * as approvalRequests0007 from './migrations/0007_approval_requests';
import * as corporates0008 from './migrations/0008_corporates';
import * as ledger0009 from './migrations/0009_ledger';
import * as enrollment0011 from './migrations/0011_enrollment';
import * as ledgerMore0010 from './migrations/0010_ledger_more';
import * as accrual0012 from './migrations/0012_accrual';
import * as lotTransferable0013 from './migrations/0013_lot_transferable';
import * as activityFiles0016 from './migrations/0016_activity_files';
import * as orders0025 from './migrations/0025_orders';
import * as dashboardRollup0035 from './migrations/0035_dashboard_rollup';
import * as dashboardMemberTier0036 from './migrations/0036_dashboard_member_tier';
import * as reportFiles0040 from './migrations/0040_report_files';
import * as outboxAttachments0041 from './migrations/0041_outbox_attachments';
import * as approvalPendingOnce0053 from './migrations/0053_approval_pending_once';
import * as activityFileOrder0054 from './migrations/0054_activity_file_order';
import * as segmentFlightIdentity0055 from './migrations/0055_segment_flight_identity';
import * as fileLinks0056 from './migrations/0056_file_links';
import * as approvalRecordName0057 from './migrations/0057_approval_record_name';

const migrations: Record<string, Migration> = {
  '0001_core': core0001,
  '0002_resource_schema': resourceSchema0002,
  '0003_outbox_keys': outboxKeys0003,
  '0004_members': members0004,
  '0005_auth_flows': authFlows0005,
  '0006_member_gender': memberGender0006,
  '0007_approval_requests': approvalRequests0007,
  '0008_corporates': corporates0008,
  '0009_ledger': ledger0009,
  '0011_enrollment': enrollment0011,
  '0010_ledger_more': ledgerMore0010,
  '0012_accrual': accrual0012,
  '0013_lot_transferable': lotTransferable0013,
  '0016_activity_files': activityFiles0016,
  '0025_orders': orders0025,
  '0035_dashboard_rollup': dashboardRollup0035,
  '0036_dashboard_member_tier': dashboardMemberTier0036,
  '0040_report_files': reportFiles0040,
  '0041_outbox_attachments': outboxAttachments0041,
  '0053_approval_pending_once': approvalPendingOnce0053,
  '0054_activity_file_order': activityFileOrder0054,
  '0055_segment_flight_identity': segmentFlightIdentity0055,
  '0056_file_links': fileLinks0056,
  '0057_approval_record_name': approvalRecordName0057,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** `schema`: where the migration bookkeeping lives (PostgreSQL), so servers in other schemas never see it. */
/** Whether the database has no migrations run yet (a first start: everything is to be made). */
export async function isEmptyDatabase(database: { db: Kysely<any>; schema?: string | undefined }): Promise<boolean> {
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  return !tables.some((t) => t.name === 'kysely_migration' && (database.schema === undefined || t.schema === undefined || t.schema === database.schema));
}

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // Migrations written side by side may land out of name order (0005 after a database ran 0006): each runs once anyway.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
