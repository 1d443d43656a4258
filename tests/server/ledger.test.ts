// The miles ledger on SQLite and PostgreSQL: lots consumed soonest expiry first, refusals that change
// nothing, the balance floor under 50 concurrent debits, transfer, merge, redeposit, expiry run by N
// workers, the job queue's keys and leases, and the check finding an injected corruption.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../server/platform/db/schema';
import { LedgerError, TRX_TYPES, checkLedger, credit, creditMany, debit, expireDue, mergeAccounts, reverse, transfer, type LedgerEntry } from '../../server/ledger/ledgerStore';
import { addMonths } from '../../engine/definition/dates';
import { claim, complete, enqueue, fail, progress } from '../../server/platform/jobs/jobQueue';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { ledgerJobHandlers, ledgerSchedules, ledgerExpiryJobKey } from '../../server/ledger/ledgerJobs';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { openLedgerFixture, type LedgerFixture } from './ledgerFixture';
import { defineAction } from '../../server/platform/core/action';
import { definitionDb } from '../../server/platform/db/definitionDb';

const now = new Date('2026-11-23T08:00:00Z');
const today = '2026-11-23';
const user = 'tester';

async function refusal(work: Promise<unknown>): Promise<LedgerError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return error as LedgerError;
}

describe.each(testDatabases)('ledger on $name', (target) => {
  let f: LedgerFixture;
  let db: Kysely<Schema>;
  let seq = 0;
  const member = async (status = 'ACTIVE') => {
    const id = `M${String(++seq).padStart(6, '0')}`;
    await f.addMember(id, status);
    return id;
  };
  const earn = (memberid: string, awardmiles: number, extra: Partial<Parameters<typeof credit>[1]> = {}) =>
    f.inTrx((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: '2026-01-10', awardmiles, user, now, ...extra }));
  const spend = (memberid: string, awardmiles: number, extra: Partial<Parameters<typeof debit>[1]> = {}) =>
    f.inTrx((trx) => debit(trx, { memberid, trxtype: TRX_TYPES.REDEMPTION, activitydate: today, awardmiles, user, now, ...extra }));
  const lots = (memberid: string) => db.selectFrom('ledger_lot').selectAll().where('memberid', '=', memberid).orderBy('lotid').execute();
  const rows = (memberid: string) => db.selectFrom('ledger_transaction').selectAll().where('memberid', '=', memberid).orderBy('trxid').execute();
  const uses = (trxid: number) => db.selectFrom('ledger_lot_use').selectAll().where('trxid', '=', trxid).orderBy('lotid').execute();

  beforeAll(async () => {
    f = await openLedgerFixture(target, 20);
    db = f.db;
  });
  afterAll(async () => f?.close());

  it('credits a lot expiring MILES_EXPIRY_MONTHS after the activity (a configuration key) and raises the balances', async () => {
    const m = await member();
    const { trxid } = await earn(m, 1200, { tiermiles: 1000, segments: 2 });
    expect(await f.balances(m)).toMatchObject({ awardmiles: 1200, tiermiles: 1000, frequency: 2 });
    expect(await lots(m)).toEqual([{ lotid: trxid, memberid: m, expirydate: '2029-01-10', awardmiles: 1200, remaining: 1200, transferable: 1 }]);
    await f.setConfig('MILES_EXPIRY_MONTHS', '12');
    try {
      const second = await earn(m, 10);
      expect((await lots(m)).find((l) => l.lotid === second.trxid)?.expirydate).toBe('2027-01-10');
    } finally {
      await f.setConfig('MILES_EXPIRY_MONTHS', '36');
    }
    expect(await checkLedger(db)).toEqual([]);
  });

  it('credits many entries at once: each its row and lot in the entries\' order, each member raised once by its sum; a closed or unknown member refuses the batch and changes nothing', async () => {
    const [a, b] = [await member(), await member()];
    const entry = (memberid: string, awardmiles: number, tiermiles: number): LedgerEntry => ({
      memberid, trxtype: TRX_TYPES.EARNING, user, now, activitydate: '2026-02-01', awardmiles, tiermiles, segments: 1, expirydate: '2029-02-01', source: `test:${memberid}:${awardmiles}`, reason: 'Batch credit',
    });
    const entries = [entry(b, 300, 100), entry(a, 0, 40), entry(b, 500, 0)];
    const trxids = await f.inTrx((trx) => creditMany(trx, entries));
    expect(trxids).toHaveLength(3);
    expect([...trxids].sort((x, y) => x - y)).toEqual(trxids);
    expect((await rows(b)).map((r) => [r.trxid, r.awardmiles, r.tiermiles, r.source])).toEqual([
      [trxids[0], 300, 100, `test:${b}:300`],
      [trxids[2], 500, 0, `test:${b}:500`],
    ]);
    expect((await rows(a)).map((r) => [r.trxid, r.awardmiles, r.tiermiles, r.trxtype, r.createdby])).toEqual([[trxids[1], 0, 40, TRX_TYPES.EARNING, user]]);
    expect(await f.balances(b)).toMatchObject({ awardmiles: 800, tiermiles: 100, frequency: 2 });
    expect(await f.balances(a)).toMatchObject({ awardmiles: 0, tiermiles: 40, frequency: 1 });
    // A lot a credit of award miles (none for the tier-only row).
    expect((await lots(b)).map((l) => [l.lotid, l.awardmiles, l.remaining, l.expirydate])).toEqual([
      [trxids[0], 300, 300, '2029-02-01'],
      [trxids[2], 500, 500, '2029-02-01'],
    ]);
    expect(await lots(a)).toEqual([]);

    const closed = await member('CLOSED');
    const shut = await refusal(f.inTrx((trx) => creditMany(trx, [entry(a, 10, 0), entry(closed, 20, 0)])));
    expect([shut.code, shut.message, shut.field]).toEqual(['MEMBER_NOT_ACTIVE', `Member ${closed} is closed`, 'memberid']);
    const unknown = await refusal(f.inTrx((trx) => creditMany(trx, [entry('NOSUCH', 10, 0), entry(a, 10, 0)])));
    expect(unknown.field).toBe('memberid');
    expect(unknown.code).not.toBe('MEMBER_NOT_ACTIVE');
    expect(await f.balances(a)).toMatchObject({ awardmiles: 0, tiermiles: 40, frequency: 1 });
    expect(await rows(a)).toHaveLength(1);
    expect(await rows(closed)).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('debits the lots that expire first, then the oldest lot, and records what each gave', async () => {
    const m = await member();
    const late = await earn(m, 100, { expirydate: '2028-03-01' });
    const soon = await earn(m, 100, { expirydate: '2027-01-01' });
    const tieA = await earn(m, 100, { expirydate: '2027-06-01' });
    const tieB = await earn(m, 100, { expirydate: '2027-06-01' });
    const { trxid } = await spend(m, 250);
    expect((await uses(trxid)).map((u) => [u.lotid, u.amount])).toEqual([
      [soon.trxid, 100],
      [tieA.trxid, 100],
      [tieB.trxid, 50],
    ]);
    const remaining = Object.fromEntries((await lots(m)).map((l) => [l.lotid, l.remaining]));
    expect(remaining).toEqual({ [late.trxid]: 100, [soon.trxid]: 0, [tieA.trxid]: 0, [tieB.trxid]: 50 });
    expect((await rows(m)).at(-1)).toMatchObject({ trxtype: 'REDEMPTION', awardmiles: -250, expirydate: null, createdby: user });
    expect(await f.balances(m)).toMatchObject({ awardmiles: 150 });
  });

  it('refuses a debit above the balance with a clear message on the field and changes nothing, the caller\'s rows included', async () => {
    const m = await member();
    await earn(m, 1200, { tiermiles: 50 });
    const before = { rows: await rows(m), lots: await lots(m), balances: await f.balances(m) };
    const error = await refusal(
      f.inTrx(async (trx) => {
        await trx.updateTable('member').set({ email: 'caller@write.example' }).where('memberid', '=', m).execute();
        return debit(trx, { memberid: m, trxtype: TRX_TYPES.REDEMPTION, activitydate: today, awardmiles: 1201, user, now });
      }),
    );
    expect(error.code).toBe('INSUFFICIENT_MILES');
    expect(error.message).toBe('Insufficient award miles: the balance is 1,200');
    expect(error.toApiError()).toMatchObject({ code: '1002', message: 'Insufficient award miles: the balance is 1,200', fields: { awardmiles: 'Insufficient award miles: the balance is 1,200' } });
    const tier = await refusal(spend(m, 0, { tiermiles: 51 }));
    expect([tier.code, tier.field, tier.message]).toEqual(['INSUFFICIENT_MILES', 'tiermiles', 'Insufficient tier miles: the balance is 50']);
    expect({ rows: await rows(m), lots: await lots(m), balances: await f.balances(m) }).toEqual(before);
    expect((await db.selectFrom('member').select('email').where('memberid', '=', m).executeTakeFirstOrThrow()).email).toBeNull();

    for (const [entry, field] of [
      [{ awardmiles: -5 }, 'awardmiles'],
      [{ awardmiles: 1.5 }, 'awardmiles'],
      [{ activitydate: '2026-02-30' }, 'activitydate'],
      [{ trxtype: 'GIFT' }, 'trxtype'],
      [{ awardmiles: 0 }, 'awardmiles'],
    ] as const) {
      const bad = await refusal(spend(m, 10, entry as never));
      expect([bad.code, bad.field]).toEqual(['INVALID_ENTRY', field]);
    }
    expect((await refusal(spend('NOBODY', 10))).code).toBe('MEMBER_NOT_FOUND');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('lets exactly floor(balance / amount) of 50 concurrent debits of one member through, never below zero', async () => {
    const m = await member();
    for (const miles of [300, 250, 250, 200]) await earn(m, miles);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(m, 70)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(ok).toHaveLength(Math.floor(1000 / 70));
    expect(refused.every((e) => e instanceof LedgerError && e.code === 'INSUFFICIENT_MILES')).toBe(true);
    expect(await f.balances(m)).toMatchObject({ awardmiles: 1000 - 14 * 70 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('transfers award miles between active members, expiring per TRANSFER_MILES_EXPIRY_MONTHS, and refuses the same, a closed or an unknown member', async () => {
    const [a, b] = [await member(), await member()];
    await earn(a, 1000, { tiermiles: 1000 });
    const { outTrxid, inTrxid } = await f.inTrx((trx) => transfer(trx, { from: a, to: b, awardmiles: 400, fee: 60000, source: 'transfer-log:1', user, now }));
    expect(await f.balances(a)).toMatchObject({ awardmiles: 600, tiermiles: 1000 });
    expect(await f.balances(b)).toMatchObject({ awardmiles: 400, tiermiles: 0 });
    const [out] = (await rows(a)).filter((r) => r.trxid === outTrxid);
    const [inn] = (await rows(b)).filter((r) => r.trxid === inTrxid);
    expect(out).toMatchObject({ trxtype: 'TRANSFEROUT', awardmiles: -400, tiermiles: 0, relatedtrxid: inTrxid, source: 'transfer-log:1', activitydate: today });
    expect(inn).toMatchObject({ trxtype: 'TRANSFERIN', awardmiles: 400, tiermiles: 0, relatedtrxid: outTrxid, expirydate: addMonths(today, 36) });

    const closed = await member('CLOSED');
    const inactive = await member('INACTIVE');
    const before = [await f.balances(a), await f.balances(b)];
    for (const [request, code, field] of [
      [{ from: a, to: a, awardmiles: 10 }, 'SAME_MEMBER', 'to'],
      [{ from: a, to: closed, awardmiles: 10 }, 'MEMBER_NOT_ACTIVE', 'to'],
      [{ from: inactive, to: a, awardmiles: 10 }, 'MEMBER_NOT_ACTIVE', 'from'],
      [{ from: a, to: 'NOBODY', awardmiles: 10 }, 'MEMBER_NOT_FOUND', 'to'],
      [{ from: a, to: b, awardmiles: 601 }, 'INSUFFICIENT_MILES', 'awardmiles'],
      [{ from: a, to: b, awardmiles: 0 }, 'INVALID_ENTRY', 'awardmiles'],
    ] as const) {
      const error = await refusal(f.inTrx((trx) => transfer(trx, { ...request, user, now })));
      expect([error.code, error.field]).toEqual([code, field]);
    }
    expect([await f.balances(a), await f.balances(b)]).toEqual(before);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('merges an account: transactions (marked), lots, balances and cards move; the other is closed with zero; self-merge and closed refused', async () => {
    const [from, into] = [await member(), await member()];
    await earn(from, 500, { tiermiles: 300, segments: 1 });
    await spend(from, 120);
    await earn(into, 50);
    await db.insertInto('member_card').values({ cardnumber: `9${seq}00001`, memberid: from, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: today }).execute();
    await f.inTrx((trx) => mergeAccounts(trx, { from, into, user, now }));
    expect(await f.balances(from)).toEqual({ awardmiles: 0, tiermiles: 0, frequency: 0, status: 'CLOSED' });
    expect(await f.balances(into)).toMatchObject({ awardmiles: 430, tiermiles: 300, frequency: 1, status: 'ACTIVE' });
    expect(await rows(from)).toEqual([]);
    expect((await rows(into)).map((r) => r.mergedfrom)).toEqual([from, from, null]);
    expect(await lots(from)).toEqual([]);
    expect((await db.selectFrom('member_card').select('memberid').where('cardnumber', '=', `9${seq}00001`).executeTakeFirstOrThrow()).memberid).toBe(into);
    expect(await checkLedger(db)).toEqual([]);

    expect((await refusal(f.inTrx((trx) => mergeAccounts(trx, { from: into, into, user, now })))).code).toBe('SAME_MEMBER');
    expect((await refusal(f.inTrx((trx) => mergeAccounts(trx, { from, into, user, now })))).code).toBe('MEMBER_NOT_ACTIVE');
    expect((await refusal(earn(from, 10))).code).toBe('MEMBER_NOT_ACTIVE');
    await spend(into, 430);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('redeposits a debit once: its lots get their miles back; with REDEPOSIT_EXPIRED_MILES_MONTHS an expired lot\'s part comes as a new lot', async () => {
    const m = await member();
    const old = await earn(m, 100, { expirydate: '2026-06-30' });
    const fresh = await earn(m, 300, { expirydate: '2028-01-01' });
    const redemption = await spend(m, 250, { tiermiles: 0 });
    const back = await f.inTrx((trx) => reverse(trx, { trxid: redemption.trxid, trxtype: 'REDEPOSIT', user, now }));
    expect(await f.balances(m)).toMatchObject({ awardmiles: 400 });
    expect(Object.fromEntries((await lots(m)).map((l) => [l.lotid, l.remaining]))).toEqual({ [old.trxid]: 100, [fresh.trxid]: 300 });
    expect((await rows(m)).at(-1)).toMatchObject({ trxid: back.trxid, trxtype: 'REDEPOSIT', awardmiles: 250, relatedtrxid: redemption.trxid });
    expect(await checkLedger(db)).toEqual([]);
    expect((await refusal(f.inTrx((trx) => reverse(trx, { trxid: redemption.trxid, trxtype: 'REDEPOSIT', user, now })))).code).toBe('ALREADY_REVERSED');
    expect((await refusal(f.inTrx((trx) => reverse(trx, { trxid: fresh.trxid, trxtype: 'REDEPOSIT', user, now })))).code).toBe('NOT_REVERSIBLE');
    expect((await refusal(f.inTrx((trx) => reverse(trx, { trxid: 99_999_999, trxtype: 'REDEPOSIT', user, now })))).code).toBe('TRANSACTION_NOT_FOUND');

    await f.setConfig('REDEPOSIT_EXPIRED_MILES_MONTHS', '6');
    try {
      const second = await spend(m, 250);
      const again = await f.inTrx((trx) => reverse(trx, { trxid: second.trxid, trxtype: 'REDEPOSIT', user, now }));
      const byLot = Object.fromEntries((await lots(m)).map((l) => [l.lotid, [l.remaining, l.expirydate]]));
      expect(byLot).toEqual({ [old.trxid]: [0, '2026-06-30'], [fresh.trxid]: [300, '2028-01-01'], [again.trxid]: [100, '2027-05-23'] });
    } finally {
      await f.setConfig('REDEPOSIT_EXPIRED_MILES_MONTHS', '0');
    }
    expect(await f.balances(m)).toMatchObject({ awardmiles: 400 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('expires lots due before today once, however many workers run it at once, and a second run finds nothing', async () => {
    const members = [await member(), await member(), await member()];
    for (const m of members) {
      await earn(m, 100, { expirydate: '2026-10-31' });
      await earn(m, 40, { expirydate: '2026-11-22' });
      await earn(m, 70, { expirydate: today }); // still valid today
    }
    await spend(members[0]!, 30);
    const runs = await Promise.all([1, 2, 3].map((n) => expireDue(db, { today, user: `worker-${n}` })));
    expect(runs.reduce((sum, r) => sum + r.miles, 0)).toBe(110 + 140 + 140);
    expect(runs.reduce((sum, r) => sum + r.members, 0)).toBe(3);
    for (const m of members) {
      const expirations = (await rows(m)).filter((r) => r.trxtype === 'EXPIRATION');
      expect(expirations).toHaveLength(1);
      expect(await f.balances(m)).toMatchObject({ awardmiles: 70 });
      const taken = await uses(expirations[0]!.trxid);
      expect(new Set(taken.map((u) => u.lotid)).size).toBe(taken.length);
    }
    expect(await expireDue(db, { today, user })).toEqual({ members: 0, miles: 0 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('queues a job key once, lets one of two parallel claimers have it, and reclaims a job whose lease passed', async () => {
    const key = `test-job:${target.name}:${seq}`;
    const created = await Promise.all([1, 2, 3].map(() => enqueue(db, { jobtype: 'test-job', jobkey: key, parameters: { n: 1 }, user, now })));
    expect(created.filter((c) => c.created)).toHaveLength(1);
    const [first, second] = await Promise.all(['server-a', 'server-b'].map((owner) => claim(db, { owner, leaseMs: 60_000, now, jobtypes: ['test-job'] })));
    const claimed = [first, second].filter(Boolean);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ status: 'RUNNING', attempts: 1, jobkey: key });
    const owner = claimed[0]!.leaseowner!;
    expect(await claim(db, { owner: 'server-c', leaseMs: 60_000, now, jobtypes: ['test-job'] })).toBeUndefined();
    expect(await progress(db, { jobid: claimed[0]!.jobid, owner, percentage: 40, leaseMs: 60_000, now })).toBe(true);

    const later = new Date(now.getTime() + 61_000);
    const reclaimed = await claim(db, { owner: 'server-c', leaseMs: 60_000, now: later, jobtypes: ['test-job'] });
    expect(reclaimed).toMatchObject({ jobid: claimed[0]!.jobid, leaseowner: 'server-c', attempts: 2 });
    expect(await complete(db, { jobid: reclaimed!.jobid, owner, result: {}, now: later })).toBe(false);
    expect(await fail(db, { job: reclaimed!, owner: 'server-c', error: 'boom', now: later, maxAttempts: 2, retryBaseMs: 1000 })).toBe('FAILED');
    expect(await db.selectFrom('job').select(['status', 'error']).where('jobid', '=', reclaimed!.jobid).executeTakeFirstOrThrow()).toEqual({ status: 'FAILED', error: 'boom' });
  });

  it('runs the daily expiry job from the worker: scheduled by key for today, done with its result', async () => {
    const m = await member();
    await earn(m, 80, { expirydate: '2026-01-01' });
    const day = '2027-02-01';
    const clock = () => new Date(`${day}T02:00:00Z`);
    const workers = ['w1', 'w2'].map((owner) => createJobWorker({ db, owner, handlers: ledgerJobHandlers, schedules: ledgerSchedules, pollMs: 1000, now: clock }));
    const ran = await Promise.all(workers.map((w) => w.tick()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    const job = await db.selectFrom('job').selectAll().where('jobkey', '=', ledgerExpiryJobKey(day)).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'DONE', percentage: 100, jobtype: 'ledger-expiry' });
    expect(JSON.parse(job.result!).miles).toBeGreaterThanOrEqual(80);
    expect(await f.balances(m)).toMatchObject({ awardmiles: 0 });
    expect((await rows(m)).filter((r) => r.trxtype === 'EXPIRATION')).toMatchObject([{ source: `job:${job.jobid}`, activitydate: day }]);
    expect(await Promise.all(workers.map((w) => w.tick()))).toEqual([0, 0]);
  });

  it('reports an injected corruption: a balance, a lot\'s remaining, a stray transaction', async () => {
    const m = await member();
    const { trxid } = await earn(m, 500, { tiermiles: 10 });
    expect(await checkLedger(db)).toEqual([]);
    await db.updateTable('member').set({ awardmiles: 505 }).where('memberid', '=', m).execute();
    await db.updateTable('ledger_lot').set({ remaining: 499 }).where('lotid', '=', trxid).execute();
    await db.updateTable('ledger_transaction').set({ tiermiles: 11 }).where('trxid', '=', trxid).execute();
    const problems = await checkLedger(db);
    expect(problems).toEqual(
      expect.arrayContaining([
        { memberid: m, problem: 'awardmiles <> sum of remaining lots', expected: 499, actual: 505 },
        { memberid: m, problem: 'awardmiles <> sum of transactions', expected: 500, actual: 505 },
        { memberid: m, problem: 'tiermiles <> sum of transactions', expected: 11, actual: 10 },
        { memberid: m, lotid: trxid, problem: 'lot remaining <> awardmiles - uses', expected: 500, actual: 499 },
      ]),
    );
    expect(problems).toHaveLength(4);
    // Put it right, so the other tests' checks stay meaningful.
    await db.updateTable('member').set({ awardmiles: 500 }).where('memberid', '=', m).execute();
    await db.updateTable('ledger_lot').set({ remaining: 500 }).where('lotid', '=', trxid).execute();
    await db.updateTable('ledger_transaction').set({ tiermiles: 10 }).where('trxid', '=', trxid).execute();
    expect(await checkLedger(db)).toEqual([]);
  });

  it('keeps a balance >= 0 in the database itself (the CHECK constraint under the guarded update)', async () => {
    const m = await member();
    await earn(m, 10);
    await expect(db.updateTable('member').set({ awardmiles: -1 }).where('memberid', '=', m).execute()).rejects.toThrow();
    expect(await f.balances(m)).toMatchObject({ awardmiles: 10 });
  });
});

describe.each(testDatabases)('a ledger refusal through the API on $name', (target) => {
  const spendAction = defineAction({
    path: '/api/test-ledger/spend',
    guard: 'public',
    handler: async ({ db, parameter, now: clock }) => {
      const { memberid, awardmiles } = parameter.data as { memberid: string; awardmiles: number };
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('member').set({ email: 'spend@caller.example' }).where('memberid', '=', memberid).execute();
        await debit(trx, { memberid, trxtype: TRX_TYPES.REDEMPTION, activitydate: today, awardmiles, user: 'api', now: clock() });
      });
      return {};
    },
  });
  let server: TestServer;
  // The server starts in the set-up (its time limit, not a test's: a busy machine takes seconds to build it).
  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' }, [spendAction]);
  });
  afterAll(async () => server?.close());

  it('answers the envelope with the message on the field, and the caller\'s write is rolled back', async () => {
    const db = server.database.db;
    const at = new Date().toISOString();
    await db.insertInto('member').values({ memberid: 'APISPEND1', firstname: 'Api', lastname: 'Spend', gender: null, status: 'ACTIVE', email: null, username: 'apispend1', passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
    await db.transaction().execute((trx) => credit(trx, { memberid: 'APISPEND1', trxtype: TRX_TYPES.EARNING, activitydate: today, awardmiles: 1200, user, now }));
    const { http, body } = await server.call('/api/test-ledger/spend', { memberid: 'APISPEND1', awardmiles: 5000 });
    expect(http).toBe(200);
    expect(body.status).toEqual({ responsecode: '1002', responsemessage: 'Insufficient award miles: the balance is 1,200' });
    expect(body.result).toEqual({ fields: { awardmiles: 'Insufficient award miles: the balance is 1,200' } });
    expect(await db.selectFrom('member').select(['email', 'awardmiles']).where('memberid', '=', 'APISPEND1').executeTakeFirstOrThrow()).toEqual({ email: null, awardmiles: 1200 });
    const ok = await server.call('/api/test-ledger/spend', { memberid: 'APISPEND1', awardmiles: 200 });
    expect(ok.body.status.responsecode).toBe('0000');
    const keys = await definitionDb(db).selectFrom('general_config').select(['key', 'value']).where('key', 'in', ['MILES_EXPIRY_MONTHS', 'TRANSFER_MILES_EXPIRY_MONTHS']).orderBy('key').execute();
    expect(keys).toEqual([
      { key: 'MILES_EXPIRY_MONTHS', value: '36' },
      { key: 'TRANSFER_MILES_EXPIRY_MONTHS', value: '36' },
    ]);
  });
});
