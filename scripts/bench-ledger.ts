// npm run bench:ledger: 50 concurrent clients debiting the SAME member through the ledger store.
// Measures the store in-process (no HTTP): each debit is its own transaction (guarded balance UPDATE,
// transaction row, lots picked soonest expiry first, lot updates, lot uses), as a redemption would run it.
// Latency is what a client waits: from asking for the transaction to its commit (queueing included).
// Phase 1 (throughput): the member holds far more than the run can spend. Phase 2 (floor): a balance
// that runs out, every client keeps debiting until refused; exactly floor(balance / amount) succeed.
// Then the ledger check must be clean. SQLite on a file; PostgreSQL too when TEST_DATABASE_URL or
// --postgres is given.
// Usage: npx tsx scripts/bench-ledger.ts [--seconds 5] [--clients 50] [--amount 150] [--postgres URL]
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../server/platform/db/database';
import { migrateToLatest } from '../server/platform/migrations';
import type { Schema } from '../server/platform/db/schema';
import { createSchema, dropSchema } from '../server/platform/db/pgSchema';
import { loadCatalogue } from '../server/platform/definitions';
import { syncResourceTables } from '../server/platform/resources/schemaSync';
import { seedConfigKeys } from '../server/platform/configuration/configKeys';
import { LedgerError, TRX_TYPES, checkLedger, credit, debit } from '../server/ledger/ledgerStore';
import { readFlags } from './benchFlags';
import { percentile } from './benchSupport';

const args = readFlags({
  seconds: { type: 'number', default: 5 },
  clients: { type: 'number', default: 50 },
  amount: { type: 'number', default: 150 },
  postgres: { type: 'string' },
});
const SECONDS = args.seconds;
const CLIENTS = args.clients;
const AMOUNT = args.amount;
const LOT_MILES = 1000;
const FLOOR_BALANCE = 10_000;
const SQLITE_FILE = '.tmp/bench-ledger/ledger.sqlite';
const now = new Date();
const today = now.toISOString().slice(0, 10);

/** A quantile of sorted latencies (0 without any). */
const quantile = (sorted: number[], q: number) => (sorted.length === 0 ? 0 : percentile(sorted, q, 'floor'));

async function addMember(db: Kysely<Schema>, memberid: string, lots: number, miles: number): Promise<void> {
  const at = now.toISOString();
  await db.insertInto('member').values({ memberid, firstname: 'Bench', lastname: memberid, gender: null, status: 'ACTIVE', email: null, username: `bench-${memberid}`, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < lots; i++) {
      await credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: today, awardmiles: miles, expirydate: `2030-01-${String((i % 28) + 1).padStart(2, '0')}`, user: 'bench', now });
    }
  });
}

const spend = (db: Kysely<Schema>, memberid: string) =>
  db.transaction().execute((trx) => debit(trx, { memberid, trxtype: TRX_TYPES.REDEMPTION, activitydate: today, awardmiles: AMOUNT, user: 'bench', now }));

async function throughput(db: Kysely<Schema>, memberid: string) {
  const latencies: number[] = [];
  let refused = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await spend(db, memberid);
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          refused += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { debits: latencies.length, refused, perSecond: latencies.length / elapsed, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

async function floor(db: Kysely<Schema>, memberid: string) {
  let ok = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        try {
          await spend(db, memberid);
          ok += 1;
        } catch (error) {
          if (!(error instanceof LedgerError) || error.code !== 'INSUFFICIENT_MILES') throw error;
          refused += 1;
          return;
        }
      }
    }),
  );
  const { awardmiles } = await db.selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow();
  return { ok, refused, expected: Math.floor(FLOOR_BALANCE / AMOUNT), balance: awardmiles };
}

async function run(name: string, database: Database): Promise<boolean> {
  const { db } = database;
  await migrateToLatest(db, database.schema);
  const catalogue = loadCatalogue();
  await syncResourceTables(db, catalogue, database.schema);
  await seedConfigKeys(db, catalogue);
  const lots = Math.ceil(((SECONDS * 20_000 + 1000) * AMOUNT) / LOT_MILES);
  await addMember(db, 'BENCH1', lots, LOT_MILES);
  await addMember(db, 'BENCH2', FLOOR_BALANCE / 500, 500);

  const t = await throughput(db, 'BENCH1');
  const f = await floor(db, 'BENCH2');
  const checkStarted = performance.now();
  const problems = await checkLedger(db);
  const checkMs = performance.now() - checkStarted;
  const good = t.refused === 0 && f.ok === f.expected && f.balance >= 0 && problems.length === 0;
  console.log(
    `${name}: ${CLIENTS} clients, ${SECONDS} s: ${t.debits.toLocaleString('en-US')} debits of ${AMOUNT}, ${Math.round(t.perSecond).toLocaleString('en-US')} debits/s, ` +
      `p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`,
  );
  console.log(
    `${name}: floor: balance ${FLOOR_BALANCE.toLocaleString('en-US')}, ${f.ok} of ${f.ok + f.refused} debits succeeded (expected ${f.expected}), final balance ${f.balance}; ` +
      `ledger check ${problems.length === 0 ? 'clean' : `${problems.length} problem(s)`} (${checkMs.toFixed(0)} ms) -> ${good ? 'OK' : 'FAILED'}`,
  );
  return good;
}

let allGood = true;
rmSync('.tmp/bench-ledger', { recursive: true, force: true });
const sqlite = openDatabase(`sqlite:${SQLITE_FILE}`);
try {
  allGood = (await run('sqlite (file)', sqlite)) && allGood;
} finally {
  await sqlite.close();
}
const pgUrl = args.postgres ?? process.env.TEST_DATABASE_URL ?? (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined);
if (pgUrl) {
  const schema = await createSchema(pgUrl, 'bench');
  process.env.PG_POOL_SIZE ??= '20';
  const pg = openDatabase(pgUrl, { schema });
  try {
    allGood = (await run('postgres', pg)) && allGood;
  } finally {
    await pg.close();
    await dropSchema(pgUrl, schema);
  }
}
process.exitCode = allGood ? 0 : 1;
