// Benchmark: large report files while the server answers other requests (a 1,000,000-row XLSX with
// the server's memory growing < 300 MB and other requests answered with p99 <= 100 ms; two reports at once).
// Usage: npx tsx scripts/bench-report.ts [--rows 200000] [--format XLSX] [--clients 4] [--postgres URL] [--serving-thread] [--clients-in-process]
// (run with node --expose-gc: npx tsx --expose-gc scripts/bench-report.ts --rows 1000000)
//
// The server runs in this process, as server/main.ts runs it. Rows are CUSTOM ledger rows inserted straight into the table (bench data: balances are not
// kept). By default the job worker runs as server/main.ts runs it: each report job in a worker thread of its own
// with its own connection (both at once); --serving-thread runs two workers on the serving thread instead. Two Custom Transaction
// reports of every row are generated at once while closed-loop clients call /api/report/custom-transaction/files (a guarded read of the
// database) from a process of their own (this script started again; --clients-in-process: from this one, as it
// ran before, where their requests' garbage counted in the server's heap); the server process's RSS is sampled every 50 ms. RSS is the whole process's: the serving thread, the job
// thread and its isolate, native buffers (zlib, SQLite's cache) alike. Printed: the load other processes put on the
// machine before and during the run, rows, time and size of each file (an XLSX checked with unzip -t), RSS before
// and its peak growth (with the serving thread's heap and external memory at the peak, the rest being the job
// thread's and native), its growth after a forced GC at the end, a job thread's own cost (a round of two empty
// reports after the run), the other requests' count, p50 and p99.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createServer } from '../server/platform/server';
import { createJobWorker } from '../server/platform/jobs/jobWorker';
import { reportJobHandlers } from '../server/reports/reportJobs';
import { serverModules } from '../server/platform/modules';
import { createSchema, dropSchema } from '../server/platform/db/pgSchema';
import { readFlags } from './benchFlags';
import { call, cpuSnapshot, listen, loginAsAdmin, otherLoad } from './benchSupport';

const args = readFlags({
  rows: { type: 'number', default: 200_000 },
  format: { type: 'string', default: 'XLSX' },
  clients: { type: 'number', default: 4 },
  postgres: { type: 'string' },
  'serving-thread': { type: 'boolean' },
  'clients-in-process': { type: 'boolean' },
  // Internal: this script started again as the clients' process (the server's port and token).
  'load-clients': { type: 'string' },
});
const ROWS = args.rows;
const CLIENTS = args.clients;
const FORMAT = args.format;
const DIR = '.tmp/bench/report';
const BATCH = 2000;

/** Closed-loop clients sending the other requests until told to stop; their latencies in ms. */
function otherRequests(port: number, token: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const t0 = performance.now();
      await call<unknown[]>(port, '/api/report/custom-transaction/files', token, { paging: { page: 1, limit: 10 }, parameter: {} });
      latencies.push(performance.now() - t0);
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    async stop() {
      running = false;
      await clients;
      return latencies;
    },
  };
}

if (args['load-clients']) {
  // The clients' own process: runs until the parent says stop, then sends the latencies back.
  const { port, token } = JSON.parse(args['load-clients']) as { port: number; token: string };
  const load = otherRequests(port, token);
  process.send!({ started: true });
  await new Promise((resolve) => process.once('message', resolve));
  const latencies = await load.stop();
  await new Promise((resolve) => process.send!({ latencies }, resolve));
  process.disconnect();
  process.exit(0);
}

/**
 * The clients in a process of their own (as browsers would be: the RSS measured is the server's alone), or in this
 * one with --clients-in-process (as this bench ran before: their requests' garbage counts in the server's heap).
 */
