// npm run bench:accrual: 50 clients posting air activity through the API (/api/accrual/air over keep-alive
// HTTP), each post a new flight segment of one of 10,000 members: checked, rated by the cached rule book
// (GarudaMiles' tables, tier bonus, promotions), credited through the ledger with its detail lines and the
// member's activity row, in one transaction; the tier listeners run inside it. Target: >= 1,000 posts/s with
// p99 <= 50 ms. Two runs: closed loop (each client posts again on its answer: the most posts a second the server
// gives; its latencies are those of a queue 50 deep), then paced at 1,000 posts a second (--rate) from the same
// 50 clients, each latency counted from the moment the post was due: the p99 at the target's rate. Then every post
// is checked: one credited activity each, and the ledger check clean.
// SQLite on a file by default; --postgres URL runs the same on PostgreSQL (a schema of its own).
// Usage: npx tsx scripts/bench-accrual.ts [--seconds 10] [--concurrency 50] [--members 10000] [--rate 1000] [--postgres URL] [--profile FILE] [--statements]
import { sql, type Kysely } from 'kysely';
import { checkLedger } from '../server/ledger/ledgerStore';
import { seededRandom } from '../server/demoPopulation/memberPopulation';
import { loadFlags, readFlags } from './benchFlags';
import { databaseLine, drive, figuresLine, loginAsAdmin, machineLine, otherLoad, othersLine, QUIET_SERVER, rate, runBenchmark, statementTimer, WARMUP_MS, withBenchServer, type SampleRequest } from './benchSupport';

const TARGET_RATE = 1000;
const TARGET_P99_MS = 50;
const SQLITE_FILE = '.tmp/bench-accrual/accrual.sqlite';
/** GA routes between airports with coordinates (a sector mileage or the great-circle distance). */
const ROUTES = [
  ['CGK', 'DPS'],
  ['CGK', 'SIN'],
  ['CGK', 'KNO'],
  ['CGK', 'UPG'],
  ['CGK', 'SUB'],
  ['SUB', 'DPS'],
  ['DPS', 'CGK'],
  ['CGK', 'AMS'],
] as const;
const CLASSES = [...'FAPJCDIYWBMKNQTVHSGLEUZ'];
const TIERS = ['BLUE', 'SILVER', 'GOLD', 'PLATINUM'];

const cardOf = (i: number) => `66${String(i).padStart(8, '0')}`;

/** The bench's members, each with one card, written straight to the tables (no ledger history). */
async function addMembers(db: Kysely<any>, count: number): Promise<void> {
  const at = new Date().toISOString();
  for (let from = 0; from < count; from += 500) {
    const ids = Array.from({ length: Math.min(500, count - from) }, (_, k) => from + k);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('member')
        .values(ids.map((i) => ({ memberid: `BENCH${String(i).padStart(7, '0')}`, firstname: 'Bench', lastname: `Flyer ${i}`, gender: 'MALE', status: 'ACTIVE', username: cardOf(i), emailverified: 0, createddate: at, updateddate: at, tierid: TIERS[i % 4], membershipid: 'FFP', enrollmentdate: '2015-01-01', cardnumber: cardOf(i) })))
        .execute();
      await trx
        .insertInto('member_card')
        .values(ids.map((i) => ({ cardnumber: cardOf(i), memberid: `BENCH${String(i).padStart(7, '0')}`, membershipid: 'FFP', tierid: TIERS[i % 4], status: 'ACTIVE', issuedate: '2015-01-01' })))
        .execute();
    });
  }
}

