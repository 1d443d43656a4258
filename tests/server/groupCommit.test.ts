// Group commit (server/platform/db/groupCommit.ts) on both databases: callers arriving together share a transaction
// on SQLite, each in a savepoint, so one caller's failure undoes its own writes only; every caller is
// answered with its own value or error, after the commit.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { groupCommit, MAX_BATCH } from '../../server/platform/db/groupCommit';
import { bareDatabase, testDatabases } from './harness';

describe.each(testDatabases)('group commit on $name', (target) => {
  const { db } = bareDatabase(target, async (created) => {
    await sql`create table grouped (n integer primary key)`.execute(created);
  });

  it('keeps the writes of the callers that succeed and undoes those of the ones that fail', async () => {
    const transact = groupCommit(db());
    const count = MAX_BATCH + 20;
    const outcomes = await Promise.allSettled(
      Array.from({ length: count }, (_, n) =>
        transact(async (trx) => {
          await trx.insertInto('grouped').values({ n }).execute();
          if (n % 3 === 0) throw new Error(`caller ${n} refused`);
          // A write the database itself refuses (the key taken) fails its caller alone too.
          if (n % 3 === 1) await trx.insertInto('grouped').values({ n }).execute();
          return n * 10;
        }),
      ),
    );
    outcomes.forEach((outcome, n) => {
      if (n % 3 === 2) expect(outcome).toEqual({ status: 'fulfilled', value: n * 10 });
      else expect(outcome.status).toBe('rejected');
    });
    expect((outcomes[3] as PromiseRejectedResult).reason.message).toBe('caller 3 refused');
    const rows = (await db().selectFrom('grouped').select('n').orderBy('n').execute()).map((r) => Number(r.n));
    expect(rows).toEqual(Array.from({ length: count }, (_, n) => n).filter((n) => n % 3 === 2));
  });
});
