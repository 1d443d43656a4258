// NODE_ENV=production: no demo data, ADMIN_PASSWORD required and used for the one admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/core/config';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/migrations';
import { loadCatalogue } from '../../server/platform/definitions';
import { seed } from '../../server/platform/seeding';
import { syncResourceTables } from '../../server/platform/resources/schemaSync';

describe('production start', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
  });
  afterAll(async () => database?.close());

  it('refuses to start without ADMIN_PASSWORD', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow('ADMIN_PASSWORD is required when NODE_ENV=production (no demo data is seeded)');
  });

  it('seeds one admin with the given password and no demo users, once', async () => {
    const config = readConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Prod#Secret1' });
    const catalogue = loadCatalogue();
    await syncResourceTables(database.db, catalogue);
    await seed(database.db, catalogue, config);
    await seed(database.db, catalogue, config);
    const users = await database.db.selectFrom('app_user').select(['username', 'rolecode']).execute();
    expect(users).toEqual([{ username: 'admin', rolecode: 'ADMIN' }]);
    expect((await database.db.selectFrom('role').select('rolecode').execute()).map((r) => r.rolecode)).toEqual(['ADMIN']);
  });
});
