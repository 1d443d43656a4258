// SQLite's WAL checkpoints off the serving thread (server/platform/db/walCheckpointer.ts): a file database's log is
// copied back into the file by the worker, with the serving connection's own checkpoint only a backstop far
// above SQLite's 1,000 pages; an in-memory database keeps SQLite's own. SQLite only: PostgreSQL has no WAL
// checkpoint of the application's (its server checkpoints).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/database';
import { BACKSTOP_PAGES } from '../../server/platform/db/walCheckpointer';
import { definitionDb } from '../../server/platform/db/definitionDb';

const dir = mkdtempSync(join(tmpdir(), 'alms-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const autocheckpoint = async (db: Kysely<any>) => Number(Object.values((await sql`pragma wal_autocheckpoint`.execute(db)).rows[0] as object)[0]);

describe('WAL checkpoints on SQLite', () => {
  it('copies a file database’s log back from a worker, well before the serving connection would', async () => {
    const file = join(dir, 'checkpointed.sqlite');
    const database = openDatabase(`sqlite:${file}`);
    const db = definitionDb(database.db);
    try {
      expect(await autocheckpoint(db)).toBe(BACKSTOP_PAGES);
      await sql`create table filler (n integer primary key, text text not null)`.execute(db);
      const before = statSync(file).size;
      // About 600 pages of log: below SQLite's own 1,000, so only the worker copies them back.
      await db.transaction().execute(async (trx) => {
        for (let from = 0; from < 2_000; from += 200) {
          await trx
            .insertInto('filler')
            .values(Array.from({ length: 200 }, (_, k) => ({ n: from + k, text: 'x'.repeat(1_000) })))
            .execute();
        }
      });
      await expect.poll(() => statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 2_000 * 1_000);
    } finally {
      await database.close();
    }
    // Closed: the worker stopped with it, and the rows are in the file.
    const again = openDatabase(`sqlite:${file}`);
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from filler`.execute(again.db);
      expect(Number(rows[0]!.n)).toBe(2_000);
    } finally {
      await again.close();
    }
  });

  it('keeps statement journals and temporary tables in memory (temp_store = MEMORY: 2), not in files written a page at a time', async () => {
    const database = openDatabase(`sqlite:${join(dir, 'temp.sqlite')}`);
    try {
      const { rows } = await sql`pragma temp_store`.execute(database.db);
      expect(Object.values(rows[0] as object)[0]).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('lets a script go on after close(): the stopping worker keeps the process alive until it has exited', () => {
    // A script (seed:volume, ledger:check, the benches) awaits close() with nothing else pending: an unreferenced
    // worker's exit kept nothing alive, and the process ended silently before the line after close().
    const script = join(dir, 'script.mts');
    writeFileSync(script, `import { openDatabase } from ${JSON.stringify(resolve('server/platform/db/database.ts'))};\nconst database = openDatabase('sqlite:${join(dir, 'script.sqlite')}');\nawait database.close();\nconsole.log('after close');\n`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout.trim()).toBe('after close');
    expect(run.status).toBe(0);
  });

  it('leaves an in-memory database its own checkpoints (no worker can share it)', async () => {
    const database = openDatabase('sqlite::memory:');
    try {
      expect(await autocheckpoint(database.db)).toBe(1000);
    } finally {
      await database.close();
    }
  });
});
