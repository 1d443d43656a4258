// Benchmark: logins/s and envelope round trips/s of the real server, against a raw node:http floor on this machine.
// Usage: npx tsx scripts/bench-session.ts [--logins N] [--seconds S] [--concurrency C] [--postgres URL]
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib';
import { APP_ID } from '../engine/api/envelope';
import { CODES, MESSAGES } from '../engine/api/responseCodes';
import { DEMO_PASSWORD } from '../server/userManagement/users/userData';
import { loadFlags, readFlags } from './benchFlags';
import { benchDatabase, closeFloor, cpuSnapshot, startServer, percentile, statusOf, writeJson, type CpuSnapshot, runBenchmark } from './benchSupport';

const HOST = '127.0.0.1';
const SQLITE_FILE = '.tmp/bench/bench.sqlite';
const LOGIN_CONCURRENCY = 8;
/** Pre-solved captchas for the login warm-up: enough for about 1 s of logins on a small machine. */
const WARMUP_LOGINS = 150;
const WARMUP_MS = 1000;
const REQUEST_TIMEOUT_MS = 10_000;
/** Upper bound on requests of one timed run, whatever the duration. */
const MAX_REQUESTS_PER_RUN = 2_000_000;

// ---------------------------------------------------------------- options

function readOptions() {
  return readFlags({
    logins: { type: 'number', default: 200, round: 'ceil' },
    ...loadFlags(5),
    postgres: { type: 'string' },
  });
}

// ---------------------------------------------------------------- HTTP client

interface Reply {
  status: number;
  text: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

let seqno = 0;

/** The request envelope the browser client sends (engine/api/client.ts). */
function envelopeBody(token: string, data?: unknown): string {
  seqno++;
  return JSON.stringify({
    identity: { reqtxnid: `bench-${seqno}`, reqdate: new Date().toISOString(), appid: APP_ID, userid: '', signature: token, seqno },
    parameter: data === undefined ? {} : { data },
  });
}

function post(agent: http.Agent, port: number, path: string, body: string, token = ''): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = http.request({ host: HOST, port, path, method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Posts an envelope and returns its result; anything but HTTP 200 with code 0000 throws. */
async function call<T>(agent: http.Agent, port: number, path: string, token: string, data?: unknown): Promise<T> {
  const reply = await post(agent, port, path, envelopeBody(token, data), token);
  const parsed = JSON.parse(reply.text) as { status?: { responsecode?: string }; result?: T };
  if (reply.status !== 200 || parsed.status?.responsecode !== '0000') {
    throw new Error(`${path} answered HTTP ${reply.status}: ${reply.text.slice(0, 200)}`);
  }
  return parsed.result as T;
}

// ---------------------------------------------------------------- load loop

interface RunResult {
  count: number;
  seconds: number;
  latenciesMs: number[];
  /** Cores this process kept busy during the run (event loop, libuv threads, GC). */
  selfCores: number;
  /** Cores every other process kept busy meanwhile: PostgreSQL, or work that skews the run. */
  otherCores: number;
}

function coresSince(start: CpuSnapshot): { selfCores: number; otherCores: number } {
  const end = cpuSnapshot();
  const wallMs = end.at - start.at;
  const selfMs = end.processMs - start.processMs;
  const otherMs = Math.max(0, end.machineBusyMs - start.machineBusyMs - selfMs);
  return { selfCores: selfMs / wallMs, otherCores: otherMs / wallMs };
}

/**
 * Closed loop: `concurrency` workers each send one request after the other until the deadline,
 * `limit` requests have been sent, or a request fails (then the run throws).
 */
async function runLoad(concurrency: number, durationMs: number, limit: number, send: (i: number) => Promise<void>): Promise<RunResult> {
  const latenciesMs: number[] = [];
  const cpu = cpuSnapshot();
  const started = performance.now();
  const deadline = started + durationMs;
  let issued = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && issued < limit && performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      try {
        await send(i);
      } catch (error) {
        failure ??= error;
        return;
      }
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure !== undefined) throw failure;
  return { count: latenciesMs.length, seconds: (performance.now() - started) / 1000, latenciesMs, ...coresSince(cpu) };
}

// ---------------------------------------------------------------- the real server

/** A cheap captcha (solving it is not what is measured) that outlives a long pre-solving phase. */
const SERVER_ENV = { CAPTCHA_MAX_NUMBER: '1000', CAPTCHA_EXPIRES_SECONDS: '3600', STATIC_DIR: '.tmp/no-app' };

// ---------------------------------------------------------------- the raw node:http floor

interface SessionRow {
  username: string;
  expiresat: string;
  endedat: string | null;
  userstatus: string;
  rolestatus: string;
}

/** The same columns as server/platform/session/sessionStore.ts selects. */
const SESSION_SQL = `select u.username, u.userfullname, u.email, u.branchcode, u.tickoffid, u.partnercode, u.rolecode,
  r.rolename, s.expiresat, s.endedat, u.status as userstatus, r.status as rolestatus
  from "session" s join "app_user" u on u.username = s.username join "role" r on r.rolecode = u.rolecode
  where s.tokenhash = `;

interface SessionLookup {
  find(tokenhash: string): Promise<SessionRow | undefined>;
  close(): Promise<void>;
}

function sqliteLookup(file: string): SessionLookup {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  const statement = sqlite.prepare<[string], SessionRow>(`${SESSION_SQL}?`);
  return {
    find: async (tokenhash) => statement.get(tokenhash),
    close: async () => void sqlite.close(),
  };
}

/** A named (server-side prepared) statement: the cheapest the pg driver can do. */
function postgresLookup(url: string, schema: string): SessionLookup {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10), options: `-c search_path=${schema}` });
  const text = `${SESSION_SQL}$1`;
  return {
    find: async (tokenhash) => (await pool.query<SessionRow>({ name: 'bench-session-lookup', text, values: [tokenhash] })).rows[0],
    close: () => pool.end(),
  };
}

