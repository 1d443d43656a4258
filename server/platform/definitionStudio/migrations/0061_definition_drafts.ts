// The Definition Studio's drafts: one per definition and user, the text being edited and the active version it
// started from (kept until it is submitted or discarded).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('definition_draft')
    .addColumn('definitionkey', 'varchar(200)', (c) => c.notNull())
    .addColumn('username', 'varchar(60)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('basedon', 'integer', (c) => c.notNull())
    .addColumn('updateddate', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('definition_draft_pk', ['definitionkey', 'username'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('definition_draft').ifExists().execute();
}
