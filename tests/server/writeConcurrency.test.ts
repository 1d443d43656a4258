// One writer discipline on both databases: 25 transfers A->B beside 25 B->A all answer (none 500, no deadlock) and
// the ledger check holds; a whole transaction failing with a PostgreSQL conflict is run again, and past the bound
// answers "busy, try again" (never 500) having changed nothing; SQLite's write transactions begin IMMEDIATE, so two
// connections (one in a thread, as a job's) running read-then-write transactions never meet SQLITE_BUSY nor lose
// an update.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { defineAction } from '../../server/platform/core/action';
import { openDatabase } from '../../server/platform/db/database';
import { TRANSACTION_TRIES, isDatabaseBusy, retryConflicts } from '../../server/platform/db/writeTransactions';
import { TRX_TYPES, checkLedger, credit } from '../../server/ledger/ledgerStore';
import { bumpCounter } from './fixtures/counterBumps';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const conflict = (code = '40P01') => Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize access'), { code });

/** Fails its transaction with a deadlock the first `fail` tries (after writing a row the retry must not keep twice). */
const attempts = new Map<string, number>();
const flakyAction = defineAction({
  path: '/api/test-writer/flaky',
  guard: 'public',
  handler: async ({ db, parameter }) => {
    const { key, fail } = parameter.data as { key: string; fail: number };
    await db.transaction().execute(async (trx) => {
      const tries = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, tries);
      await sql`insert into writer_probe (probekey, tries) values (${key}, ${tries})`.execute(trx);
      if (tries <= fail) throw conflict();
    });
    return { result: { tries: attempts.get(key) } };
  },
});

describe('retryConflicts', () => {
  const noWait = async () => {};
  it('runs a transaction failing once with a deadlock again, and answers its value', async () => {
    let tries = 0;
    const value = await retryConflicts(async () => {
      tries += 1;
      if (tries === 1) throw conflict('40P01');
      return 'done';
    }, { wait: noWait });
    expect([value, tries]).toEqual(['done', 2]);
  });
  it('gives up after the bound with the last conflict, and never retries another error', async () => {
    let tries = 0;
    await expect(retryConflicts(async () => (tries++, Promise.reject(conflict('40001'))), { wait: noWait })).rejects.toMatchObject({ code: '40001' });
    expect(tries).toBe(TRANSACTION_TRIES);
    tries = 0;
    await expect(retryConflicts(async () => (tries++, Promise.reject(Object.assign(new Error('unique'), { code: '23505' }))), { wait: noWait })).rejects.toMatchObject({ code: '23505' });
    expect(tries).toBe(1);
  });
  it('takes a conflict past its retries, a lock not had in time and SQLite busy after busy_timeout as busy, nothing else', () => {
    for (const code of ['40P01', '40001', '55P03', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']) expect(isDatabaseBusy({ code }), code).toBe(true);
    for (const code of ['23505', '22003', 'SQLITE_CONSTRAINT_UNIQUE', undefined]) expect(isDatabaseBusy({ code }), String(code)).toBe(false);
  });
});

describe.each(testDatabases)('one writer discipline on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;
  const db = () => server.database.db;
  const any = () => definitionDb(server.database.db);

  async function member(awardmiles: number): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `W${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `97${target.name === 'sqlite' ? 1 : 2}${String(Date.now()).slice(-6)}${String(seq).padStart(4, '0')}`;
    const at = new Date().toISOString();
    await db().insertInto('member').values({ memberid, firstname: 'Writer', lastname: `Member${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
    const tier = await db().selectFrom('member_card').select(['membershipid', 'tierid']).executeTakeFirst();
    await db().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: tier?.membershipid ?? 'GA', tierid: tier?.tierid ?? 'BLUE', status: 'ACTIVE', issuedate: at.slice(0, 10) }).execute();
    await db().transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: at.slice(0, 10), awardmiles, user: 'test', now: new Date() }));
    return { memberid, card };
  }
  const miles = async (memberid: string) => Number((await db().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow()).awardmiles);

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' }, [flakyAction]);
    admin = (await server.login('admin')).body.result.bearer;
    await sql`create table writer_probe (probekey varchar(60) primary key, tries integer not null)`.execute(db());
  });
  afterAll(async () => server?.close());

  it('answers 25 transfers A->B and 25 B->A at once, none 500, balances and the ledger check holding', async () => {
    const a = await member(20_000);
    const b = await member(20_000);
    const transfer = (from: string, to: string) => server.call('/api/transfer-mileage/transfer', { transfer: { fromcardnumber: from, tocardnumber: to, awardmiles: 500 } }, { token: admin });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? transfer(a.card, b.card) : transfer(b.card, a.card))));
    for (const answer of answers) {
      expect(answer.http, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.status.responsecode, JSON.stringify(answer.body)).toBe(CODES.SUCCESS);
    }
    const moved = await any().selectFrom('mileage_transfer').select(['frommemberid', 'awardmiles']).where('frommemberid', 'in', [a.memberid, b.memberid]).execute();
    const out = (memberid: string) => moved.filter((t: any) => t.frommemberid === memberid).reduce((n: number, t: any) => n + Number(t.awardmiles), 0);
    expect(out(a.memberid)).toBe(12_500);
    expect(out(b.memberid)).toBe(12_500);
    expect([await miles(a.memberid), await miles(b.memberid)]).toEqual([20_000, 20_000]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it('runs a whole transaction failing once with a deadlock again: one row kept, the call answered', async () => {
    const answer = await server.call('/api/test-writer/flaky', { key: `FLAKY_ONCE_${target.name}`, fail: 1 });
    expect(answer.body.status.responsecode, JSON.stringify(answer.body)).toBe(CODES.SUCCESS);
    expect(answer.body.result).toEqual({ tries: 2 });
    const kept = await any().selectFrom('writer_probe').select('tries').where('probekey', '=', `FLAKY_ONCE_${target.name}`).execute();
    expect(kept.map((r: any) => Number(r.tries))).toEqual([2]);
  });

  it('answers busy (not 500) once the conflict outlives the bound, having changed nothing', async () => {
    const key = `FLAKY_ALWAYS_${target.name}`;
    const answer = await server.call('/api/test-writer/flaky', { key, fail: 1_000 });
    expect(answer.http).toBe(503);
    expect(answer.body.status).toEqual({ responsecode: CODES.BUSY, responsemessage: MESSAGES.BUSY });
    expect(attempts.get(key)).toBe(TRANSACTION_TRIES);
    expect(await any().selectFrom('writer_probe').select('tries').where('probekey', '=', key).execute()).toEqual([]);
  });
});

