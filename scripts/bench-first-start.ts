// Benchmark: the first start. Runs `npm start` (scripts/start.mjs) on an empty database (a fresh SQLite file in
// a temporary folder, or with --postgres a PostgreSQL database made for the run and dropped after it) and prints
// the seconds until the server listens, each step of the start from its progress lines, the longest silence
// between two lines, and the machine's load average before and after.
// Usage: npm run bench:first-start -- [--postgres [URL]] [--runs 1] [--members 2000]
//        (URL: a PostgreSQL server's admin URL, postgres://postgres@127.0.0.1:5432/postgres by default)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createDatabase, databaseUrl, dropDatabase } from '../server/platform/db/pgSchema';
import { readFlags } from './benchFlags';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The line server/main.ts logs once it listens. */
const LISTENING = /^ALMS back office on http/;
/** A start that has not listened by then has failed. */
const TIMEOUT_MS = 600_000;

function readOptions() {
  // `--postgres` alone takes the default server; `--postgres URL` another.
  const args = process.argv.slice(2);
  const at = args.indexOf('--postgres');
  if (at >= 0 && (args[at + 1] === undefined || args[at + 1]!.startsWith('--'))) args.splice(at + 1, 0, DEFAULT_POSTGRES);
  return readFlags({ postgres: { type: 'string' }, runs: { type: 'number', default: 1, round: 'ceil' }, members: { type: 'string' } }, args);
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Line {
  at: number;
  msg: string;
}

/** Starts `npm start` with `env`, collects its lines until it listens, then stops it; the seconds and the lines. */
async function firstStart(env: NodeJS.ProcessEnv): Promise<{ seconds: number; lines: Line[] }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: Line[] = [];
  let listening = false;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const seconds = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (text) => {
        if (listening) return;
        const at = (performance.now() - started) / 1000;
        let msg = text;
        try {
          msg = String((JSON.parse(text) as { msg?: unknown }).msg ?? text);
        } catch {
          // A line of the build, not the log's JSON: kept as it is.
        }
        lines.push({ at, msg });
        if (LISTENING.test(msg)) {
          listening = true;
          clearTimeout(timer);
          resolve(at);
        }
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before it listened`)));
    });
    return { seconds, lines };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** The steps the progress lines name ("X..." then "X: done in N s"), in order, with their seconds. */
function phases(lines: Line[]): { step: string; seconds: number }[] {
  const begun = new Map<string, number>();
  const done: { step: string; seconds: number }[] = [];
  for (const { at, msg } of lines) {
    if (msg.endsWith('...')) begun.set(msg.slice(0, -3), at);
    const end = /^(.*): done in [\d.]+ s$/.exec(msg);
    if (end && begun.has(end[1]!)) done.push({ step: end[1]!, seconds: at - begun.get(end[1]!)! });
  }
  return done;
}

/** The longest time between two lines, and the line that ended it. */
function longestSilence(lines: Line[]): { seconds: number; before: string } {
  let worst = { seconds: 0, before: '' };
  for (let i = 1; i < lines.length; i += 1) {
    const gap = lines[i]!.at - lines[i - 1]!.at;
    if (gap > worst.seconds) worst = { seconds: gap, before: lines[i]!.msg };
  }
  return worst;
}

async function run(options: ReturnType<typeof readOptions>, n: number): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'alms-first-start-'));
  const database = options.postgres ? await createDatabase(options.postgres, 'first_start') : undefined;
  const url = database ? databaseUrl(options.postgres!, database) : `sqlite:${join(folder, 'alms.sqlite')}`;
  const before = load();
  try {
    const { seconds, lines } = await firstStart({
      DATABASE_URL: url,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      REPORT_DIR: join(folder, 'reports'),
      ...(options.members ? { DEMO_MEMBERS: options.members } : {}),
    });
    console.log(`\nrun ${n}: ${database ? 'PostgreSQL' : 'SQLite'}, listening after ${seconds.toFixed(1)} s (load average before ${before}; after ${load()})`);
    for (const { at, msg } of lines) console.log(`  ${at.toFixed(1).padStart(6)} s  ${msg}`);
    console.log('  steps:');
    for (const { step, seconds: s } of phases(lines)) console.log(`  ${s.toFixed(1).padStart(6)} s  ${step}`);
    const silence = longestSilence(lines);
    console.log(`  longest silence: ${silence.seconds.toFixed(1)} s, before "${silence.before}"`);
    return seconds;
  } finally {
    rmSync(folder, { recursive: true, force: true });
    if (database) await dropDatabase(options.postgres!, database);
  }
}

const options = readOptions();
const results: number[] = [];
for (let n = 1; n <= options.runs; n += 1) results.push(await run(options, n));
console.log(`\nfirst start on ${options.postgres ? 'PostgreSQL' : 'SQLite'}: ${results.map((s) => `${s.toFixed(1)} s`).join(', ')} to listening`);