async function startOtherRequests(port: number, token: string): Promise<{ stop(): Promise<number[]> }> {
  if (args['clients-in-process']) return otherRequests(port, token);
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--clients', String(CLIENTS), '--load-clients', JSON.stringify({ port, token })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // The channel closes after its last message is delivered ('exit' may come before that message).
  const exited = new Promise<never>((_, reject) => child.once('disconnect', () => reject(new Error(`the clients' process ended early (exit code ${child.exitCode})`))));
  exited.catch(() => {});
  const message = <T>() => Promise.race([new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T))), exited]);
  await message<{ started: true }>();
  return {
    async stop() {
      child.send('stop');
      return (await message<{ latencies: number[] }>()).latencies;
    },
  };
}

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
const schema = args.postgres ? await createSchema(args.postgres, 'bench') : undefined;
const DATABASE_URL = args.postgres ?? `sqlite:${DIR}/bench.sqlite`;
const database = openDatabase(DATABASE_URL, { schema });
const config = readConfig({ ...process.env, DEMO_MEMBERS: '200', STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'warn', REPORT_DIR: `${DIR}/files`, CAPTCHA_MAX_NUMBER: '2000' });
const { app } = await createServer({ config, database, logger: false });
const port = await listen(app);
const db = database.db as unknown as Kysely<any>;

// ---- data
const members = ((await db.selectFrom('member').select('memberid').execute()) as { memberid: string }[]).map((m) => m.memberid);
const started = performance.now();
const at = new Date().toISOString();
for (let done = 0; done < ROWS; done += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, ROWS - done) }, (_, i) => {
    const n = done + i;
    return { memberid: members[n % members.length], trxtype: 'CUSTOM', activitydate: `2026-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`, awardmiles: 100 + (n % 900), tiermiles: 0, segments: 0, expirydate: '2029-12-31', source: `bench:${n}`, reason: `Bench custom transaction number ${n}`, createdby: 'bench', createddate: at };
  });
  await db.transaction().execute((trx) => trx.insertInto('ledger_transaction').values(rows).execute());
}
// The planner's statistics, as a database in use has them (autovacuum analyzes after a load like this within a
// minute): without them PostgreSQL planned each page from the member table (thought empty) and took 1.7 s a page.
if (database.dialect === 'postgres') await sql`analyze`.execute(db);
console.log(`data: ${ROWS.toLocaleString('en-US')} CUSTOM ledger rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.dialect})`);

function unzipTest(path: string): string {
  try {
    return execFileSync('unzip', ['-tq', path], { encoding: 'utf8' }).trim();
  } catch (error) {
    const { code, stdout } = error as { code?: string; stdout?: string };
    if (code === 'ENOENT') return 'unzip not installed';
    throw new Error(`unzip -t found errors in ${path}: ${stdout ?? ''}`);
  }
}

// ---- load and memory
const token = await loginAsAdmin(port);
const gc = (globalThis as { gc?: () => void }).gc;
const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
gc?.();
console.log(`load: other processes kept ${(await otherLoad(2000)).toFixed(2)} cores busy before the run (of this machine's ${cpus().length})`);
const before = process.memoryUsage();
const rssBefore = before.rss;
let peak = before;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  if (now.rss > peak.rss) peak = now;
}, 50);

/** Queues two reports of the criteria and runs them as the chosen mode does; each one's seconds to done. */
async function generateTwo(criteria: Record<string, string | null>): Promise<{ files: string[]; times: number[] }> {
  const files: string[] = [];
  for (let i = 0; i < 2; i++) {
    const answer = await call<{ fileid: string }>(port, '/api/report/custom-transaction/generate', token, { parameter: { data: { format: FORMAT }, criteria } });
    if (answer.status?.responsecode !== '0000') throw new Error(`generate answered ${JSON.stringify(answer.status)}`);
    files.push(answer.result!.fileid);
  }
  const t0 = performance.now();
  const times: number[] = [];
  if (args['serving-thread']) {
    // The old way, for comparison: two workers (two "app servers") writing on the serving thread.
    const workers = ['server-a', 'server-b'].map((owner) => createJobWorker({ db: database.db, owner, handlers: reportJobHandlers, pollMs: 60_000 }));
    await Promise.all(workers.map(async (w) => (await w.tick(), times.push((performance.now() - t0) / 1000))));
  } else {
    // As server/main.ts: one job worker whose report jobs run in threads of their own (their own connection), side by side.
    const worker = createJobWorker({ db: database.db, owner: 'server', handlers: reportJobHandlers, pollMs: 60_000, threadDatabase: { url: DATABASE_URL, schema, modules: (await serverModules()).threadManifests() } });
    const watch = setInterval(async () => {
      const done = (await db.selectFrom('job').select('updateddate').where('jobkey', 'in', files.map((f) => `report:${f}`)).where('status', '=', 'DONE').execute()) as unknown[];
      while (times.length < done.length) times.push((performance.now() - t0) / 1000);
    }, 250);
    await worker.tick();
    clearInterval(watch);
    while (times.length < files.length) times.push((performance.now() - t0) / 1000);
  }
  return { files, times };
}

