// Activity files: each uploaded file's rows as checked at upload (the posted activity, or the
// problem that keeps the row from being posted), and each processed row's result. A result row is written in
// the same transaction as the row's credit, so a job resumed after a crash skips the rows it finished (the
// key (fileid, rowno) holds each row once). The file list itself is a definition-built table (its screen makes it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_file_row')
    .addColumn('fileid', 'varchar(30)', (c) => c.notNull())
    // The spreadsheet row (the header is row 1).
    .addColumn('rowno', 'integer', (c) => c.notNull())
    // The posted activity as JSON (the fields of /api/accrual/air or /non-air), null when the row is bad.
    .addColumn('activity', 'text')
    .addColumn('problem', 'varchar(500)')
    .addPrimaryKeyConstraint('activity_file_row_pk', ['fileid', 'rowno'])
    .execute();

  await db.schema
    .createTable('activity_file_result')
    .addColumn('fileid', 'varchar(30)', (c) => c.notNull())
    .addColumn('rowno', 'integer', (c) => c.notNull())
    // CREDITED, PARKED, REFUSED
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('awardmiles', 'bigint', (c) => c.notNull())
    .addColumn('tiermiles', 'bigint', (c) => c.notNull())
    .addColumn('segments', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addPrimaryKeyConstraint('activity_file_result_pk', ['fileid', 'rowno'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['activity_file_result', 'activity_file_row']) await db.schema.dropTable(table).ifExists().execute();
}
