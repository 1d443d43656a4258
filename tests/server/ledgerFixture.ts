// A migrated database (with the definition-built tables, so general_config exists) and small helpers
// for the ledger tests: members, balances, one call in its own transaction.
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import type { Schema } from '../../server/platform/db/schema';
import { loadCatalogue } from '../../server/platform/definitions';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';
import { seedConfigKeys } from '../../server/platform/configuration/configKeys';
import { createTestSchema, dropTestSchema, type TestDatabase } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

export interface LedgerFixture {
  database: Database;
  db: Kysely<Schema>;
  addMember(memberid: string, status?: string): Promise<void>;
  balances(memberid: string): Promise<{ awardmiles: number; tiermiles: number; frequency: number; status: string }>;
  inTrx<T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T>;
  setConfig(key: string, value: string): Promise<void>;
  close(): Promise<void>;
}

export async function openLedgerFixture(target: TestDatabase, poolSize?: number): Promise<LedgerFixture> {
  if (poolSize) process.env.PG_POOL_SIZE = String(poolSize);
  const schema = target.name === 'postgres' ? await createTestSchema(target.url) : undefined;
  const database = openDatabase(target.url, { schema });
  const db = database.db;
  await migrateToLatest(db, database.schema);
  const catalogue = loadCatalogue();
  await syncResourceTables(db, catalogue, database.schema);
  await seedConfigKeys(db, catalogue);
  const now = new Date().toISOString();
  return {
    database,
    db,
    async addMember(memberid, status = 'ACTIVE') {
      await db
        .insertInto('member')
        .values({ memberid, firstname: 'Test', lastname: memberid, gender: null, status, email: null, username: `u-${memberid}`, passwordhash: null, emailverified: 0, createddate: now, updateddate: now })
        .execute();
    },
    balances: (memberid) => db.selectFrom('member').select(['awardmiles', 'tiermiles', 'frequency', 'status']).where('memberid', '=', memberid).executeTakeFirstOrThrow(),
    inTrx: (work) => db.transaction().execute(work),
    async setConfig(key, value) {
      await definitionDb(db).updateTable('general_config').set({ value }).where('key', '=', key).execute();
    },
    async close() {
      await database.close();
      if (schema) await dropTestSchema(target.url, schema);
    },
  };
}
