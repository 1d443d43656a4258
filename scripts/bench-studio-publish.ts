// npm run bench:studio-publish: how soon a Definition Studio change is served once approved. N runs (default 5) of
// submit (admin) + approve (checker) of Country relabelled, through the HTTP API of the real server: on SQLite one
// server (a file), and with --postgres URL two app servers over one database (a fresh schema). Prints p50/p95/max of
// approve -> served by the approving server (its /definitions/index.json version changed) and, on PostgreSQL,
// approve -> served by the second server: its index (read from the database per request) and its actions (rebuilt at
// its poll, DEFINITIONS_POLL_MS).
// Usage: npm run bench:studio-publish -- [--runs 5] [--postgres URL]
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFINITION_INDEX_PATH } from '../engine/definition/definitionIndex';
import { STUDIO_API } from '../engine/definition/studio';
import { SCREENS_DIR } from '../server/platform/definitions';
import { readConfig } from '../server/platform/core/config';
import { readFlags } from './benchFlags';
import { call, discard, HOST, loginAs, machineLine, percentile, QUIET_SERVER, runBenchmark, sqliteThenPostgres, startServer, type BenchServer } from './benchSupport';

const args = readFlags({ runs: { type: 'number', default: 5, round: 'ceil' }, postgres: { type: 'string' } });
const SQLITE_FILE = '.tmp/bench-studio-publish/studio.sqlite';
const COUNTRY = 'basic-configuration/country.json';
const ORIGINAL = readFileSync(join(SCREENS_DIR, COUNTRY), 'utf8');
const LABEL = '"label": "Country Name"';
const ENV = { ...QUIET_SERVER, CAPTCHA_MAX_NUMBER: '2000' };
const POLL_MS = 10;
const TIMEOUT_MS = 30_000;

const indexVersion = async (server: BenchServer) => ((await (await fetch(`http://${HOST}:${server.port}${DEFINITION_INDEX_PATH}`)).json()) as { version: string }).version;

/** Milliseconds from `since` until `served` answers true. */
async function servedAfter(served: () => Promise<boolean>, since: number): Promise<number> {
  while (!(await served())) {
    if (performance.now() - since > TIMEOUT_MS) throw new Error(`not served within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return performance.now() - since;
}

const summary = (what: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${what.padEnd(62)} p50 ${percentile(sorted, 0.5).toFixed(0).padStart(5)} ms  p95 ${percentile(sorted, 0.95).toFixed(0).padStart(5)} ms  max ${Math.max(...times).toFixed(0).padStart(5)} ms`;
};

async function run(side: 'sqlite' | 'postgres', url: string, schema?: string) {
  const first = await startServer(url, { schema }, ENV, discard());
  // SQLite is one process's file: one server. PostgreSQL: a second app server over the same database.
  const second = side === 'postgres' ? await startServer(url, { schema }, ENV, discard()) : undefined;
  try {
    const admin = await loginAs(first.port, 'admin');
    const checker = await loginAs(first.port, 'checker');
    const approving: number[] = [];
    const other: number[] = [];
    const otherActions: number[] = [];
    for (let i = 1; i <= args.runs; i += 1) {
      const text = ORIGINAL.replace(LABEL, `"label": "Country Name ${i}"`);
      const submitted = await call<{ requestid: number }>(first.port, STUDIO_API.submit, admin, { parameter: { data: { key: COUNTRY, text, reason: `bench run ${i}` } } });
      const before = await indexVersion(first);
      const secondBefore = second ? await indexVersion(second) : undefined;
      const started = performance.now();
      await call(first.port, '/api/my-approval/approve', checker, { parameter: { data: { requestid: submitted.result!.requestid } } });
      const moved = (server: BenchServer, from: string) => async () => (await indexVersion(server)) !== from;
      // The index is read from the database per request; the second server's actions follow its poll.
      const relabelled = async () => second!.app.definitions.catalogue().screenByMenu.get('COUNTRY')?.fields.find((f) => f.name === 'countryname')?.label === `Country Name ${i}`;
      const [onFirst, onSecond, actionsOnSecond] = await Promise.all([servedAfter(moved(first, before), started), second && servedAfter(moved(second, secondBefore!), started), second && servedAfter(relabelled, started)]);
      approving.push(onFirst);
      if (onSecond !== undefined) other.push(onSecond);
      if (actionsOnSecond !== undefined) otherActions.push(actionsOnSecond);
    }
    console.log(`${side}: ${summary('approve -> served by the approving server', approving)}`);
    if (other.length > 0) console.log(`${side}: ${summary('approve -> served by the second server (its index)', other)}`);
    if (otherActions.length > 0) console.log(`${side}: ${summary(`approve -> the second server's actions (its poll: ${readConfig(ENV).definitionsPollMs} ms)`, otherActions)}`);
  } finally {
    await second?.close();
    await first.close();
  }
}

runBenchmark(async () => {
  console.log(machineLine(`${args.runs} publishes of Country relabelled`));
  rmSync('.tmp/bench-studio-publish', { recursive: true, force: true });
  mkdirSync('.tmp/bench-studio-publish', { recursive: true });
  await sqliteThenPostgres(`sqlite:${SQLITE_FILE}`, args.postgres, 'bench_studio', run);
});
