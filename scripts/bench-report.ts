// Benchmark: large report files while the server answers other requests (issue 17: a 1,000,000-row XLSX with
// the server's memory growing < 300 MB and other requests answered with p99 <= 100 ms; two reports at once).
// Usage: npx tsx scripts/bench-report.ts [--rows 200000] [--format XLSX] [--clients 4] [--postgres URL] [--serving-thread]
// (run with node --expose-gc: npx tsx --expose-gc scripts/bench-report.ts --rows 1000000)
//
// The server runs in this process, as server/main.ts runs it. Rows are CUSTOM ledger rows inserted straight into the table (bench data: balances are not
// kept). By default the job worker runs as server/main.ts runs it: each report job in a worker thread of its own
// with its own connection (both at once); --serving-thread runs two workers on the serving thread instead. Two Custom Transaction
// reports of every row are generated at once while closed-loop clients in this process call /api/report/custom-transaction/files (a guarded read of the
// database); the process's RSS is sampled every 50 ms. Printed: rows, time and size of each file, RSS before
// and its peak growth, its growth after a forced GC at the end, the other requests' count, p50 and p99.
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { readConfig } from '../server/core/config';
import { openDatabase } from '../server/db/database';
import { createServer } from '../server/server';
import { createJobWorker } from '../server/jobs/jobWorker';
import { reportJobHandlers } from '../server/reports/reportJobs';
import { createSchema, dropSchema } from '../server/db/pgSchema';
import { call, HOST, loginAsAdmin } from './benchSupport';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '200000' }, format: { type: 'string', default: 'XLSX' }, clients: { type: 'string', default: '4' }, postgres: { type: 'string' }, 'serving-thread': { type: 'boolean', default: false } } });
const ROWS = Number(args.rows);
const CLIENTS = Number(args.clients);
const FORMAT = String(args.format);
const DIR = '.tmp/bench/report';
const BATCH = 2000;

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
const schema = args.postgres ? await createSchema(args.postgres, 'bench') : undefined;
const DATABASE_URL = args.postgres ?? `sqlite:${DIR}/bench.sqlite`;
const database = openDatabase(DATABASE_URL, { schema });
const config = readConfig({ ...process.env, DEMO_MEMBERS: '200', STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'warn', REPORT_DIR: `${DIR}/files`, CAPTCHA_MAX_NUMBER: '2000' });
const { app } = await createServer({ config, database, logger: false });
await app.listen({ port: 0, host: HOST });
const port = (app.server.address() as AddressInfo).port;
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
console.log(`data: ${ROWS.toLocaleString('en-US')} CUSTOM ledger rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.dialect})`);

// ---- load and memory
const token = await loginAsAdmin(port);
const latencies: number[] = [];
let running = true;
async function client(): Promise<void> {
  while (running) {
    const t0 = performance.now();
    const answer = await call<unknown[]>(port, '/api/report/custom-transaction/files', token, { paging: { page: 1, limit: 10 }, parameter: {} });
    if (answer.status?.responsecode !== '0000') throw new Error(`files answered ${answer.status?.responsecode}`);
    latencies.push(performance.now() - t0);
  }
}
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
await new Promise((r) => setTimeout(r, 500));
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);

// ---- two reports at once, each on its own worker
const criteria = { startdate: null, enddate: null, tierid: null };
const files: string[] = [];
for (let i = 0; i < 2; i++) {
  const answer = await call<{ fileid: string }>(port, '/api/report/custom-transaction/generate', token, { parameter: { data: { format: FORMAT }, criteria } });
  if (answer.status?.responsecode !== '0000') throw new Error(`generate answered ${JSON.stringify(answer.status)}`);
  files.push(answer.result!.fileid);
}
const loads = Array.from({ length: CLIENTS }, () => client());
const t0 = performance.now();
const times: number[] = [];
if (args['serving-thread']) {
  // The old way, for comparison: two workers (two "app servers") writing on the serving thread.
  const workers = ['server-a', 'server-b'].map((owner) => createJobWorker({ db: database.db, owner, handlers: reportJobHandlers, pollMs: 60_000 }));
  await Promise.all(workers.map(async (w) => (await w.tick(), times.push((performance.now() - t0) / 1000))));
} else {
  // As server/main.ts: one job worker whose report jobs run in threads of their own (their own connection), side by side.
  const worker = createJobWorker({ db: database.db, owner: 'server', handlers: reportJobHandlers, pollMs: 60_000, threadDatabase: { url: DATABASE_URL, schema } });
  const watch = setInterval(async () => {
    const done = (await db.selectFrom('job').select('updateddate').where('jobkey', 'in', files.map((f) => `report:${f}`)).where('status', '=', 'DONE').execute()) as unknown[];
    while (times.length < done.length) times.push((performance.now() - t0) / 1000);
  }, 250);
  await worker.tick();
  clearInterval(watch);
  while (times.length < files.length) times.push((performance.now() - t0) / 1000);
}
running = false;
await Promise.all(loads);
clearInterval(sampler);

const made = (await db.selectFrom('report_file').select(['fileid', 'rowcount', 'size']).where('fileid', 'in', files).execute()) as { fileid: string; rowcount: number; size: number }[];
for (const [i, f] of made.entries()) console.log(`file ${i + 1}: ${FORMAT}, ${Number(f.rowcount).toLocaleString('en-US')} rows, ${(Number(f.size) / 1024 / 1024).toFixed(1)} MB, done after ${times[i]?.toFixed(1)} s`);
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
gc?.();
await new Promise((r) => setTimeout(r, 500));
const rssAfter = process.memoryUsage().rss;
console.log(`RSS after a forced GC at the end: ${((rssAfter - rssBefore) / 1024 / 1024).toFixed(0)} MB above the start${gc ? '' : ' (no --expose-gc: GC not forced)'}`);
console.log(`RSS before ${(rssBefore / 1024 / 1024).toFixed(0)} MB, peak growth ${((rssPeak - rssBefore) / 1024 / 1024).toFixed(0)} MB (target < 300 MB at 1,000,000 rows)`);
console.log(`other requests meanwhile (${CLIENTS} clients, /api/report/custom-transaction/files): ${latencies.length} answered, p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms (target p99 <= 100 ms)`);

await app.close();
await database.close();
if (schema && args.postgres) await dropSchema(args.postgres, schema);
