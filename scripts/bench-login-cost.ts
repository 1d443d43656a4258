// Benchmark: the median time of a failed login for a known name (wrong password) and for an unknown name, which
// must cost the same (one argon2 verification and the same statements), on SQLite and optionally PostgreSQL.
// Usage: npx tsx scripts/bench-login-cost.ts [--rounds N] [--postgres URL]
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { APP_ID } from '../engine/api/envelope';
import { readConfig } from '../server/platform/core/config';
import { openDatabase } from '../server/platform/db/database';
import { createSchema, dropSchema } from '../server/platform/db/pgSchema';
import { createServer } from '../server/platform/server';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '100' }, postgres: { type: 'string' } } });
const ROUNDS = Number(values.rounds);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function measure(name: string, url: string, schema?: string): Promise<void> {
  // No lock gets in the way of the repeated failures: the locked path is not what is measured.
  const config = readConfig({ CAPTCHA_MAX_NUMBER: '100', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0', LOGIN_MAX_FAILURES: '1000000', LOGIN_ADDRESS_MAX_FAILURES: '1000000', LOG_LEVEL: 'warn' });
  const database = openDatabase(url, { schema });
  const { app } = await createServer({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let seq = 0;
  const call = async (path: string, data?: unknown) => {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: { reqtxnid: `b-${++seq}`, reqdate: new Date().toISOString(), appid: APP_ID }, parameter: data === undefined ? {} : { data } }),
    });
    return (await response.json()) as { status: { responsecode: string }; result?: any };
  };
  const captcha = async () => {
    const c = (await call('/api/session/captcha')).result;
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution!.number, salt: c.salt, signature: c.signature })).toString('base64');
  };
  const timed = async (username: string) => {
    const recaptcha = await captcha();
    const started = performance.now();
    const answer = await call('/api/session/authenticate', { username, password: sha256('Wrong#2026'), recaptcha });
    const ms = performance.now() - started;
    if (answer.status.responsecode !== '9001') throw new Error(`unexpected answer ${answer.status.responsecode}`);
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

await measure('SQLite', 'sqlite::memory:');
if (values.postgres) {
  const schema = await createSchema(values.postgres, 'bench');
  try {
    await measure('PostgreSQL', values.postgres, schema);
  } finally {
    await dropSchema(values.postgres, schema);
  }
}
