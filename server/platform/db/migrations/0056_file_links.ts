// File links in the database: the one-time path an action hands the browser (a receipt, a mail's file, a report
// file) is kept as a hash with the session that asked for it, so any app server serves it, once, for a few
// minutes, and only while that session lives. A report's own download token columns are no longer used.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_link')
    .addColumn('tokenhash', 'varchar(64)', (c) => c.primaryKey())
    // The SHA-256 of the bearer of the session that asked (the session table's tokenhash).
    .addColumn('sessionhash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expiresat', 'varchar(30)', (c) => c.notNull())
    // Either a report file (served from the report directory) or the file itself (text, or base64 of bytes).
    .addColumn('fileid', 'varchar(40)')
    .addColumn('filename', 'varchar(200)')
    .addColumn('mimetype', 'varchar(100)')
    .addColumn('content', 'text')
    .addColumn('encoding', 'varchar(10)')
    .execute();
  await db.schema.createIndex('file_link_expiry_idx').on('file_link').columns(['expiresat']).execute();
  await db.schema.createIndex('file_link_session_idx').on('file_link').columns(['sessionhash']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_link').ifExists().execute();
}
