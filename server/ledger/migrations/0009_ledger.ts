// The miles ledger: the member's balances with a floor of zero the database itself keeps, one
// row per miles movement, the credit lots debits consume (soonest expiry first), which lots each debit
// took, and the job table with leases that background work (expiry, later tier evaluation, reports) runs from.
import { sql, type Kysely } from 'kysely';
import { addSerialKey } from '../../platform/db/columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Balances live on the member row so the member list reads them with no join; a CHECK keeps them >= 0
  // whatever the code does (the guarded update in server/ledger is the first line, this is the last).
  await db.schema.alterTable('member').addColumn('awardmiles', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`awardmiles >= 0`)).execute();
  await db.schema.alterTable('member').addColumn('tiermiles', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`tiermiles >= 0`)).execute();
  await db.schema.alterTable('member').addColumn('frequency', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`frequency >= 0`)).execute();

  await addSerialKey(db, db.schema.createTable('ledger_transaction'), 'trxid')
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull().references('member.memberid'))
    // A code of the transaction-type reference list (ENROLLBONUS, EARNING, RATING, CORRECTION, CUSTOM,
    // TRANSFERIN, TRANSFEROUT, REDEPOSIT, REDEMPTION, EXTENSION, EXPIRATION).
    .addColumn('trxtype', 'varchar(20)', (c) => c.notNull())
    .addColumn('activitydate', 'varchar(10)', (c) => c.notNull())
    // Signed: credits positive, debits negative.
    .addColumn('awardmiles', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tiermiles', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('segments', 'bigint', (c) => c.notNull().defaultTo(0))
    // The expiry of a credit's lot; null on debits.
    .addColumn('expirydate', 'varchar(10)')
    // What produced it: 'rule:<code>', 'approval:<requestid>', 'transfer:<trxid>', 'job:<jobid>' ...
    .addColumn('source', 'varchar(120)')
    .addColumn('reason', 'varchar(500)')
    // The other side: a transfer's counterpart, a redeposit's original debit.
    .addColumn('relatedtrxid', 'bigint')
    // Set when a merge moved the row from a closed account to this one.
    .addColumn('mergedfrom', 'varchar(20)')
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_transaction_member_idx').on('ledger_transaction').columns(['memberid', 'trxid']).execute();
  await db.schema.createIndex('ledger_transaction_type_date_idx').on('ledger_transaction').columns(['trxtype', 'activitydate']).execute();

  // One lot per credit of award miles (lotid = the credit's trxid).
  await db.schema
    .createTable('ledger_lot')
    .addColumn('lotid', 'bigint', (c) => c.primaryKey())
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull().references('member.memberid'))
    .addColumn('expirydate', 'varchar(10)', (c) => c.notNull())
    .addColumn('awardmiles', 'bigint', (c) => c.notNull())
    .addColumn('remaining', 'bigint', (c) => c.notNull().check(sql`remaining >= 0`))
    .addCheckConstraint('ledger_lot_remaining_ck', sql`remaining <= awardmiles`)
    .execute();
  await db.schema.createIndex('ledger_lot_member_idx').on('ledger_lot').columns(['memberid', 'expirydate', 'lotid']).execute();
  await db.schema.createIndex('ledger_lot_open_idx').on('ledger_lot').columns(['expirydate', 'memberid']).where(sql.ref('remaining'), '>', 0).execute();

  // Which lots a debit consumed, and how much of each (a redeposit or cancellation gives them back).
  await db.schema
    .createTable('ledger_lot_use')
    .addColumn('trxid', 'bigint', (c) => c.notNull())
    .addColumn('lotid', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addPrimaryKeyConstraint('ledger_lot_use_pk', ['trxid', 'lotid'])
    .execute();
  await db.schema.createIndex('ledger_lot_use_lot_idx').on('ledger_lot_use').column('lotid').execute();

  // Background jobs: claimed with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL), so N app servers share
  // the work, a killed server's job is claimed again after its lease, and a job key runs once.
  await addSerialKey(db, db.schema.createTable('job'), 'jobid')
    .addColumn('jobtype', 'varchar(40)', (c) => c.notNull())
    // Unique per run: 'expiry:2026-11-23' runs once however many servers schedule it.
    .addColumn('jobkey', 'varchar(200)', (c) => c.notNull().unique())
    // QUEUED, RUNNING, DONE, FAILED
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('parameters', 'text')
    .addColumn('runafter', 'varchar(30)', (c) => c.notNull())
    .addColumn('leaseowner', 'varchar(100)')
    .addColumn('leaseuntil', 'varchar(30)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('error', 'varchar(1000)')
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .addColumn('updateddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_queue_idx').on('job').columns(['status', 'runafter']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job', 'ledger_lot_use', 'ledger_lot', 'ledger_transaction']) await db.schema.dropTable(table).ifExists().execute();
  for (const column of ['frequency', 'tiermiles', 'awardmiles']) await db.schema.alterTable('member').dropColumn(column).execute();
}
