// Model-based test of the ledger on SQLite and PostgreSQL: fast-check draws sequences of earn, spend,
// transfer, expire (one or two workers at once), merge and concurrent batches (many spends of one member,
// earns of several members at once); a plain in-memory model of each member's lots says what must
// happen; after every step the ledger check is clean and balances and lots equal the model's, never
// below zero. LEDGER_MODEL_RUNS raises the number of runs (default 25).
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../server/platform/db/schema';
import { LedgerError, TRX_TYPES, checkLedger, credit, debit, expireDue, mergeAccounts, transfer } from '../../server/ledger/ledgerStore';
import { addDays, addMonths, isoDay } from '../../engine/definition/dates';
import { testDatabases } from './harness';
import { openLedgerFixture, type LedgerFixture } from './ledgerFixture';

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 25);
const MEMBERS = 3;
const now = new Date('2026-11-23T08:00:00Z');
const user = 'model';
const BASE = '2026-01-01';
const TRANSFER_EXPIRY = addMonths(isoDay(now), 36);

const dayAfter = (offset: number): string => addDays(BASE, offset);

interface ModelLot {
  lotid: number;
  expiry: string;
  remaining: number;
}
interface ModelMember {
  id: string;
  closed: boolean;
  tier: number;
  segments: number;
  lots: ModelLot[];
}
type Model = ModelMember[];
interface Real {
  f: LedgerFixture;
  db: Kysely<Schema>;
}

const award = (m: ModelMember) => m.lots.reduce((sum, l) => sum + l.remaining, 0);

/** The model's debit: soonest expiry first, then the lowest lot id. */
function take(m: ModelMember, miles: number): void {
  let left = miles;
  for (const lot of [...m.lots].sort((a, b) => (a.expiry < b.expiry ? -1 : a.expiry > b.expiry ? 1 : a.lotid - b.lotid))) {
    const used = Math.min(lot.remaining, left);
    lot.remaining -= used;
    left -= used;
  }
  if (left !== 0) throw new Error('model: spent more than the lots held');
}

async function refusedWith(work: Promise<unknown>, code: string): Promise<void> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(code);
}

/** The invariants after every step. */
async function agree(model: Model, { db }: Real): Promise<void> {
  expect(await checkLedger(db)).toEqual([]);
  const ids = model.map((m) => m.id);
  const members = await db.selectFrom('member').select(['memberid', 'awardmiles', 'tiermiles', 'frequency', 'status']).where('memberid', 'in', ids).orderBy('memberid').execute();
  expect(members).toEqual(
    model.map((m) => ({ memberid: m.id, awardmiles: award(m), tiermiles: m.tier, frequency: m.segments, status: m.closed ? 'CLOSED' : 'ACTIVE' })),
  );
  for (const m of members) expect(m.awardmiles).toBeGreaterThanOrEqual(0);
  const lots = await db.selectFrom('ledger_lot').select(['lotid', 'memberid', 'remaining']).where('memberid', 'in', ids).orderBy('lotid').execute();
  const expected = model.flatMap((m) => m.lots.map((l) => ({ lotid: l.lotid, memberid: m.id, remaining: l.remaining }))).sort((a, b) => a.lotid - b.lotid);
  expect(lots).toEqual(expected);
}

const earnIn = (r: Real, memberid: string, miles: number, tier: number, expiry: string) =>
  r.f.inTrx((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: '2026-01-01', awardmiles: miles, tiermiles: tier, segments: 1, expirydate: expiry, user, now }));
const spendIn = (r: Real, memberid: string, miles: number) =>
  r.f.inTrx((trx) => debit(trx, { memberid, trxtype: TRX_TYPES.REDEMPTION, activitydate: isoDay(now), awardmiles: miles, user, now }));

class Earn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly miles: number, readonly offset: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const m = model[this.who]!;
    const expiry = dayAfter(this.offset);
    if (m.closed) await refusedWith(earnIn(real, m.id, this.miles, this.miles, expiry), 'MEMBER_NOT_ACTIVE');
    else {
      const { trxid } = await earnIn(real, m.id, this.miles, this.miles, expiry);
      m.lots.push({ lotid: trxid, expiry, remaining: this.miles });
      m.tier += this.miles;
      m.segments += 1;
    }
    await agree(model, real);
  }
  toString = () => `earn(${this.who}, ${this.miles}, +${this.offset}d)`;
}

class Spend implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly miles: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const m = model[this.who]!;
    if (m.closed) await refusedWith(spendIn(real, m.id, this.miles), 'MEMBER_NOT_ACTIVE');
    else if (award(m) < this.miles) await refusedWith(spendIn(real, m.id, this.miles), 'INSUFFICIENT_MILES');
    else {
      await spendIn(real, m.id, this.miles);
      take(m, this.miles);
    }
    await agree(model, real);
  }
  toString = () => `spend(${this.who}, ${this.miles})`;
}

class Transfer implements fc.AsyncCommand<Model, Real> {
  constructor(readonly from: number, readonly to: number, readonly miles: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const [a, b] = [model[this.from]!, model[this.to]!];
    const work = () => real.f.inTrx((trx) => transfer(trx, { from: a.id, to: b.id, awardmiles: this.miles, user, now }));
    if (a === b) await refusedWith(work(), 'SAME_MEMBER');
    else if (a.closed || b.closed) await refusedWith(work(), 'MEMBER_NOT_ACTIVE');
    else if (award(a) < this.miles) await refusedWith(work(), 'INSUFFICIENT_MILES');
    else {
      const { inTrxid } = await work();
      take(a, this.miles);
      b.lots.push({ lotid: inTrxid, expiry: TRANSFER_EXPIRY, remaining: this.miles });
    }
    await agree(model, real);
  }
  toString = () => `transfer(${this.from} -> ${this.to}, ${this.miles})`;
}

