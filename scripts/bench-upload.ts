// Benchmark: one CSV upload of N new cities (default 100,000) through the real server over HTTP, on SQLite
// (a file) and, with --postgres URL, on PostgreSQL (a fresh schema): the call's wall time and the server's
// own phases (read, references, rules, keys, insert) from its log, then the same file again (every key
// taken: every row reported, nothing written). Figures for the README.
// Usage: npx tsx scripts/bench-upload.ts [--rows N] [--postgres URL]
import { rmSync, mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { readFlags } from './benchFlags';
import { loginAsAdmin, send, sqliteThenPostgres, startServer } from './benchSupport';

const args = readFlags({ rows: { type: 'number', default: 100_000 }, postgres: { type: 'string' } });
const ROWS = args.rows;
const SQLITE_FILE = '.tmp/bench/upload.sqlite';

function cities(rows: number): string {
  const lines = ['City Code,City Name,Country,State'];
  // Half by code, half by label: both ways of naming a reference are timed.
  for (let i = 0; i < rows; i++) lines.push(`BU${String(i).padStart(7, '0')},Bench Town ${i},ID,${i % 2 ? 'ID-JB' : 'Jawa Timur'}`);
  return `${lines.join('\r\n')}\r\n`;
}

async function run(name: string, url: string, schema?: string) {
  const logs: string[] = [];
  const server = await startServer(url, { schema }, { LOG_LEVEL: 'info', STATIC_DIR: '.tmp/no-app', CAPTCHA_MAX_NUMBER: '2000' }, new Writable({ write: (chunk, _e, done) => (logs.push(String(chunk)), done()) }));
  const { port } = server;
  const token = await loginAsAdmin(port);
  const content = cities(ROWS);
  const phases = () => JSON.parse(logs.filter((l) => l.includes('"upload"')).at(-1)!).upload.ms as Record<string, number>;
  for (const attempt of ['new rows', 'same file again']) {
    const started = performance.now();
    const { body: answer } = await send(port, '/api/city/upload', token, { parameter: { data: { filename: 'bench.csv', content } } });
    const seconds = (performance.now() - started) / 1000;
    console.log(`${name.padEnd(10)} ${attempt.padEnd(16)} ${ROWS.toLocaleString('en-US')} rows, ${(content.length / 1e6).toFixed(1)} MB: ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s) ${answer.status!.responsecode} phases ms ${JSON.stringify(phases())}`);
  }
  await server.close();
}

mkdirSync('.tmp/bench', { recursive: true });
rmSync(SQLITE_FILE, { force: true });
await sqliteThenPostgres(`sqlite:${SQLITE_FILE}`, args.postgres, 'bench_upload', run);