// ---- two reports at once, each on its own worker
const load = await startOtherRequests(port, token);
const cpuStart = cpuSnapshot();
const { files, times } = await generateTwo({ startdate: null, enddate: null, tierid: null });
const cpuEnd = cpuSnapshot();
const latencies = await load.stop();
clearInterval(sampler);
const othersDuring = Math.max(0, cpuEnd.machineBusyMs - cpuStart.machineBusyMs - (cpuEnd.processMs - cpuStart.processMs)) / (cpuEnd.at - cpuStart.at);
console.log(`load: other processes${args['clients-in-process'] ? '' : ' (the clients among them)'} kept ${othersDuring.toFixed(2)} cores busy during the run; this process used ${((cpuEnd.processMs - cpuStart.processMs) / (cpuEnd.at - cpuStart.at)).toFixed(2)} cores`);

const made = (await db.selectFrom('report_file').select(['fileid', 'rowcount', 'size', 'storedname']).where('fileid', 'in', files).execute()) as { fileid: string; rowcount: number; size: number; storedname: string }[];
for (const [i, f] of made.entries()) {
  // unzip -t inflates every entry and checks its CRC: the file is a sound zip (where unzip is installed).
  const sound = FORMAT === 'XLSX' ? `, unzip -t: ${unzipTest(f.storedname)}` : '';
  console.log(`file ${i + 1}: ${FORMAT}, ${Number(f.rowcount).toLocaleString('en-US')} rows, ${(Number(f.size) / 1024 / 1024).toFixed(1)} MB, done after ${times[i]?.toFixed(1)} s${sound}`);
}
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
gc?.();
await new Promise((r) => setTimeout(r, 500));
const rssAfter = process.memoryUsage().rss;
console.log(`RSS after a forced GC at the end: ${MB(rssAfter - rssBefore)} MB above the start${gc ? '' : ' (no --expose-gc: GC not forced)'}`);
console.log(`RSS before ${MB(rssBefore)} MB, peak growth ${MB(peak.rss - rssBefore)} MB (target < 300 MB at 1,000,000 rows)`);
console.log(
  `  at the peak: serving thread's heap ${MB(peak.heapTotal)} MB (${MB(before.heapTotal)} MB before), external ${MB(peak.external)} MB (${MB(before.external)} MB before); the rest of the growth is the job thread's isolate and native memory`,
);

// ---- a job thread's own cost: the same round with two reports of no rows (the thread, its isolate, its modules)
const idleBefore = process.memoryUsage().rss;
let idlePeak = idleBefore;
const idleSampler = setInterval(() => (idlePeak = Math.max(idlePeak, process.memoryUsage().rss)), 50);
await generateTwo({ startdate: '2000-01-01', enddate: '2000-01-01', tierid: null });
clearInterval(idleSampler);
console.log(`a round of two empty reports (the job thread's own cost): RSS peak ${MB(idlePeak - idleBefore)} MB above its start`);
console.log(`other requests meanwhile (${CLIENTS} clients${args['clients-in-process'] ? ' in this process' : ' in a process of their own'}, /api/report/custom-transaction/files): ${latencies.length} answered, p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms (target p99 <= 100 ms)`);

await app.close();
await database.close();
if (schema && args.postgres) await dropSchema(args.postgres, schema);