describe('SQLite write transactions begin as writers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'alms-writers-'));
  const file = join(dir, 'writers.sqlite');
  const url = `sqlite:${file}`;
  let database: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    database = openDatabase(url);
    await sql`create table counter (id integer primary key, n integer not null)`.execute(database.db);
    await sql`insert into counter (id, n) values (1, 0)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the write lock from the first statement of a transaction (BEGIN IMMEDIATE), before it writes', async () => {
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`select n from counter where id = 1`.execute(trx);
        // Begun deferred, the transaction would hold no lock yet and another writer would get in.
        expect(() => other.exec('begin immediate')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      });
      // A transaction marked read only stays deferred: a writer gets in beside it.
      await database.db.transaction().setAccessMode('read only').execute(async (trx) => {
        await sql`select n from counter where id = 1`.execute(trx);
        other.exec('begin immediate');
        other.exec('rollback');
      });
    } finally {
      other.close();
    }
  });

  it('two connections (one in a thread) each running read-then-write transactions: no SQLITE_BUSY, no update lost', async () => {
    const times = 300;
    const thread = new Worker(new URL('./fixtures/sqliteWriterThread.mjs', import.meta.url), { workerData: { url, times } });
    const message = () =>
      new Promise<{ ready?: true; failures?: string[] }>((resolve, reject) => {
        thread.once('message', resolve);
        thread.once('error', reject);
      });
    await message();
    const threadDone = message() as Promise<{ failures: string[] }>;
    const here = await bumpCounter(database.db, times);
    const there = await threadDone;
    await thread.terminate();
    expect([...here, ...there.failures]).toEqual([]);
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(2 * times);
  });
});
