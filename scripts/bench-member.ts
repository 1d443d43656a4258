// Benchmark: the member screen's two reads on a volume-seeded database (npm run seed:volume first):
// search by card number (exact, /api/member/list) and the member summary (/api/member/detail), 50
// clients over HTTP, against a raw floor that runs the SAME statements on the same driver.
// Usage: npx tsx scripts/bench-member.ts [--database URL] [--schema S] [--seconds 10] [--concurrency 50]
//        [--scenarios search,summary] [--rounds 1] [--profile DIR] [--no-auth-floor]
//
// The harness is benchSupport.ts's: the server runs in this process's main thread, the load clients in a
// worker thread. The floor (node:http on another port, same thread, measured after the server) runs the
// session guard's SQL for the bearer, then replays the statements the server itself ran for a sample
// request of the scenario (recorded through Kysely's log), with the sample's card number or member id
// swapped for the request's. So both sides do the same database work and the ratio measures the rest of
// the stack. --rounds N splits each side's seconds into N alternating runs (a machine others share loads
// both sides alike); --profile writes the serving thread's CPU profile of each timed run to DIR.
// --no-auth-floor: the floor checks no session (no guard SQL, no grant): the same statements alone behind
// node:http, so the ratio counts authentication as the server's own cost (target 0.5 of that floor).
import type { CompiledQuery } from 'kysely';
import { actionFunctionCode } from '../engine/definition/compile';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { loadCatalogue } from '../server/platform/definitions';
import { guardStatement } from '../server/platform/session/sessionStore';
import { createServer } from '../server/platform/server';
import { loadFlags, readFlags } from './benchFlags';
import { BadRequest, call, closeFloor, compare, cpuLines, fmt, loadLine, listen, loginAsAdmin, machineLine, otherLoad, postgresRaw, rate, runBenchmark, sqliteRaw, startFloor, tableLines, WARMUP_MS, type FloorRoute, type Results, type Row, type SampleRequest } from './benchSupport';

const SAMPLES = 20_000;
const SEED = 20_261_123;
const TARGET_RATIO = 0.8;
/** Against a floor without authentication. */
const NO_AUTH_TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const SCENARIOS = {
  search: { path: '/api/member/list', value: 'cardnumber', request: (value: string): SampleRequest => ({ paging: { limit: 10, page: 1 }, parameter: { criteria: { cardnumber: value } } }) },
  summary: { path: '/api/member/detail', value: 'memberid', request: (value: string): SampleRequest => ({ parameter: { data: { memberid: value } } }) },
} as const;
type Scenario = keyof typeof SCENARIOS;

function readOptions() {
  const values = readFlags({
    database: { type: 'string' },
    schema: { type: 'string' },
    ...loadFlags(10),
    scenarios: { type: 'list', of: Object.keys(SCENARIOS) as Scenario[], takes: 'search and/or summary' },
    rounds: { type: 'number', default: 1, round: 'ceil' },
    profile: { type: 'string' },
    'no-auth-floor': { type: 'boolean' },
  });
  const { schema, seconds, concurrency, scenarios, rounds, profile } = values;
  return { url: values.database ?? process.env.DATABASE_URL ?? 'sqlite:.tmp/bench/member.sqlite', schema, seconds, concurrency, scenarios, rounds, profile, noAuthFloor: values['no-auth-floor'] };
}

/**
 * The floor's route of a scenario: the statements the server ran for one sample request, run again with
 * the request's value where the sample's was; the last one's rows are the answer.
 */
