// An approval request keeps the name of its record as it was when the request was made (the award's name, the
// member's name and card number), so the approval pages show what the record is, and a later rename or delete
// of the record does not rewrite history. Requests stored before have none and show their key.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('approval_request').addColumn('recordname', 'varchar(255)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('approval_request').dropColumn('recordname').execute();
}
