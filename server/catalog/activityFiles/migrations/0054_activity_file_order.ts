// Activity files are credited in member order: the upload gives each row its place in the processing
// order (`seq`: the rows of one member together, in the file's order, members in memberid order), and the job
// reads its chunks by it, so each chunk writes the member, ledger, lot and activity pages of a run of neighbouring
// members instead of pages all over every index. Files uploaded before keep their row order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity_file_row').addColumn('seq', 'integer').execute();
  await sql`update activity_file_row set seq = rowno`.execute(db);
  await db.schema.createIndex('activity_file_row_seq_idx').unique().on('activity_file_row').columns(['fileid', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_file_row_seq_idx').ifExists().execute();
  await db.schema.alterTable('activity_file_row').dropColumn('seq').execute();
}
