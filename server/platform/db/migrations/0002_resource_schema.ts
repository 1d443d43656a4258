// The last applied shape of every definition-built table, so a start can tell a new field from a retyped one.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_schema')
    .addColumn('tablename', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('columns', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_schema').ifExists().execute();
}
