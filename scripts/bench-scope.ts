// Benchmark: what row scope costs. The member screen's reads over N members (1,000,000 by default), 50 clients over
// HTTP, by a head-office user (Row Scope ALL: admin) and by a Branch Office user (Row Scope OWN: branch, whose
// branch DPSBO holds a tenth of the members), on the same requests: a page of the list in its default order, a
// search by card number, and the member summary, each of a member of that branch. Prints both rates and the scoped
// side's share of the unscoped one (target >= 0.9).
// Usage: npx tsx scripts/bench-scope.ts [--members 1000000] [--seconds 10] [--concurrency 50] [--rounds 2]
//        [--scenarios page,search,summary] [--postgres URL]
//
// The members are written by one INSERT ... SELECT over a number series (the member table and its indexes only:
// no ledger, no cards), into .tmp/bench/scope.sqlite or a schema of its own on PostgreSQL, dropped afterwards.
import { rmSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createSchema, dropSchema } from '../server/platform/db/pgSchema';
import { createServer } from '../server/platform/server';
import { loadFlags, readFlags } from './benchFlags';
import { call, drive, fmt, listen, loginAs, machineLine, otherLoad, runBenchmark, type RunResult, type SampleRequest } from './benchSupport';

const SQLITE_FILE = '.tmp/bench/scope.sqlite';
/** Ten branches, one member in ten each: the scoped user's DPSBO holds a tenth of the members. */
const BRANCHES = ['JKTHO', 'SUBBO', 'DPSBO', 'MESBO', 'UPGBO', 'BPNBO', 'JOGBO', 'SRGBO', 'BTHBO', 'MDCBO'];
const SCOPED_BRANCH = 'DPSBO';
const POOL = 5_000;
/** Random pages of the list: 1..100. */
const MAX_PAGE = 100;
const TARGET_RATIO = 0.9;
const SCENARIOS = ['page', 'search', 'summary'] as const;
type Scenario = (typeof SCENARIOS)[number];

function readOptions() {
  return readFlags({
    members: { type: 'number', default: 1_000_000, round: 'ceil' },
    ...loadFlags(10),
    rounds: { type: 'number', default: 2, round: 'ceil' },
    scenarios: { type: 'list', of: SCENARIOS },
    postgres: { type: 'string' },
  });
}

/** The i-th member's id and card number (the same text on both databases). */
const memberId = (i: number) => `S${String(i).padStart(9, '0')}`;
const cardOf = (i: number) => `8${String(i).padStart(9, '0')}`;

