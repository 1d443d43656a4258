// The member store behind the public member pages: members (who sign in with a card number or e-mail),
// their cards, their account period, and the one-time-code sessions of the OTP page.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('memberid', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('firstname', 'varchar(100)', (c) => c.notNull())
    .addColumn('lastname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('email', 'varchar(255)')
    .addColumn('username', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('passwordhash', 'varchar(255)')
    .addColumn('emailverified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .addColumn('updateddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_email_idx').on('member').column('email').execute();
  await db.schema
    .createTable('member_card')
    .addColumn('cardnumber', 'varchar(45)', (c) => c.primaryKey())
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull().references('member.memberid').onDelete('cascade'))
    .addColumn('membershipid', 'varchar(20)', (c) => c.notNull())
    .addColumn('tierid', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('issuedate', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_card_member_idx').on('member_card').column('memberid').execute();
  await db.schema
    .createTable('member_account')
    .addColumn('memberid', 'varchar(20)', (c) => c.primaryKey().references('member.memberid').onDelete('cascade'))
    .addColumn('startperiod', 'varchar(10)', (c) => c.notNull())
    .addColumn('endperiod', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('otp_session')
    .addColumn('otpid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('memberid', 'varchar(20)', (c) => c.notNull().references('member.memberid').onDelete('cascade'))
    .addColumn('otpcodehash', 'varchar(64)', (c) => c.notNull())
    .addColumn('generatedtime', 'varchar(30)', (c) => c.notNull())
    .addColumn('expiredtime', 'varchar(30)', (c) => c.notNull())
    .addColumn('additionaldata', 'text')
    .addColumn('transactiontype', 'varchar(40)', (c) => c.notNull())
    .addColumn('secondstimelimit', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verificationstatus', 'varchar(20)', (c) => c.notNull())
    .addColumn('verifieddate', 'varchar(30)')
    .addColumn('applieddate', 'varchar(30)')
    .execute();
  await db.schema.createIndex('otp_session_member_idx').on('otp_session').column('memberid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['otp_session', 'member_account', 'member_card', 'member']) await db.schema.dropTable(table).ifExists().execute();
}
