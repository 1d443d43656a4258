// A job enqueued by a request starts at once on both databases, not at the worker's next poll: the workers here
// poll once an hour, so only the enqueue's signal can run the job before the test's timeout. On PostgreSQL a
// second app server's worker (its own connections to the same schema) hears it through NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { enqueue } from '../../server/platform/jobs/jobQueue';
import type { JobHandler } from '../../server/platform/jobs/jobHandler';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { startTestServer, testDatabases, type TestServer } from './harness';

const HOUR_MS = 3_600_000;

/** A handler whose runs the test awaits: `ran(key)` settles when the job of that key has run. */
function recorder(jobtype: string) {
  const waiting = new Map<string, (by: string) => void>();
  const seen = new Map<string, Promise<string>>();
  const ran = (jobkey: string) => {
    if (!seen.has(jobkey)) seen.set(jobkey, new Promise<string>((resolve) => waiting.set(jobkey, resolve)));
    return seen.get(jobkey)!;
  };
  const handler = (owner: string): JobHandler => ({
    jobtype,
    run: async ({ job }) => {
      ran(job.jobkey);
      waiting.get(job.jobkey)!(owner);
    },
  });
  return { ran, handler };
}

describe.each(testDatabases)('jobs start when enqueued ($name)', (target) => {
  let server: TestServer;
  const jobs = recorder('wake-test');

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
  });
  afterAll(() => server?.close());

  const enqueueIn = (database: Database, jobkey: string) =>
    database.db.transaction().execute((trx) => enqueue(trx, { jobtype: 'wake-test', jobkey, user: 'test', now: new Date() }));

  it('a worker polling hourly runs a job enqueued in a transaction as soon as it commits', async () => {
    const worker = createJobWorker({ db: server.database.db, owner: 'here', handlers: [jobs.handler('here')], pollMs: HOUR_MS });
    worker.start();
    try {
      // Its first round (at start) finds nothing; the job comes later.
      await enqueueIn(server.database, 'first');
      expect(await jobs.ran('first')).toBe('here');
      await enqueueIn(server.database, 'second');
      expect(await jobs.ran('second')).toBe('here');
    } finally {
      await worker.stop();
    }
  });

  it('a job due later does not wake the worker, and a rolled back enqueue runs nothing', async () => {
    const later = recorder('later-test');
    const keys: string[] = [];
    const handler = later.handler('later');
    const worker = createJobWorker({ db: server.database.db, owner: 'later', handlers: [{ ...handler, run: async (context) => { keys.push(context.job.jobkey); await handler.run(context); } }], pollMs: HOUR_MS });
    worker.start();
    try {
      const now = new Date();
      await server.database.db.transaction().execute((trx) => enqueue(trx, { jobtype: 'later-test', jobkey: 'later', runafter: new Date(now.getTime() + HOUR_MS), user: 'test', now }));
      await expect(
        server.database.db.transaction().execute(async (trx) => {
          await enqueue(trx, { jobtype: 'later-test', jobkey: 'undone', user: 'test', now });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // A due job enqueued afterwards runs at once; the later one and the undone one did not run.
      await server.database.db.transaction().execute((trx) => enqueue(trx, { jobtype: 'later-test', jobkey: 'after', user: 'test', now }));
      await later.ran('after');
      expect(keys).toEqual(['after']);
    } finally {
      await worker.stop();
    }
  });

  it.runIf(target.name === 'postgres')('another app server\'s worker over the same database starts the job (NOTIFY)', async () => {
    const other = openDatabase(server.databaseUrl, { schema: server.database.schema });
    const worker = createJobWorker({ db: other.db, owner: 'there', handlers: [jobs.handler('there')], pollMs: HOUR_MS, listen: { on: other.listen!, schema: other.schema! } });
    worker.start();
    try {
      // Enqueued through this server's database: no local signal reaches the other one. The first may have been
      // enqueued before the other worker listened (it runs a round once listening); the second comes by NOTIFY.
      await enqueueIn(server.database, 'before');
      expect(await jobs.ran('before')).toBe('there');
      await enqueueIn(server.database, 'elsewhere');
      expect(await jobs.ran('elsewhere')).toBe('there');
    } finally {
      await worker.stop();
      await other.close();
    }
  });
});