/** N members in one statement over a number series: branch i % 10, individual membership, active. */
async function insertMembers(db: Kysely<any>, postgres: boolean, count: number): Promise<void> {
  const branch = sql.raw(`case i % ${BRANCHES.length} ${BRANCHES.map((b, k) => `when ${k} then '${b}'`).join(' ')} end`);
  const pad = (prefix: string) => (postgres ? sql.raw(`'${prefix}' || lpad(i::text, 9, '0')`) : sql.raw(`'${prefix}' || printf('%09d', i)`));
  const series = postgres ? sql`select i from generate_series(1, ${count}) as s(i)` : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select i from n`;
  const at = new Date().toISOString();
  // PostgreSQL: the member table's row triggers (dashboard rollups, the contains search's postings) stand down for
  // this load, as a replica's would: the benchmark reads neither, and a million trigger calls take a quarter hour.
  if (postgres) {
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await insertSeries(trx);
    });
  } else await insertSeries(db);
  // VACUUM as autovacuum would have done on a table this size: the visibility map lets the planner read the key
  // indexes alone (without it, it walks the primary key and filters the branch: 10 rows read for each one kept).
  if (postgres) await sql`vacuum analyze member`.execute(db);
  else await sql`analyze`.execute(db);

  async function insertSeries(target: Kysely<any>): Promise<void> {
    await sql`insert into member (memberid, firstname, lastname, memberfullname, gender, status, membershipid, tierid, cardnumber, username, branchcode, enrollmentdate, emailverified, createddate, updateddate)
      select ${pad('S')}, 'Scope', ${pad('M')}, ${sql`'Scope ' || ${pad('M')}`}, 'MALE', 'ACTIVE', 'FFP', 'GOLD', ${pad('8')}, ${pad('8')}, ${branch}, '2020-01-01', 0, ${at}, ${at}
      from (${series}) as numbers`.execute(target);
  }
}

/** Members of the scoped branch, drawn at random: i with i % 10 == its place. */
function branchMembers(count: number, members: number): number[] {
  const place = BRANCHES.indexOf(SCOPED_BRANCH);
  const picks: number[] = [];
  let seed = 20_261_202;
  while (picks.length < count) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const i = Math.floor((seed / 2 ** 31) * (members / BRANCHES.length)) * BRANCHES.length + place;
    if (i >= 1 && i <= members) picks.push(i);
  }
  return picks;
}

function requests(scenario: Scenario, picks: number[]): SampleRequest[] {
  if (scenario === 'page') return picks.map((i) => ({ paging: { limit: 10, page: 1 + (i % MAX_PAGE) }, parameter: {} }));
  if (scenario === 'search') return picks.map((i) => ({ paging: { limit: 10, page: 1 }, parameter: { criteria: { cardnumber: cardOf(i) } } }));
  return picks.map((i) => ({ parameter: { data: { memberid: memberId(i) } } }));
}
const PATHS: Record<Scenario, string> = { page: '/api/member/list', search: '/api/member/list', summary: '/api/member/detail' };

runBenchmark(async () => {
  const options = readOptions();
  const postgres = options.postgres !== undefined;
  let schema: string | undefined;
  if (postgres) schema = await createSchema(options.postgres!, 'bench_scope');
  else rmSync(SQLITE_FILE, { force: true });
  const url = postgres ? options.postgres! : `sqlite:${SQLITE_FILE}`;
  const database = openDatabase(url, { schema });
  try {
    const config = readConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0', CAPTCHA_MAX_NUMBER: '2000' });
    const { app } = await createServer({ config, database, logger: false });
    const started = Date.now();
    await insertMembers(database.db as unknown as Kysely<any>, postgres, options.members);
    console.error(`${options.members.toLocaleString('en-US')} members written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const port = await listen(app);
    const tokens = { unscoped: await loginAs(port, 'admin'), scoped: await loginAs(port, 'branch') };
    const picks = branchMembers(POOL, options.members);

    // Both sides answer the same members (the scoped one sees only its branch: its pages hold other members).
    const probe = await call<{ branchcode: string }[]>(port, PATHS.page, tokens.scoped, requests('page', picks)[0]!);
    if (!probe.result!.every((m) => m.branchcode === SCOPED_BRANCH)) throw new Error('the scoped list answered a member of another branch');
    for (const scenario of options.scenarios.filter((s) => s !== 'page')) {
      for (const token of Object.values(tokens)) {
        const answer = await call<unknown>(port, PATHS[scenario], token, requests(scenario, picks)[0]!);
        if (!JSON.stringify(answer.result).includes(memberId(picks[0]!))) throw new Error(`${scenario}: member ${memberId(picks[0]!)} not answered`);
      }
    }

    const idle = await otherLoad(1000);
    const results = new Map<Scenario, { unscoped: RunResult[]; scoped: RunResult[] }>();
    for (const scenario of options.scenarios) {
      const runs = { unscoped: [] as RunResult[], scoped: [] as RunResult[] };
      // Alternating runs, so a machine others share loads both sides alike.
      for (let round = 0; round < options.rounds; round++) {
        for (const side of ['unscoped', 'scoped'] as const) {
          runs[side].push(await drive({ port, path: PATHS[scenario], token: tokens[side], requests: requests(scenario, picks), concurrency: options.concurrency, seconds: options.seconds / options.rounds }));
        }
      }
      results.set(scenario, runs);
    }

    const total = (runs: RunResult[]) => ({ rate: runs.reduce((n, r) => n + r.count, 0) / runs.reduce((n, r) => n + r.seconds, 0), p99: Math.max(...runs.map((r) => r.p99)), other: Math.max(...runs.map((r) => r.otherCores)) });
    console.log(machineLine(`${postgres ? 'PostgreSQL' : 'SQLite'}, ${options.members.toLocaleString('en-US')} members, ${options.concurrency} clients, ${options.rounds} x ${(options.seconds / options.rounds).toFixed(1)} s a side`));
    console.log(`other processes: ${idle.toFixed(2)} cores before start`);
    console.log('scenario   unscoped req/s     p99 |  scoped req/s     p99 | ratio  other cores');
    let met = true;
    for (const [scenario, runs] of results) {
      const [u, s] = [total(runs.unscoped), total(runs.scoped)];
      const ratio = s.rate / u.rate;
      met &&= ratio >= TARGET_RATIO;
      console.log(`${scenario.padEnd(9)}${fmt(u.rate, 16)}${fmt(u.p99, 8)} |${fmt(s.rate, 14)}${fmt(s.p99, 8)} |${fmt(ratio, 6, 2)}${fmt(Math.max(u.other, s.other), 8, 2)}`);
    }
    console.log(`target: scoped >= ${TARGET_RATIO} of unscoped in every scenario: ${met ? 'met' : 'NOT met'}`);
    await app.close();
  } finally {
    await database.close();
    if (schema && !process.env.BENCH_KEEP) await dropSchema(options.postgres!, schema);
  }
});
