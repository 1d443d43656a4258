// Member Tier's rollup: each active member's tier names among its active cards with the earliest issue
// day of each, so the TIER rows of dashboard_rollup can be recounted member by member when cards, status or gender
// change (server/platform/rollups/rollupStore.ts keeps both with triggers).
import type { Kysely } from 'kysely';
import { isSqlite } from '../columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_member_tier')
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull())
    .addColumn('tiername', 'varchar(100)', (c) => c.notNull())
    // YYYY-MM-DD: the earliest issue day of the member's active cards of the tier name.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('gender', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_member_tier_pk', ['memberid', 'tiername'])
    .execute();
  // A tier name (and a partner's or award's code) fits a key whole: 100 characters (SQLite keeps any length).
  if (!isSqlite(db)) {
    for (const key of ['k1', 'k2', 'k3']) await db.schema.alterTable('dashboard_rollup').alterColumn(key, (c) => c.setDataType('varchar(100)')).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboard_member_tier').ifExists().execute();
}
