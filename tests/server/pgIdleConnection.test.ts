// PostgreSQL ending an idle pooled connection (a restart, an administrator's terminate) must not end the server's
// process: the pool's 'error' is heard (server/platform/db/database.ts) and the next query takes a new connection.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { testDatabases } from './harness';

const postgres = testDatabases.find((t) => t.name === 'postgres');

describe.runIf(postgres)('a pooled PostgreSQL connection ended while idle', () => {
  let database: Database;
  beforeAll(() => {
    database = openDatabase(postgres!.url);
  });
  afterAll(async () => database?.close());

  it('leaves the process running and the next query answered', async () => {
    const pidOf = async () => Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid);
    const first = await pidOf();
    const admin = new pg.Client({ connectionString: postgres!.url });
    await admin.connect();
    try {
      expect((await admin.query('select pg_terminate_backend($1) as ended', [first])).rows[0].ended).toBe(true);
    } finally {
      await admin.end();
    }
    // The pool drops the ended client once it hears of it; until then a query may meet it.
    await expect.poll(async () => pidOf().catch(() => first), { timeout: 10_000 }).not.toBe(first);
  });
});