/** `count` posts of distinct segments (member, flight, date, route). */
function posts(count: number, members: number): SampleRequest[] {
  // Deterministic, so two runs post the same flights.
  const next = seededRandom(20_261_124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const seen = new Set<string>();
  const out: SampleRequest[] = [];
  while (out.length < count) {
    const card = cardOf(Math.floor(next() * members));
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 300) * 86_400_000);
    const flightdate = day.toISOString().slice(0, 10);
    const [origin, destination] = pick(ROUTES);
    const flightnumber = String(100 + Math.floor(next() * 900));
    const key = `${card}|${flightnumber}|${flightdate}|${origin}|${destination}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const issued = new Date(day.getTime() - Math.floor(next() * 60) * 86_400_000).toISOString().slice(0, 10);
    out.push({ parameter: { data: { cardnumber: card, activitydate: flightdate, carrier: 'GA', flightnumber, origin, destination, bookingclass: pick(CLASSES), ticketnumber: `126${String(out.length).padStart(10, '0')}`, ticketissuedate: issued } } });
  }
  return out;
}

async function main(): Promise<void> {
  const values = readFlags({
    ...loadFlags(10),
    members: { type: 'number', default: 10_000, round: 'ceil' },
    postgres: { type: 'string' },
    profile: { type: 'string' },
    statements: { type: 'boolean' },
    rate: { type: 'number', default: TARGET_RATE },
  });
  const { seconds, concurrency, members, postgres, rate: pacedRate } = values;
  const idleOthers = await otherLoad(1000);

  // --statements: each statement's time during the timed run and its warm-up.
  const timer = statementTimer();
  const where = { postgres, schema: 'benchaccrual', file: SQLITE_FILE, ...(values.statements ? { log: timer.log } : {}) };
  await withBenchServer(where, QUIET_SERVER, async ({ database, port }, schema) => {
    const started = Date.now();
    await addMembers(database.db as unknown as Kysely<any>, members);
    // PostgreSQL's autovacuum analyzes a table once a tenth of its rows changed, a while later: a run right after the
    // load would measure plans made for empty tables (the member found by card walked the whole member key: 2 ms).
    if (postgres) await sql`analyze`.execute(database.db);
    const token = await loginAsAdmin(port);
    // Enough distinct segments for the warm-up and the timed phase at several times the target rate.
    // Distinct segments enough for each phase at several times the target rate: the warm-up's apart from the timed run's.
    const all = posts(Math.ceil((seconds + WARMUP_MS / 1000) * (TARGET_RATE * 5 + pacedRate * 1.1)), members);
    const warmup = all.splice(0, Math.ceil((WARMUP_MS / 1000) * TARGET_RATE * 5));
    const pacedWarmup = all.splice(0, Math.ceil((WARMUP_MS / 1000) * pacedRate * 1.1));
    const paced = all.splice(0, Math.ceil(seconds * pacedRate * 1.1));
    const requests = all;
    console.log(`setup: ${members.toLocaleString('en-US')} members, ${(warmup.length + requests.length).toLocaleString('en-US')} distinct flights ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    timer.on = true;
    const run = await drive({ port, path: '/api/accrual/air', token, requests, warmup, concurrency, seconds, profile: values.profile });
    timer.on = false;
    const atRate = await drive({ port, path: '/api/accrual/air', token, requests: paced, warmup: pacedWarmup, concurrency, seconds, rate: pacedRate });

    const db = database.db as unknown as Kysely<any>;
    const count = async (table: string, ...where: [string, string][]) => {
      let q = db.selectFrom(table).select((eb: any) => eb.fn.countAll().as('n'));
      for (const [name, value] of where) q = q.where(name, '=', value);
      return Number(((await q.executeTakeFirstOrThrow()) as { n: number | string }).n);
    };
    // The bench's own posts (the demo members' history is seeded with no channel).
    const credited = await count('member_activity', ['status', 'CREDITED'], ['channel', 'API']);
    const rejected = await count('member_activity', ['status', 'REJECTED'], ['channel', 'API']);
    const segments = await count('accrual_segment');
    const details = await count('ledger_detail');
    const problems = await checkLedger(database.db);
    const target = rate(run) >= TARGET_RATE && rate(atRate) >= TARGET_RATE * 0.99 && atRate.p99 <= TARGET_P99_MS;
    console.log(machineLine(databaseLine(postgres, schema, SQLITE_FILE)));
    console.log(othersLine(idleOthers, run));
    console.log(figuresLine('closed loop ', run, 'post', `${run.count.toLocaleString('en-US')} timed, ${concurrency} clients, ${seconds} s`));
    console.log(figuresLine('paced      ', atRate, 'post', `${pacedRate.toLocaleString('en-US')} due a second from ${concurrency} clients, latency from the due moment`));
    console.log(`written    ${credited.toLocaleString('en-US')} credited, ${rejected.toLocaleString('en-US')} rejected by the rules (classes without accrual), ${segments.toLocaleString('en-US')} segments, ${details.toLocaleString('en-US')} detail lines`);
    console.log(`ledger check: ${problems.length === 0 ? 'clean' : `${problems.length} problem(s)`}`);
    console.log(`target >= ${TARGET_RATE}/s (closed loop) with p99 <= ${TARGET_P99_MS} ms at ${TARGET_RATE}/s (paced): ${target ? 'met' : 'NOT met'}`);
    if (values.statements) timer.print('while posting');
    if (problems.length > 0 || credited + rejected < run.count + atRate.count || segments !== credited) process.exitCode = 1;
  });
}

runBenchmark(main);