class Expire implements fc.AsyncCommand<Model, Real> {
  constructor(readonly offset: number, readonly workers: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const today = dayAfter(this.offset);
    const runs = await Promise.all(Array.from({ length: this.workers }, () => expireDue(real.db, { today, user })));
    let mine = 0;
    for (const m of model) for (const lot of m.lots) if (lot.expiry < today) ((mine += lot.remaining), (lot.remaining = 0));
    // Other runs' members share the database: the workers' total covers at least this run's lots, once.
    expect(runs.reduce((sum, r) => sum + r.miles, 0)).toBeGreaterThanOrEqual(mine);
    await agree(model, real);
  }
  toString = () => `expire(+${this.offset}d, ${this.workers} worker(s))`;
}

class Merge implements fc.AsyncCommand<Model, Real> {
  constructor(readonly from: number, readonly into: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const [a, b] = [model[this.from]!, model[this.into]!];
    const work = () => real.f.inTrx((trx) => mergeAccounts(trx, { from: a.id, into: b.id, user, now }));
    if (a === b) await refusedWith(work(), 'SAME_MEMBER');
    else if (a.closed || b.closed) await refusedWith(work(), 'MEMBER_NOT_ACTIVE');
    else {
      await work();
      b.lots.push(...a.lots);
      b.tier += a.tier;
      b.segments += a.segments;
      Object.assign(a, { closed: true, tier: 0, segments: 0, lots: [] });
    }
    await agree(model, real);
  }
  toString = () => `merge(${this.from} -> ${this.into})`;
}

class ConcurrentSpends implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number, readonly miles: number, readonly clients: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const m = model[this.who]!;
    const results = await Promise.allSettled(Array.from({ length: this.clients }, () => spendIn(real, m.id, this.miles)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const expected = m.closed ? 0 : Math.min(this.clients, Math.floor(award(m) / this.miles));
    expect(ok).toBe(expected);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(LedgerError);
    take(m, ok * this.miles);
    await agree(model, real);
  }
  toString = () => `concurrentSpends(${this.who}, ${this.miles} x ${this.clients})`;
}

class ConcurrentEarns implements fc.AsyncCommand<Model, Real> {
  constructor(readonly earns: { miles: number; offset: number }[]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const batch = this.earns.slice(0, model.length).map((e, who) => ({ ...e, m: model[who]! })).filter((e) => !e.m.closed);
    const done = await Promise.all(batch.map((e) => earnIn(real, e.m.id, e.miles, 0, dayAfter(e.offset))));
    batch.forEach((e, i) => e.m.lots.push({ lotid: done[i]!.trxid, expiry: dayAfter(e.offset), remaining: e.miles }));
    batch.forEach((e) => (e.m.segments += 1));
    await agree(model, real);
  }
  toString = () => `concurrentEarns(${this.earns.map((e) => e.miles).join(', ')})`;
}

const who = fc.integer({ min: 0, max: MEMBERS - 1 });
const miles = fc.integer({ min: 1, max: 2000 });
const offset = fc.integer({ min: 0, max: 1500 });
const commands = [
  fc.tuple(who, miles, offset).map(([w, n, o]) => new Earn(w, n, o)),
  fc.tuple(who, miles, offset).map(([w, n, o]) => new Earn(w, n, o)),
  fc.tuple(who, miles).map(([w, n]) => new Spend(w, n)),
  fc.tuple(who, who, miles).map(([a, b, n]) => new Transfer(a, b, n)),
  fc.tuple(offset, fc.integer({ min: 1, max: 2 })).map(([o, n]) => new Expire(o, n)),
  fc.tuple(who, who).map(([a, b]) => new Merge(a, b)),
  fc.tuple(who, fc.integer({ min: 50, max: 700 }), fc.integer({ min: 2, max: 12 })).map(([w, n, c]) => new ConcurrentSpends(w, n, c)),
  fc.array(fc.record({ miles, offset }), { minLength: MEMBERS, maxLength: MEMBERS }).map((e) => new ConcurrentEarns(e)),
];

describe.each(testDatabases)('the ledger against its model on $name', (target) => {
  let f: LedgerFixture;
  beforeAll(async () => {
    f = await openLedgerFixture(target, 16);
  });
  afterAll(async () => f?.close());

  it(
    `holds its invariants over ${RUNS} random sequences with concurrent batches`,
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
          run += 1;
          const model: Model = [];
          for (let i = 0; i < MEMBERS; i++) {
            const id = `R${run}X${i}${Math.random().toString(36).slice(2, 8)}`;
            await f.addMember(id);
            model.push({ id, closed: false, tier: 0, segments: 0, lots: [] });
          }
          model.sort((a, b) => (a.id < b.id ? -1 : 1));
          await fc.asyncModelRun(() => ({ model, real: { f, db: f.db } }), cmds);
        }),
        { numRuns: RUNS },
      );
    },
    300_000,
  );
});
