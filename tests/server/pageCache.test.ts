// withPageCache (server/platform/db/database.ts): SQLite work of many random writes (an activity file's processing) runs
// with a larger page cache, shared by work started meanwhile, and the connection's own size comes back after the
// last of it, also when it fails. PostgreSQL: nothing changes.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, withPageCache, type Database } from '../../server/platform/db/database';
import { FILE_CACHE_MB } from '../../server/catalog/activityFiles/activityFileStore';
import { definitionDb } from '../../server/platform/db/definitionDb';

const cacheSize = async (db: Kysely<any>) => Number(Object.values((await sql`pragma cache_size`.execute(db)).rows[0] as object)[0]);

describe('page cache of a SQLite job', () => {
  let database: Database;
  let db: Kysely<any>;
  beforeAll(() => {
    database = openDatabase('sqlite::memory:');
    db = definitionDb(database.db);
  });
  afterAll(() => database.close());

  it('raises the cache for the work, shares it with work started meanwhile, and sets it back after the last', async () => {
    const own = await cacheSize(db);
    expect(own).toBeGreaterThan(-FILE_CACHE_MB * 1024);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withPageCache(db, FILE_CACHE_MB, async () => {
      expect(await cacheSize(db)).toBe(-FILE_CACHE_MB * 1024);
      await held;
      return 'first';
    });
    const second = withPageCache(db, 64, async () => cacheSize(db));
    // The second ran inside the first's raise (its own size is not asked for) and ended first: still raised.
    expect(await second).toBe(-FILE_CACHE_MB * 1024);
    expect(await cacheSize(db)).toBe(-FILE_CACHE_MB * 1024);
    release();
    expect(await first).toBe('first');
    expect(await cacheSize(db)).toBe(own);
  });

  it('sets the cache back when the work fails', async () => {
    const own = await cacheSize(db);
    await expect(withPageCache(db, 32, async () => Promise.reject(new Error('chunk failed')))).rejects.toThrow('chunk failed');
    expect(await cacheSize(db)).toBe(own);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))('page cache on PostgreSQL', () => {
  it('runs the work and sends nothing of its own (a pragma is a syntax error there)', async () => {
    const database = openDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const db = definitionDb(database.db);
      expect(await withPageCache(db, FILE_CACHE_MB, async () => 'done')).toBe('done');
    } finally {
      await database.close();
    }
  });
});
