// Report jobs in a thread of their own (the server keeps answering while a large file is written):
// a worker given a threadDatabase runs the report job in a worker thread with its own connection, on a SQLite
// file and on PostgreSQL; two reports generate at once; the file equals an independent count; a job whose
// server died is taken again by a threaded worker (lease kept); a failing thread's message fails the job.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { claim, enqueue } from '../../server/platform/jobs/jobQueue';
import { reportJobHandlers } from '../../server/reports/reportJobs';
import { serverModules } from '../../server/platform/modules';
import { REPORT_TEXTS } from '../../server/reports/reportStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;
const dir = mkdtempSync(join(tmpdir(), 'alms-report-thread-'));
// A thread needs a database it can open: a SQLite file (an in-memory one is this connection's alone).
const targets = testDatabases.map((t) => (t.name === 'sqlite' ? { ...t, url: `sqlite:${join(dir, 'thread.sqlite')}` } : t));
// The thread loads the manifests of the modules with thread jobs, as server/main.ts gives them.
const threadManifests = (await serverModules()).threadManifests();

describe.each(targets)('report jobs in their own thread on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const db = () => definitionDb(server.database.db);
  const threadDatabase = () => ({ url: server.databaseUrl, schema: server.database.schema, modules: threadManifests });
  const worker = (owner: string, now?: () => Date) => createJobWorker({ db: server.database.db, owner, handlers: reportJobHandlers, pollMs: 60_000, now, threadDatabase: threadDatabase() });
  const criteria = { startdate: null, enddate: null, tierid: null, branchcode: null, status: null };
  const generate = async (format: string) => {
    const answer = await server.call('/api/report/member-profile/generate', { format }, { token: admin, parameter: { criteria } });
    expect(answer.body.status.responsecode, JSON.stringify(answer.body)).toBe(CODES.SUCCESS);
    return answer.body.result.fileid as string;
  };
  const members = async () => Number(((await db().selectFrom('member').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
  const jobOf = async (fileid: string) => (await db().selectFrom('job').selectAll().where('jobkey', '=', `report:${fileid}`).executeTakeFirstOrThrow()) as Row;

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0', REPORT_DIR: join(dir, `files-${target.name}`) });
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('two reports generate at once in threads and each file holds every member (an independent count)', async () => {
    const files = [await generate('CSV'), await generate('XLSX')];
    // At least these two: the day's sweep of old report files may fall due too, depending on the hour the suite runs.
    expect(await worker('threaded').tick()).toBeGreaterThanOrEqual(2);
    const count = await members();
    expect(count).toBeGreaterThan(0);
    for (const fileid of files) {
      const job = await jobOf(fileid);
      expect([job.status, Number(job.percentage), job.leaseowner, job.error]).toEqual(['DONE', 100, null, null]);
      const file = (await db().selectFrom('report_file').selectAll().where('fileid', '=', fileid).executeTakeFirstOrThrow()) as Row;
      expect(Number(file.rowcount)).toBe(count);
      if (file.format === 'CSV') expect(readFileSync(file.storedname, 'utf8').split('\r\n').length - 2).toBe(count);
    }
    const progress = await server.call('/api/report/progress', { fileid: files[1] }, { token: admin });
    expect(progress.body.result).toMatchObject({ status: 'DONE', percentage: 100 });
  });

  it('a looping worker keeps one thread warm across rounds, from its start to its stop', async () => {
    const said: string[] = [];
    const log = { info: (_fields: object, message?: string) => void said.push(message ?? ''), error: () => undefined };
    const looping = createJobWorker({ db: server.database.db, owner: 'looping', handlers: reportJobHandlers, pollMs: 3_600_000, threadDatabase: threadDatabase(), log });
    looping.start();
    try {
      // Each report is a round of its own: the request's enqueue wakes the worker.
      for (const format of ['CSV', 'XLSX']) {
        const fileid = await generate(format);
        await expect.poll(async () => (await jobOf(fileid)).status, { timeout: 60_000 }).toBe('DONE');
      }
      expect(said.filter((message) => message === 'job thread started')).toHaveLength(1);
      expect(said).not.toContain('job thread ended');
    } finally {
      await looping.stop();
    }
    expect(said.filter((message) => message === 'job thread ended')).toHaveLength(1);
  });

  it('a job whose server died is taken again by a threaded worker after its lease', async () => {
    const fileid = await generate('CSV');
    const taken = await claim(server.database.db, { owner: 'dead-server', leaseMs: 60_000, now: new Date(), jobtypes: ['report'] });
    expect(taken?.jobkey).toBe(`report:${fileid}`);
    expect(await worker('other').tick()).toBe(0);
    const later = new Date(Date.now() + 120_000);
    expect(await worker('other', () => later).tick()).toBe(1);
    const job = await jobOf(fileid);
    expect([job.status, Number(job.attempts), Number(job.percentage)]).toEqual(['DONE', 2, 100]);
  });

  it("a thread's failure comes back as the job's error and the job is retried later", async () => {
    await enqueue(server.database.db, { jobtype: 'report', jobkey: 'report:no-such-file', parameters: { fileid: 'no-such-file' }, user: 'test', now: new Date() });
    expect(await worker('threaded').tick()).toBe(1);
    const job = (await db().selectFrom('job').selectAll().where('jobkey', '=', 'report:no-such-file').executeTakeFirstOrThrow()) as Row;
    expect(job.status).toBe('QUEUED');
    expect(job.error).toBe(REPORT_TEXTS.notFound);
    expect(job.leaseowner).toBeNull();
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
