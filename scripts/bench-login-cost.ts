// Benchmark: the median time of a failed login for a known name (wrong password) and for an unknown name, which
// must cost the same (one argon2 verification and the same statements), on SQLite and optionally PostgreSQL.
// Usage: npx tsx scripts/bench-login-cost.ts [--rounds N] [--postgres URL]
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createServer } from '../server/platform/server';
import { readFlags } from './benchFlags';
import { listen, send, solvedCaptcha, sqliteThenPostgres } from './benchSupport';

const values = readFlags({ rounds: { type: 'number', default: 100 }, postgres: { type: 'string' } });
const ROUNDS = values.rounds;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function measure(name: string, url: string, schema?: string): Promise<void> {
  // No lock gets in the way of the repeated failures: the locked path is not what is measured.
  const config = readConfig({ CAPTCHA_MAX_NUMBER: '100', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0', LOGIN_MAX_FAILURES: '1000000', LOGIN_ADDRESS_MAX_FAILURES: '1000000', LOG_LEVEL: 'warn' });
  const database = openDatabase(url, { schema });
  const { app } = await createServer({ config, database, logger: false });
  const port = await listen(app);
  const timed = async (username: string) => {
    const recaptcha = await solvedCaptcha(port);
    const started = performance.now();
    const { body: answer } = await send(port, '/api/session/authenticate', '', { parameter: { data: { username, password: sha256('Wrong#2026'), recaptcha } } });
    const ms = performance.now() - started;
    if (answer.status?.responsecode !== '9001') throw new Error(`unexpected answer ${answer.status?.responsecode}`);
    return ms;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  await timed('admin');
  await timed('nobody.warm');
  // Interleaved, so drift of the machine falls on both alike.
  for (let i = 0; i < ROUNDS; i++) {
    known.push(await timed('admin'));
    unknown.push(await timed(`nobody.${i}`));
  }
  console.log(`${name}: failed login, median of ${ROUNDS}: known name ${median(known).toFixed(1)} ms, unknown name ${median(unknown).toFixed(1)} ms`);
  await app.close();
  await database.close();
}

await sqliteThenPostgres('sqlite::memory:', values.postgres, 'bench', (side, url, schema) => measure(side === 'sqlite' ? 'SQLite' : 'PostgreSQL', url, schema));
