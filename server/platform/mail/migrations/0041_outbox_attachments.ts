// Files attached to outbox mails (a member's statement PDF), written with the mail in one transaction. The
// bytes stay on disk under the data directory (the report directory every app server shares): a row names
// the file, its type and size; outbox.attachments counts them so the Outbox list shows which mails carry one.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_attachment')
    .addColumn('mailid', 'varchar(40)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'varchar(200)', (c) => c.notNull())
    .addColumn('contenttype', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addPrimaryKeyConstraint('outbox_attachment_pk', ['mailid', 'position'])
    .execute();
  // bigint: the type the Outbox definition's integer field 'attachments' makes (server/platform/resources/schemaSync.ts).
  await db.schema.alterTable('outbox').addColumn('attachments', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('attachments').execute();
  await db.schema.dropTable('outbox_attachment').ifExists().execute();
}