/** What /api/session/check does, minus the framework: parse the envelope, look the session up, answer. */
async function answerCheck(lookup: SessionLookup, request: http.IncomingMessage, text: string, response: http.ServerResponse) {
  let body: { identity?: { appid?: string; signature?: string } };
  try {
    body = JSON.parse(text);
  } catch {
    return writeJson(response, 400, statusOf(CODES.BAD_REQUEST, MESSAGES.MALFORMED_JSON));
  }
  if (body.identity?.appid !== APP_ID) return writeJson(response, 400, statusOf(CODES.BAD_REQUEST, 'Invalid request'));
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : body.identity.signature;
  const row = token ? await lookup.find(sha256Hex(token)) : undefined;
  const live = row && !row.endedat && row.expiresat > new Date().toISOString() && row.userstatus === 'ACTIVE' && row.rolestatus === 'ACTIVE';
  if (!live) return writeJson(response, 401, statusOf(CODES.UNAUTHENTICATED, MESSAGES.UNAUTHENTICATED));
  writeJson(response, 200, { ...statusOf(CODES.SUCCESS, MESSAGES.SUCCESS), result: { username: row.username, expiresat: row.expiresat } });
}

async function startFloor(lookup: SessionLookup): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/api/session/check') return writeJson(response, 404, statusOf(CODES.NOT_FOUND, MESSAGES.UNKNOWN_SERVICE));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answerCheck(lookup, request, Buffer.concat(chunks).toString('utf8'), response).catch(() =>
        writeJson(response, 500, statusOf(CODES.INTERNAL, MESSAGES.SOMETHING_WENT_WRONG)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

// ---------------------------------------------------------------- the measurements

interface Row {
  label: string;
  shape: string;
  result: RunResult;
}

/** Fetches and solves captchas before any login is timed. */
async function solveCaptchas(agent: http.Agent, port: number, count: number): Promise<string[]> {
  const solved: string[] = [];
  for (let i = 0; i < count; i++) {
    const c = await call<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number }>(agent, port, '/api/session/captcha', '');
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    if (!solution) throw new Error('captcha not solved');
    const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
    solved.push(Buffer.from(JSON.stringify(payload)).toString('base64'));
  }
  return solved;
}

