// Maker-checker: one table of approval requests for every screen action and domain flow that needs a
// second user's decision (engine/definition/approvals.ts, server/platform/approvals).
import type { Kysely } from 'kysely';
import { addSerialKey } from '../columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addSerialKey(db, db.schema.createTable('approval_request'), 'requestid')
    .addColumn('menucode', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('resource', 'varchar(60)', (c) => c.notNull())
    .addColumn('recordkey', 'varchar(255)', (c) => c.notNull())
    .addColumn('keydata', 'text', (c) => c.notNull())
    .addColumn('requestdata', 'text', (c) => c.notNull())
    .addColumn('proposedvalue', 'text')
    .addColumn('beforevalue', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('requestedby', 'varchar(60)', (c) => c.notNull())
    .addColumn('requestdate', 'varchar(30)', (c) => c.notNull())
    .addColumn('decidedby', 'varchar(60)')
    .addColumn('decisiondate', 'varchar(30)')
    .addColumn('reason', 'varchar(500)')
    .execute();
  await db.schema.createIndex('approval_request_queue_idx').on('approval_request').columns(['status', 'menucode', 'requestdate']).execute();
  await db.schema.createIndex('approval_request_record_idx').on('approval_request').columns(['resource', 'recordkey', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approval_request').ifExists().execute();
}
