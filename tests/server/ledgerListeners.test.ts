// The ledger's listeners on SQLite and PostgreSQL: told of every credit, debit, transfer, merge and reverse
// with the rows written, inside the posting transaction (their writes commit with it, their failure rolls
// the posting back), silent in a muted transaction, stopped when they keep answering their own writes, and
// heard only by postings through the database they were registered on.
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../server/platform/db/schema';
import {
  TRX_TYPES,
  checkLedger,
  credit,
  debit,
  mergeAccounts,
  muteLedgerListeners,
  registerLedgerListener,
  reverse,
  transfer,
  type LedgerWrite,
} from '../../server/ledger/ledgerStore';
import { testDatabases } from './harness';
import { openLedgerFixture, type LedgerFixture } from './ledgerFixture';

const now = new Date('2026-11-23T08:00:00Z');
const user = 'tester';

describe.each(testDatabases)('ledger listeners on $name', (target) => {
  let f: LedgerFixture;
  let db: Kysely<Schema>;
  let seq = 0;
  let unregister: (() => void)[] = [];
  const member = async (status = 'ACTIVE') => {
    const id = `L${String(++seq).padStart(6, '0')}`;
    await f.addMember(id, status);
    return id;
  };
  const listen = (onWrite: (trx: Kysely<Schema>, write: LedgerWrite) => Promise<void>, name = 'test') => {
    unregister.push(registerLedgerListener(db, { name, onWrite }));
  };
  const earn = (trx: Kysely<Schema>, memberid: string, awardmiles: number, tiermiles = 0) =>
    credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: '2026-11-20', awardmiles, tiermiles, segments: 1, source: 'activity:1', user, now });

  beforeAll(async () => {
    f = await openLedgerFixture(target);
    db = f.db;
  });
  afterEach(() => {
    for (const off of unregister) off();
    unregister = [];
  });
  afterAll(async () => f?.close());

  it('tells every listener of each write, once, with the members and the signed rows written', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const heard: LedgerWrite[] = [];
    listen(async (_trx, write) => void heard.push(write));
    const earned = await f.inTrx((trx) => earn(trx, a, 1000, 800));
    const spent = await f.inTrx((trx) => debit(trx, { memberid: a, trxtype: TRX_TYPES.REDEMPTION, activitydate: '2026-11-23', awardmiles: 300, user, now }));
    const moved = await f.inTrx((trx) => transfer(trx, { from: a, to: b, awardmiles: 200, user, now }));
    const back = await f.inTrx((trx) => reverse(trx, { trxid: spent.trxid, trxtype: TRX_TYPES.REDEPOSIT, user, now }));
    await f.inTrx((trx) => mergeAccounts(trx, { from: c, into: b, user, now }));

    expect(heard.map((w) => [w.operation, w.memberids])).toEqual([
      ['credit', [a]],
      ['debit', [a]],
      ['transfer', [a, b]],
      ['reverse', [a]],
      ['merge', [c, b]],
    ]);
    expect(heard[0]!.rows).toEqual([{ trxid: earned.trxid, memberid: a, trxtype: 'EARNING', activitydate: '2026-11-20', awardmiles: 1000, tiermiles: 800, segments: 1, source: 'activity:1' }]);
    expect(heard[1]!.rows).toEqual([{ trxid: spent.trxid, memberid: a, trxtype: 'REDEMPTION', activitydate: '2026-11-23', awardmiles: -300, tiermiles: 0, segments: 0, source: null }]);
    expect(heard[2]!.rows.map((r) => [r.trxid, r.memberid, r.trxtype, r.awardmiles])).toEqual([
      [moved.outTrxid, a, 'TRANSFEROUT', -200],
      [moved.inTrxid, b, 'TRANSFERIN', 200],
    ]);
    expect(heard[3]!.rows).toMatchObject([{ trxid: back.trxid, memberid: a, trxtype: 'REDEPOSIT', awardmiles: 300 }]);
    expect(heard[4]!.rows).toEqual([]);
    expect(heard.every((w) => w.user === user && w.now === now)).toBe(true);
  });

  it('runs inside the posting transaction: its writes commit with the posting and see the new balance', async () => {
    const m = await member();
    const seen: number[] = [];
    listen(async (trx, write) => {
      const row = await trx.selectFrom('member').select('awardmiles').where('memberid', '=', write.memberids[0]!).executeTakeFirstOrThrow();
      seen.push(Number(row.awardmiles));
      await trx.updateTable('member').set({ email: `heard-${row.awardmiles}@listener.example` }).where('memberid', '=', write.memberids[0]!).execute();
    });
    await f.inTrx((trx) => earn(trx, m, 700));
    expect(seen).toEqual([700]);
    expect((await db.selectFrom('member').select('email').where('memberid', '=', m).executeTakeFirstOrThrow()).email).toBe('heard-700@listener.example');
  });

  it("rolls the posting back, the caller's rows with it, when a listener fails", async () => {
    const m = await member();
    listen(async (trx, write) => {
      await trx.updateTable('member').set({ email: 'half@listener.example' }).where('memberid', '=', write.memberids[0]!).execute();
      throw new Error('listener refused');
    });
    const before = await f.balances(m);
    await expect(
      f.inTrx(async (trx) => {
        await trx.updateTable('member').set({ lastname: 'Caller' }).where('memberid', '=', m).execute();
        return earn(trx, m, 500, 500);
      }),
    ).rejects.toThrow('listener refused');
    expect(await f.balances(m)).toEqual(before);
    expect(await db.selectFrom('ledger_transaction').select('trxid').where('memberid', '=', m).execute()).toEqual([]);
    expect(await db.selectFrom('member').select(['email', 'lastname']).where('memberid', '=', m).executeTakeFirstOrThrow()).toEqual({ email: null, lastname: m });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('hears a listener\'s own posting once more, and stops one that keeps answering its own writes', async () => {
    const m = await member();
    const heard: string[] = [];
    // A bonus on the first EARNING: its credit is heard too, and is not an EARNING, so it ends there.
    listen(async (trx, write) => {
      heard.push(write.rows.map((r) => r.trxtype).join());
      if (write.rows.some((r) => r.trxtype === TRX_TYPES.EARNING)) {
        await credit(trx, { memberid: m, trxtype: TRX_TYPES.CORRECTION, activitydate: '2026-11-23', awardmiles: 50, user, now });
      }
    });
    await f.inTrx((trx) => earn(trx, m, 100));
    expect(heard).toEqual(['EARNING', 'CORRECTION']);
    expect(await f.balances(m)).toMatchObject({ awardmiles: 150 });

    const loop = await member();
    listen(async (trx) => void (await credit(trx, { memberid: loop, trxtype: TRX_TYPES.CORRECTION, activitydate: '2026-11-23', awardmiles: 1, user, now })), 'echo');
    await expect(f.inTrx((trx) => earn(trx, loop, 10))).rejects.toThrow(/levels deep/);
    expect(await f.balances(loop)).toMatchObject({ awardmiles: 0 });
  });

  it('hears only the postings through the database it was registered on, a listener of the same name on another apart', async () => {
    const other = await openLedgerFixture(target);
    try {
      const heard: string[] = [];
      listen(async (_trx, w) => void heard.push(`here ${w.memberids[0]}`), 'same');
      unregister.push(registerLedgerListener(other.db, { name: 'same', onWrite: async (_trx, w) => void heard.push(`there ${w.memberids[0]}`) }));
      const m = await member();
      await other.addMember('O000001');
      await f.inTrx((trx) => earn(trx, m, 10));
      await other.inTrx((trx) => earn(trx, 'O000001', 10));
      expect(heard).toEqual([`here ${m}`, 'there O000001']);
    } finally {
      await other.close();
    }
  });

  it('is silent in a muted transaction (the demo history replay) and after unregistering', async () => {
    const m = await member();
    const heard: string[] = [];
    const off = registerLedgerListener(db, { name: 'quiet', onWrite: async (_trx, w) => void heard.push(w.operation) });
    await f.inTrx(async (trx) => {
      muteLedgerListeners(trx);
      await earn(trx, m, 10);
    });
    expect(heard).toEqual([]);
    await f.inTrx((trx) => earn(trx, m, 10));
    expect(heard).toEqual(['credit']);
    off();
    await f.inTrx((trx) => earn(trx, m, 10));
    expect(heard).toEqual(['credit']);
  });
});