const loginAsAdmin = (agent: http.Agent, port: number, recaptcha: string) =>
  call<{ bearer: string }>(agent, port, '/api/session/authenticate', '', { username: 'admin', password: sha256Hex(DEMO_PASSWORD), recaptcha });

/** Warm-up logins (at most 1 s), then N timed logins; returns the row and a bearer for the next runs. */
async function benchLogins(agent: http.Agent, port: number, logins: number): Promise<{ row: Row; bearer: string }> {
  const warmup = await solveCaptchas(agent, port, WARMUP_LOGINS);
  const timed = await solveCaptchas(agent, port, logins);
  await runLoad(LOGIN_CONCURRENCY, WARMUP_MS, warmup.length, async (i) => void (await loginAsAdmin(agent, port, warmup[i]!)));
  let bearer = '';
  const result = await runLoad(LOGIN_CONCURRENCY, Number.POSITIVE_INFINITY, logins, async (i) => {
    bearer = (await loginAsAdmin(agent, port, timed[i]!)).bearer;
  });
  return { row: { label: 'logins', shape: `N=${logins} c=${LOGIN_CONCURRENCY}`, result }, bearer };
}

/**
 * Warm-up for 1 s, then `seconds` of session checks at `concurrency`. The load client shares this
 * process's event loop with the server it drives, for the server and the floor alike.
 */
async function benchCheck(agent: http.Agent, port: number, bearer: string, seconds: number, concurrency: number): Promise<RunResult> {
  const check = async () => void (await call(agent, port, '/api/session/check', bearer));
  await runLoad(concurrency, WARMUP_MS, MAX_REQUESTS_PER_RUN, check);
  return runLoad(concurrency, seconds * 1000, MAX_REQUESTS_PER_RUN, check);
}

// ---------------------------------------------------------------- output

function formatRow({ label, shape, result }: Row): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const rate = `${(result.count / result.seconds).toFixed(1)}/s`;
  const ms = (v: number) => v.toFixed(1).padStart(5);
  const cpu = `cpu ${result.selfCores.toFixed(2)} + others ${result.otherCores.toFixed(2)}`;
  return `${label.padEnd(18)}${shape.padEnd(13)}${rate.padStart(10)}   p50 ${ms(percentile(sorted, 0.5))} ms  p99 ${ms(percentile(sorted, 0.99))} ms   ${cpu}`;
}

const rateOf = (result: RunResult) => result.count / result.seconds;

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = readOptions();
  const dialect = options.postgres ? 'postgresql' : 'sqlite';
  const cleanups: (() => Promise<void>)[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(options.concurrency, LOGIN_CONCURRENCY) });
  try {
    const { url, schema, drop } = await benchDatabase(options.postgres, 'bench', SQLITE_FILE);
    cleanups.push(drop);
    // Migrated and seeded with the demo users, as server/main.ts does.
    const server = await startServer(url, { schema }, SERVER_ENV);
    cleanups.push(() => server.close());

    const logins = await benchLogins(agent, server.port, options.logins);
    const shape = `${options.seconds.toFixed(1)} s c=${options.concurrency}`;
    const check = await benchCheck(agent, server.port, logins.bearer, options.seconds, options.concurrency);

    const lookup = options.postgres ? postgresLookup(options.postgres, schema!) : sqliteLookup(SQLITE_FILE);
    cleanups.push(() => lookup.close());
    const floor = await startFloor(lookup);
    cleanups.push(() => closeFloor(floor.server));
    const raw = await benchCheck(agent, floor.port, logins.bearer, options.seconds, options.concurrency);

    console.log(`machine: ${cpus().length} cores, node ${process.version}, ${dialect}`);
    console.log(formatRow(logins.row));
    console.log(formatRow({ label: 'session/check', shape, result: check }));
    console.log(formatRow({ label: 'raw node:http', shape, result: raw }));
    console.log(`ratio server/floor ${(rateOf(check) / rateOf(raw)).toFixed(2)}`);
  } finally {
    agent.destroy();
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error('cleanup failed:', error));
  }
}

runBenchmark(main);
