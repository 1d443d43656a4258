// One waiting approval request per record, held by the database: two makers asking at the same moment
// (each reading "none waiting" before either inserts, on PostgreSQL) cannot both store a request.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('approval_request_pending_once').unique().on('approval_request').columns(['resource', 'recordkey']).where(sql.ref('status'), '=', 'PENDING').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('approval_request_pending_once').ifExists().execute();
}
