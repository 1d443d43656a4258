// Dashboard rollups: counts by day and by what the dashboard panels filter on, kept by database
// triggers with every write of their source rows (server/platform/rollups/rollupStore.ts installs the triggers once the
// definition-built tables exist, and recounts from scratch then). A panel reads a month of days, not the rows.
//   ENROLL   members by enrollment date:   k1 enroll channel, k2 membership, k3 tier
//   REDEEM   REDEMPTION ledger rows by day: k1 award code (the reason 'Redemption <awardcode>')
//   ACTIVITY credited member activities:  k1 activity type (AIR, NONAIR), k2 carrier (AIR) or partner (NONAIR)
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_rollup')
    .addColumn('metric', 'varchar(10)', (c) => c.notNull())
    // YYYY-MM-DD
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('k1', 'varchar(40)', (c) => c.notNull())
    .addColumn('k2', 'varchar(40)', (c) => c.notNull())
    .addColumn('k3', 'varchar(40)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_rollup_pk', ['metric', 'day', 'k1', 'k2', 'k3'])
    .execute();
  // The Promo Code panel reads the promotion lines of the accrual detail.
  await db.schema.createIndex('ledger_detail_rule_idx').on('ledger_detail').columns(['ruletype', 'rulecode']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_detail_rule_idx').ifExists().execute();
  await db.schema.dropTable('dashboard_rollup').ifExists().execute();
}
