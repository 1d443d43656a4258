// Benchmark: one CSV upload of N new cities (default 100,000) through the real server over HTTP, on SQLite
// (a file) and, with --postgres URL, on PostgreSQL (a fresh schema): the call's wall time and the server's
// own phases (read, references, rules, keys, insert) from its log, then the same file again (every key
// taken: every row reported, nothing written). Figures for the README.
// Usage: npx tsx scripts/bench-upload.ts [--rows N] [--postgres URL]
import { rmSync, mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { APP_ID } from '../engine/api/envelope';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createSchema, dropSchema } from '../server/platform/db/pgSchema';
import { DEMO_PASSWORD } from '../server/userManagement/users/userData';
import { createServer } from '../server/platform/server';
import { sha256Hex } from '../server/platform/core/sha256';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, postgres: { type: 'string' } } });
const ROWS = Number(args.rows);
const SQLITE_FILE = '.tmp/bench/upload.sqlite';

function cities(rows: number): string {
  const lines = ['City Code,City Name,Country,State'];
  // Half by code, half by label: both ways of naming a reference are timed.
  for (let i = 0; i < rows; i++) lines.push(`BU${String(i).padStart(7, '0')},Bench Town ${i},ID,${i % 2 ? 'ID-JB' : 'Jawa Timur'}`);
  return `${lines.join('\r\n')}\r\n`;
}

async function run(name: string, url: string, schema?: string) {
  const logs: string[] = [];
  const database = openDatabase(url, { schema });
  const config = readConfig({ LOG_LEVEL: 'info', STATIC_DIR: '.tmp/no-app', CAPTCHA_MAX_NUMBER: '2000' });
  const { app } = await createServer({ config, database, logger: new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let seq = 0;
  const call = async (path: string, data: unknown, token = '') => {
    const identity = { reqtxnid: `b-${++seq}`, reqdate: new Date().toISOString(), appid: APP_ID, userid: '', signature: token, seqno: seq };
    const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ identity, parameter: { data } }) });
    return (await response.json()) as { status: { responsecode: string; responsemessage: string }; result: any };
  };
  const challenge = (await call('/api/session/captcha', {})).result;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const { algorithm, salt, signature } = challenge;
  const recaptcha = Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution!.number, salt, signature })).toString('base64');
  const login = await call('/api/session/authenticate', { username: 'admin', password: sha256Hex(DEMO_PASSWORD), recaptcha });
  const token = login.result.bearer as string;
  const content = cities(ROWS);
  const phases = () => JSON.parse(logs.filter((l) => l.includes('"upload"')).at(-1)!).upload.ms as Record<string, number>;
  for (const attempt of ['new rows', 'same file again']) {
    const started = performance.now();
    const answer = await call('/api/city/upload', { filename: 'bench.csv', content }, token);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${name.padEnd(10)} ${attempt.padEnd(16)} ${ROWS.toLocaleString('en-US')} rows, ${(content.length / 1e6).toFixed(1)} MB: ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s) ${answer.status.responsecode} phases ms ${JSON.stringify(phases())}`);
  }
  await app.close();
  await database.close();
}

mkdirSync('.tmp/bench', { recursive: true });
rmSync(SQLITE_FILE, { force: true });
await run('sqlite', `sqlite:${SQLITE_FILE}`);
if (args.postgres) {
  const schema = await createSchema(args.postgres, 'bench_upload');
  try {
    await run('postgres', args.postgres, schema);
  } finally {
    await dropSchema(args.postgres, schema);
  }
}
