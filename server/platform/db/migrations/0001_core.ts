// Core tables of the spine: roles and grants, users, sessions, used captchas, the user log, shared secrets.
import type { Kysely } from 'kysely';
import { addSerialKey } from '../columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('role')
    .addColumn('rolecode', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('rolename', 'varchar(100)', (c) => c.notNull())
    .addColumn('roledescription', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('ACTIVE'))
    .execute();
  await db.schema
    .createTable('role_permission')
    .addColumn('rolecode', 'varchar(40)', (c) => c.notNull().references('role.rolecode').onDelete('cascade'))
    .addColumn('menucode', 'varchar(40)', (c) => c.notNull())
    .addColumn('functioncode', 'varchar(80)', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('role_permission_pk', ['rolecode', 'functioncode'])
    .execute();
  await db.schema
    .createTable('role_enrollment')
    .addColumn('rolecode', 'varchar(40)', (c) => c.notNull().references('role.rolecode').onDelete('cascade'))
    .addColumn('membershipid', 'varchar(40)', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('role_enrollment_pk', ['rolecode', 'membershipid'])
    .execute();
  await db.schema
    .createTable('app_user')
    .addColumn('username', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('userfullname', 'varchar(150)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('branchcode', 'varchar(20)')
    .addColumn('tickoffid', 'varchar(20)')
    .addColumn('rolecode', 'varchar(40)', (c) => c.notNull().references('role.rolecode'))
    .addColumn('partnercode', 'varchar(20)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('passwordhash', 'varchar(255)', (c) => c.notNull())
    .addColumn('passworddate', 'varchar(30)', (c) => c.notNull())
    .addColumn('failedcount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockeduntil', 'varchar(30)')
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .addColumn('updateddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('tokenhash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(60)', (c) => c.notNull().references('app_user.username').onDelete('cascade'))
    .addColumn('appid', 'varchar(40)', (c) => c.notNull())
    .addColumn('createdat', 'varchar(30)', (c) => c.notNull())
    .addColumn('expiresat', 'varchar(30)', (c) => c.notNull())
    .addColumn('endedat', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('session_username_idx').on('session').column('username').execute();
  await db.schema
    .createTable('captcha_used')
    .addColumn('challengehash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expiresat', 'varchar(30)', (c) => c.notNull())
    .execute();
  await addSerialKey(db, db.schema.createTable('user_log'), 'logid')
    .addColumn('logdate', 'varchar(30)', (c) => c.notNull())
    .addColumn('username', 'varchar(60)', (c) => c.notNull())
    .addColumn('module', 'varchar(60)', (c) => c.notNull())
    .addColumn('legend', 'varchar(40)', (c) => c.notNull())
    .addColumn('recordkey', 'varchar(255)')
    .addColumn('beforevalue', 'text')
    .addColumn('aftervalue', 'text')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('user_log_date_idx').on('user_log').columns(['logdate']).execute();
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['server_secret', 'user_log', 'captcha_used', 'session', 'app_user', 'role_enrollment', 'role_permission', 'role']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