function replay(raw: ReturnType<typeof sqliteRaw>, statements: CompiledQuery[], sample: string, scenario: Scenario): FloorRoute {
  const name = SCENARIOS[scenario].value;
  return async (body) => {
    const value = (body.parameter?.criteria ?? body.parameter?.data ?? {})[name];
    if (typeof value !== 'string') throw new BadRequest(`${name} is required`);
    let rows: Row[] = [];
    for (const statement of statements) rows = await raw.all(statement.sql, statement.parameters.map((p) => (p === sample ? value : p)));
    return { result: rows };
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  const postgres = options.url.startsWith('postgres');
  const schema = postgres ? (options.schema ?? 'public') : undefined;
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const idleOthers = await otherLoad(1000);
    // Every statement the server runs while `recording` is set, with its parameters (the guard's included).
    let recording: CompiledQuery[] | undefined;
    const database = openDatabase(options.url, { schema, log: (event) => void recording?.push(event.query) });
    cleanups.push(() => database.close());
    const base = database.db as any;
    const members = Number((await base.selectFrom('member').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    if (members < 1000) throw new Error(`${options.url} has ${members} members: run npm run seed:volume -- --members 1000000 first`);

    const catalogue = loadCatalogue();
    const config = readConfig({ CAPTCHA_MAX_NUMBER: '1000', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0' });
    const { app } = await createServer({ config, database, catalogue, logger: false });
    cleanups.push(() => app.close());
    const serverPort = await listen(app);
    const token = await loginAsAdmin(serverPort);

    // Sample members spread over the whole table: their primary card numbers and ids.
    let state = SEED;
    const nextIndex = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return 1 + (state % members);
    };
    const ids = Array.from({ length: SAMPLES }, () => `MBR${String(nextIndex()).padStart(7, '0')}`);
    const found: { memberid: string; cardnumber: string }[] = [];
    for (let i = 0; i < ids.length; i += 500) found.push(...(await base.selectFrom('member').select(['memberid', 'cardnumber']).where('memberid', 'in', ids.slice(i, i + 500)).execute()));
    const values: Record<Scenario, string[]> = { search: found.map((m) => m.cardnumber), summary: found.map((m) => m.memberid) };

    const guard = guardStatement(base);
    const raw = postgres ? postgresRaw(options.url, schema!) : sqliteRaw(options.url.slice('sqlite:'.length));
    cleanups.push(() => raw.close());
    const routes = new Map<string, FloorRoute>();
    for (const scenario of options.scenarios) {
      const { path, request } = SCENARIOS[scenario];
      const sample = values[scenario][0]!;
      recording = [];
      const answer = await call<any>(serverPort, path, token, request(sample));
      const statements = recording.filter((s) => s.sql !== guard.sql);
      recording = undefined;
      const memberid = found[0]!.memberid;
      const got = Array.isArray(answer.result) ? answer.result : [answer.result];
      if (got.length !== 1 || got[0].memberid !== memberid) throw new Error(`${scenario}: the server did not answer member ${memberid}: ${JSON.stringify(answer).slice(0, 300)}`);
      if (!statements.some((s) => s.parameters.includes(sample))) throw new Error(`${scenario}: no recorded statement carries the sample value`);
      routes.set(path, replay(raw, statements, sample, scenario));
      console.error(`${scenario}: ${statements.length} statement(s) per request: ${statements.map((s) => s.sql.slice(0, 160)).join(' ; ')}`);
    }
    const floor = await startFloor(raw, options.noAuthFloor ? undefined : guard, actionFunctionCode(catalogue.screenByResource.get('member')!, 'access'), routes);
    cleanups.push(() => closeFloor(floor.server));
    // The floor finds the same member for other samples.
    for (const scenario of options.scenarios) {
      const { path, request } = SCENARIOS[scenario];
      for (let i = 1; i < 4; i++) {
        const answer = await call(floor.port, path, token, request(values[scenario][i]!));
        if (!JSON.stringify(answer.result).includes(found[i]!.memberid)) throw new Error(`floor ${scenario} did not find ${found[i]!.memberid}`);
      }
    }

    const results: Results<Scenario> = new Map();
    for (const scenario of options.scenarios) {
      const { path, request } = SCENARIOS[scenario];
      const load = { path, token, requests: values[scenario].map(request), concurrency: options.concurrency, seconds: options.seconds };
      const profile = options.profile ? `${options.profile}/member-${scenario}` : undefined;
      const { server, floor: floorResult } = await compare({ ...load, port: serverPort, profile: profile && `${profile}-server.cpuprofile` }, { ...load, port: floor.port, profile: profile && `${profile}-floor.cpuprofile` }, options.rounds);
      results.set(scenario, { server, floor: floorResult });
      console.error(`${scenario}: server ${rate(server).toFixed(1)} req/s, floor ${rate(floorResult).toFixed(1)} req/s`);
    }

    console.log(machineLine(`${postgres ? 'postgresql' : 'sqlite'}, ${members.toLocaleString('en-US')} members; ${options.concurrency} clients (worker thread, keep-alive), ${WARMUP_MS / 1000} s warm-up + ${options.seconds} s per side${options.rounds > 1 ? ` in ${options.rounds} alternating runs` : ''}; latencies in ms`));
    console.log(loadLine(idleOthers, results, postgres));
    console.log(`floor: node:http + ${postgres ? 'pg Pool' : 'better-sqlite3'}, ${options.noAuthFloor ? 'NO authentication (no guard SQL, no session, no grant)' : "the guard's SQL"} and the statements the server ran for a sample request`);
    for (const line of tableLines(results)) console.log(line);
    const target = options.noAuthFloor ? NO_AUTH_TARGET_RATIO : TARGET_RATIO;
    for (const [scenario, { server, floor: f }] of results) {
      const ratio = rate(server) / rate(f);
      const p99ok = postgres || server.p99 <= TARGET_P99_MS;
      console.log(`target ${scenario}: ratio ${ratio.toFixed(2)} (>= ${target}${options.noAuthFloor ? ' of a floor without authentication' : ''}; cpu ${fmt(f.cpuUs / server.cpuUs, 0, 2)})${postgres ? '' : `, p99 ${server.p99.toFixed(1)} ms (<= ${TARGET_P99_MS})`}: ${ratio >= target && p99ok ? 'met' : 'NOT met'}`);
    }
    for (const line of cpuLines(results, postgres)) console.log(line);
  } finally {
    for (const step of cleanups.reverse()) await step().catch((error) => console.error('cleanup failed:', error));
  }
}

runBenchmark(main);
