// Reports: each generated report file. Its progress and outcome are the job's (job.jobkey =
// report_file.jobkey): the file row says what was asked (report, parameters, format) and what was written
// (file name on disk, size, rows), and when it expires (the retention sweep deletes the file and the row).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_file')
    .addColumn('fileid', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('menucode', 'varchar(30)', (c) => c.notNull())
    .addColumn('report', 'varchar(60)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    // CSV, XLSX or PDF
    .addColumn('format', 'varchar(5)', (c) => c.notNull())
    // The criteria as JSON, checked against the page's filters before the row was written.
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('jobkey', 'varchar(200)', (c) => c.notNull().unique())
    // The download name (<report>-<day>-<fileid>.<ext>) and the file under the report directory.
    .addColumn('filename', 'varchar(200)', (c) => c.notNull())
    .addColumn('storedname', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint')
    .addColumn('rowcount', 'bigint')
    .addColumn('expiresat', 'varchar(30)', (c) => c.notNull())
    // A one-time download: a random token valid for a minute (any app server serves it from the shared directory).
    .addColumn('downloadtoken', 'varchar(64)')
    .addColumn('downloaduntil', 'varchar(30)')
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_file_user_idx').on('report_file').columns(['createdby', 'createddate']).execute();
  await db.schema.createIndex('report_file_menu_idx').on('report_file').columns(['menucode', 'createddate']).execute();
  await db.schema.createIndex('report_file_expiry_idx').on('report_file').columns(['expiresat']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_file').ifExists().execute();
}
