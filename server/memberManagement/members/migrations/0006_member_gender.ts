// A member's gender (MALE or FEMALE; null when not given): the dashboard's Member Tier panel filters by it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member').addColumn('gender', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member').dropColumn('gender').execute();
}
