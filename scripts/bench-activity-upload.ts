// Benchmark: one activity file of N flights (default 100,000) uploaded on File Management through the real server
// over HTTP while other clients keep calling a cheap read (the session check): the upload's wall time and the
// other calls' count, p50 and p99 while it ran. On SQLite (a file) and, with --postgres URL, on PostgreSQL (a fresh
// schema). Usage: npx tsx scripts/bench-activity-upload.ts [--rows N] [--clients N] [--postgres URL]
import { rmSync, mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { APP_ID } from '../engine/api/envelope';
import { readFlags } from './benchFlags';
import { discard, HOST, loginAsAdmin, percentile, send, sqliteThenPostgres, startServer } from './benchSupport';

const args = readFlags({ rows: { type: 'number', default: 100_000 }, clients: { type: 'number', default: 4 }, postgres: { type: 'string' } });
const ROWS = args.rows;
const CLIENTS = args.clients;
const SQLITE_FILE = '.tmp/bench/activity-upload.sqlite';
const HEADER = 'cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier';
/** The cheap read the other clients call: the session check (the guard's read of the session and user). */
const CHEAP_READ = '/api/session/check';

function flights(rows: number, cards: string[]): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) lines.push(`${cards[i % cards.length]},2026-03-10,GA,${800 + (i % 100)},CGK,SIN,Y,12624${String(i).padStart(8, '0')},2026-03-01,`);
  return `${lines.join('\r\n')}\r\n`;
}

/** The other clients: closed-loop calls of the cheap read; latencies recorded from a start message to 'stop'. */
const CLIENTS_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let running = true;
let latencies = [];
let failures = 0;
// 'report': the latencies so far, then a new phase; 'stop': the last phase's, and the clients end.
parentPort.on('message', (message) => {
  parentPort.postMessage({ latencies, failures });
  latencies = [];
  failures = 0;
  if (message === 'stop') running = false;
});
async function client() {
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + workerData.body.identity.signature }, body: JSON.stringify(workerData.body) });
    await response.text();
    latencies.push(performance.now() - started);
    if (response.status !== 200) failures += 1;
  }
}
Promise.all(Array.from({ length: workerData.clients }, client));
`;

const cheapBody = (token: string) => ({ identity: { reqtxnid: 'c', reqdate: new Date().toISOString(), appid: APP_ID, userid: '', signature: token, seqno: 1 }, parameter: {} });

async function run(name: string, url: string, schema?: string) {
  const server = await startServer(url, { schema }, { LOG_LEVEL: 'warn', STATIC_DIR: '.tmp/no-app', CAPTCHA_MAX_NUMBER: '2000', DEMO_MEMBERS: '0' }, discard());
  const { database, port } = server;
  const token = await loginAsAdmin(port);
  const cards = (await database.db.selectFrom('member_card').select('cardnumber').limit(20).execute()).map((r) => r.cardnumber);
  const content = flights(ROWS, cards);

  // The other clients run in a thread of their own: in the server's thread their fetches would share its event loop.
  const clients = new Worker(CLIENTS_CODE, { eval: true, workerData: { url: `http://${HOST}:${port}${CHEAP_READ}`, body: cheapBody(token), clients: CLIENTS } });
  const phase = (message: 'report' | 'stop') => {
    const answer = new Promise<{ latencies: number[]; failures: number }>((resolve) => clients.once('message', resolve));
    clients.postMessage(message);
    return answer;
  };
  await new Promise((resolve) => setTimeout(resolve, 500));
  await phase('report');
  // The cheap read alone first (2 s): the reference its figures during the upload compare with.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = (await phase('report')).latencies.sort((a, b) => a - b);
  const started = performance.now();
  const answer = await send(port, '/api/activity-file/upload', token, { parameter: { data: { filename: 'bench.csv', content } } });
  const seconds = (performance.now() - started) / 1000;
  const { latencies, failures } = await phase('stop');
  await clients.terminate();
  console.log(`${name.padEnd(10)} the cheap read alone (${CLIENTS} clients): ${idle.length} calls in 2 s, p50 ${percentile(idle, 0.5, 'floor').toFixed(1)} ms, p99 ${percentile(idle, 0.99, 'floor').toFixed(1)} ms`);
  latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(10)} upload ${ROWS.toLocaleString('en-US')} rows, ${(content.length / 1e6).toFixed(1)} MB: ${seconds.toFixed(2)} s ${answer.body.status!.responsecode}; ` +
      `${CLIENTS} other clients meanwhile: ${latencies.length} calls, p50 ${percentile(latencies, 0.5, 'floor').toFixed(1)} ms, p99 ${percentile(latencies, 0.99, 'floor').toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms, ${failures} not 200`,
  );
  await server.close();
}

rmSync('.tmp/bench', { recursive: true, force: true });
mkdirSync('.tmp/bench', { recursive: true });
await sqliteThenPostgres(`sqlite:${SQLITE_FILE}`, args.postgres, 'bench', run);
