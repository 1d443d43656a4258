// Accrual: each credited row's detail, one line per criterion (the rule and what it gave), so a
// ledger row explains itself; and the flight segments credited, one row each, so the same segment is
// credited once however many posts of it arrive at once (the key is unique on both databases). The rule
// tables, the member's activities and Park Activity are definition-built tables (their screens make them).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_detail')
    .addColumn('trxid', 'bigint', (c) => c.notNull())
    .addColumn('lineno', 'integer', (c) => c.notNull())
    // BASE, MINIMUM, TIERBONUS, PROMO, LIMIT, CAP (domain/accrualResult.ts)
    .addColumn('criterion', 'varchar(20)', (c) => c.notNull())
    // The menu code of the rule's screen (ACRULEBC, ACPROMO, ACTBONUS ...) and the rule's key there.
    .addColumn('ruletype', 'varchar(20)', (c) => c.notNull())
    .addColumn('rulecode', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    // Signed: a cap or a limit takes miles off.
    .addColumn('awardmiles', 'bigint', (c) => c.notNull())
    .addColumn('tiermiles', 'bigint', (c) => c.notNull())
    .addColumn('segments', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_detail_pk', ['trxid', 'lineno'])
    .execute();

  await db.schema
    .createTable('accrual_segment')
    // member|carrier|flight number|flight date|origin|destination
    .addColumn('segmentkey', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull())
    .addColumn('activityid', 'varchar(30)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accrual_segment_activity_idx').on('accrual_segment').columns(['memberid', 'activityid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['accrual_segment', 'ledger_detail']) await db.schema.dropTable(table).ifExists().execute();
}
