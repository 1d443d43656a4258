// The mail outbox (every e-mail the product writes, delivered by SMTP when configured) and the single-use
// keys that e-mailed links carry (staff and member password resets, activation, e-mail verification).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('mailid', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('mailto', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lasterror', 'varchar(255)')
    .addColumn('sentdate', 'varchar(30)')
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .addColumn('updateddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_status_idx').on('outbox').columns(['status', 'createddate']).execute();
  await db.schema
    .createTable('one_time_key')
    .addColumn('keyhash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject', 'varchar(60)')
    .addColumn('createdat', 'varchar(30)', (c) => c.notNull())
    .addColumn('expiresat', 'varchar(30)', (c) => c.notNull())
    .addColumn('usedat', 'varchar(30)')
    .execute();
  await db.schema.createIndex('one_time_key_subject_idx').on('one_time_key').columns(['purpose', 'subject']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('one_time_key').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
}
