// Staff password flows hardened: a verified step recorded on the forgot-password flow's ticket (a one-time
// key), and failed attempts counted per client address in the database, so every app server sees them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_key').addColumn('progress', 'varchar(20)').execute();
  await db.schema
    .createTable('client_failure')
    .addColumn('scope', 'varchar(20)', (c) => c.notNull())
    .addColumn('client', 'varchar(64)', (c) => c.notNull())
    .addColumn('failedcount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('firstfailedat', 'varchar(30)', (c) => c.notNull())
    .addColumn('lockeduntil', 'varchar(30)')
    .addPrimaryKeyConstraint('client_failure_pk', ['scope', 'client'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_failure').ifExists().execute();
  await db.schema.alterTable('one_time_key').dropColumn('progress').execute();
}
