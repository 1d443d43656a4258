// Corporate accounts (spec 001 §3.5), written in one transaction by the corporate enrollment wizard: the
// corporate (also the Member Corporate screen's resource), its tour codes and its travel coordinators.
// Column types are the ones the definition's fields give (server/platform/resources/schemaSync.ts sqlType).
import type { Kysely } from 'kysely';
import { addSerialKey } from '../../../platform/db/columnTypes';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('corporate')
    .addColumn('corporatecode', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('corporatename', 'varchar(100)', (c) => c.notNull())
    .addColumn('corporatetype', 'varchar(255)')
    .addColumn('businessfield', 'varchar(255)')
    .addColumn('tradebusinesslicense', 'varchar(50)')
    .addColumn('taxnumber', 'varchar(25)')
    .addColumn('corporateemail', 'varchar(255)')
    .addColumn('phonenum', 'varchar(20)')
    .addColumn('langcode', 'varchar(255)')
    .addColumn('address', 'text')
    .addColumn('countrycode', 'varchar(255)')
    .addColumn('statecode', 'varchar(255)')
    .addColumn('citycode', 'varchar(255)')
    .addColumn('username', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxmember', 'bigint')
    .addColumn('startdate', 'varchar(10)')
    .addColumn('enddate', 'varchar(10)')
    .addColumn('contactname', 'varchar(100)')
    .addColumn('contactidtype', 'varchar(255)')
    .addColumn('contactidnum', 'varchar(30)')
    .addColumn('contactemail', 'varchar(255)')
    .addColumn('contactphonenum', 'varchar(20)')
    // The corporate's account number (the corporate selector's cardnumber, spec 001 §3.8).
    .addColumn('cardnumber', 'varchar(45)', (c) => c.unique())
    .addColumn('enrollchannel', 'varchar(20)')
    .addColumn('enrollmentdate', 'varchar(10)')
    .addColumn('status', 'varchar(255)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('createdby', 'varchar(60)')
    .addColumn('createddate', 'varchar(30)')
    .addColumn('updatedby', 'varchar(60)')
    .addColumn('updateddate', 'varchar(30)')
    .execute();
  await addSerialKey(db, db.schema.createTable('corporate_tourcode'), 'tourcodeid')
    .addColumn('tourcode', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('corporatecode', 'varchar(20)', (c) => c.notNull().references('corporate.corporatecode').onDelete('cascade'))
    .addColumn('startdate', 'varchar(10)', (c) => c.notNull())
    .addColumn('enddate', 'varchar(10)', (c) => c.notNull())
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('corporate_tourcode_corporate_idx').on('corporate_tourcode').column('corporatecode').execute();
  await addSerialKey(db, db.schema.createTable('corporate_travelcoordinator'), 'travelcoordinatorid')
    .addColumn('corporatecode', 'varchar(20)', (c) => c.notNull().references('corporate.corporatecode').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('phonenum', 'varchar(20)', (c) => c.notNull())
    .addColumn('cardnumber', 'varchar(45)')
    .addColumn('createdby', 'varchar(60)', (c) => c.notNull())
    .addColumn('createddate', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('corporate_travelcoordinator_corporate_idx').on('corporate_travelcoordinator').column('corporatecode').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['corporate_travelcoordinator', 'corporate_tourcode', 'corporate']) await db.schema.dropTable(table).ifExists().execute();
}
