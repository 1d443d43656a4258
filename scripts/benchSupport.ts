// The harness the HTTP benchmarks share (bench-list.ts, bench-member.ts; bench-session.ts takes its small
// parts): the raw drivers and the node:http floor with the guard's SQL, closed-loop load
// clients in a worker thread, CPU accounting (the serving thread's own CPU time per request, a figure a
// busy machine skews far less than req/s), an optional CPU profile of the serving thread, the real server on a
// port, login, percentiles, printing. Command lines are benchFlags.ts's.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';
import { solveChallenge } from 'altcha-lib';
import { APP_ID } from '../engine/api/envelope';
import { CODES, MESSAGES } from '../engine/api/responseCodes';
import { readConfig } from '../server/platform/core/config';
import { openDatabase, preparedStatements, type Database, type DatabaseOptions } from '../server/platform/db/database';
import { createServer, type ServerOptions } from '../server/platform/server';
import { createSchema, dropSchema } from '../server/platform/db/pgSchema';
import { liveGuardRow, type GuardRow } from '../server/platform/session/sessionStore';
import { DEMO_PASSWORD } from '../server/userManagement/users/userData';

export const HOST = '127.0.0.1';
export const WARMUP_MS = 2000;
/** A request slower than this fails the run. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Upper bound on requests of one phase, whatever the duration. */
const MAX_REQUESTS_PER_PHASE = 2_000_000;

// ---------------------------------------------------------------- CPU

export interface CpuSnapshot {
  machineBusyMs: number;
  processMs: number;
  at: number;
}

export function cpuSnapshot(): CpuSnapshot {
  const machineBusyMs = cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
  const { user, system } = process.cpuUsage();
  return { machineBusyMs, processMs: (user + system) / 1000, at: performance.now() };
}

/** CPU ms this process's main (serving) thread has used, from /proc (Linux); undefined elsewhere. */
function mainThreadCpuMs(): number | undefined {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Cores other processes keep busy while this one idles: anything above ~0.1 skews every number. */
export async function otherLoad(ms: number): Promise<number> {
  const start = cpuSnapshot();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const end = cpuSnapshot();
  return Math.max(0, end.machineBusyMs - start.machineBusyMs - (end.processMs - start.processMs)) / (end.at - start.at);
}

/** A CPU profile of this thread (the serving one) from now until stop() writes it to `file`. */
export async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const inspector = await import('node:inspector/promises');
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

// ---------------------------------------------------------------- raw drivers (the floor's)

export type Row = Record<string, unknown>;

export interface RawDb {
  all(text: string, parameters: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** better-sqlite3 with each statement prepared once, as the server's statement cache does. */
export function sqliteRaw(file: string): RawDb {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, SQLite.Statement<unknown[], Row>>();
  return {
    async all(text, parameters) {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = db.prepare<unknown[], Row>(text)));
      if (statement.reader) return statement.all(...parameters);
      statement.run(...parameters);
      return [];
    },
    close: async () => void db.close(),
  };
}

/** Named statements prepared once per connection, as the server's pool does; a pool of the server's size. */
export function postgresRaw(url: string, schema: string): RawDb {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10), options: `-c search_path=${schema}` });
  pool.on('connect', preparedStatements);
  return {
    all: async (text, parameters) => (await pool.query<Row>(text, parameters as unknown[])).rows,
    close: () => pool.end(),
  };
}

// ---------------------------------------------------------------- the floor: node:http, the guard's SQL, the envelope

export function writeJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export const statusOf = (responsecode: string, responsemessage: string) => ({ status: { responsecode, responsemessage } });

/** A floor's refusal: HTTP 400 with the envelope's Invalid request message. */
export class BadRequest extends Error {}

/** The guard's own statement (sessionStore.ts), its parameters for a token and a function code. */
export interface FloorGuard {
  sql: string;
  parameters(token: string, functioncode: string): readonly unknown[];
}

/** What a floor route answers for a request that passed the guard and the envelope check. */
export type FloorRoute = (body: { paging?: { limit?: number; page?: number }; parameter?: Record<string, any> }) => Promise<Row>;

/**
 * The floor: for each POST to one of `routes`, the guard's SQL through the raw driver (401 without a live
 * session, 403 without the grant of `functioncode`), the JSON body parsed and its appid checked, then the
 * route's answer as a success envelope. What the server does beyond this is what a ratio to it measures.
 * Without a guard (undefined) the floor checks no session at all: the whole cost of authentication is
 * then the server's.
 */
export async function startFloor(raw: RawDb, guard: FloorGuard | undefined, functioncode: string, routes: Map<string, FloorRoute>): Promise<{ server: http.Server; port: number }> {
  const answer = async (route: FloorRoute, text: string, authorization: string | undefined, response: http.ServerResponse) => {
    if (guard) {
      const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
      const [row] = token ? ((await raw.all(guard.sql, guard.parameters(token, functioncode))) as unknown as GuardRow[]) : [];
      if (!liveGuardRow(row, new Date())) return writeJson(response, 401, statusOf(CODES.UNAUTHENTICATED, MESSAGES.UNAUTHENTICATED));
      if (Number(row.granted) !== 1) return writeJson(response, 403, statusOf(CODES.FORBIDDEN, MESSAGES.FORBIDDEN));
    }
    let body: Parameters<FloorRoute>[0] & { identity?: { appid?: string } };
    try {
      body = JSON.parse(text);
    } catch {
      return writeJson(response, 400, statusOf(CODES.BAD_REQUEST, MESSAGES.MALFORMED_JSON));
    }
    if (body.identity?.appid !== APP_ID) return writeJson(response, 400, statusOf(CODES.BAD_REQUEST, 'Invalid request'));
    try {
      writeJson(response, 200, { ...statusOf(CODES.SUCCESS, MESSAGES.SUCCESS), ...(await route(body)) });
    } catch (error) {
      if (error instanceof BadRequest) return writeJson(response, 400, statusOf(CODES.BAD_REQUEST, `Invalid request: ${error.message}`));
      throw error;
    }
  };
  const server = http.createServer((request, response) => {
    const route = request.method === 'POST' ? routes.get(request.url ?? '') : undefined;
    if (!route) return writeJson(response, 404, statusOf(CODES.NOT_FOUND, MESSAGES.UNKNOWN_SERVICE));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(route, Buffer.concat(chunks).toString('utf8'), request.headers.authorization, response).catch(() => writeJson(response, 500, statusOf(CODES.INTERNAL, MESSAGES.SOMETHING_WENT_WRONG)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Starts a created server listening on a free port of HOST; its port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: HOST });
  return (app.server.address() as AddressInfo).port;
}

export interface BenchServer {
  app: FastifyInstance;
  database: Database;
  port: number;
  /** Stops the server, then closes its database. */
  close(): Promise<void>;
}

/** The real server over `url` (opened with `options`), configured by `env`, listening on a free port of HOST. */
export async function startServer(url: string, options: DatabaseOptions, env: Record<string, string>, logger: ServerOptions['logger'] = false): Promise<BenchServer> {
  const database = openDatabase(url, options);
  try {
    const { app } = await createServer({ config: readConfig(env), database, logger });
    const port = await listen(app);
    return { app, database, port, close: () => app.close().then(() => database.close()) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A server's settings for a bench that brings its own data: no demo members, no jobs, warnings only. */
export const QUIET_SERVER = { LOG_LEVEL: 'warn', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0', JOBS_ENABLED: 'false' };

/**
 * `use` with the real server (startServer's) over a bench's empty database (benchDatabase's); then the server
 * is stopped, its database closed and a PostgreSQL schema dropped, whatever `use` did.
 */
export async function withBenchServer(database: { postgres: string | undefined; schema: string; file: string; log?: DatabaseOptions['log'] }, env: Record<string, string>, use: (server: BenchServer, schema: string | undefined) => Promise<void>): Promise<void> {
  const { url, schema, drop } = await benchDatabase(database.postgres, database.schema, database.file);
  try {
    const server = await startServer(url, { schema, ...(database.log ? { log: database.log } : {}) }, env);
    try {
      await use(server, schema);
    } finally {
      await server.close();
    }
  } finally {
    await drop();
  }
}

/** A logger's stream that drops every line. */
export const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * `run` on SQLite (`sqliteUrl`), then, given `postgres`, on PostgreSQL in a schema of its own made from `schema`
 * and dropped after it.
 */
export async function sqliteThenPostgres(sqliteUrl: string, postgres: string | undefined, schema: string, run: (side: 'sqlite' | 'postgres', url: string, schema?: string) => Promise<void>): Promise<void> {
  await run('sqlite', sqliteUrl);
  if (!postgres) return;
  const made = await createSchema(postgres, schema);
  try {
    await run('postgres', postgres, made);
  } finally {
    await dropSchema(postgres, made);
  }
}

export function closeFloor(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

// ---------------------------------------------------------------- HTTP from the main thread (login, samples, checks)

/** A request's own part: the envelope's identity is added by whoever sends it. */
export interface SampleRequest {
  paging?: { limit: number; page: number };
  parameter: Record<string, unknown>;
}

export interface Envelope<T> {
  status?: { responsecode?: string; responsemessage?: string };
  paging?: { page: number; limit: number; totalrecord: number };
  result?: T;
}

let seqno = 0;

/** One envelope call, whatever it answers: the HTTP status and the envelope. */
export async function send<T>(port: number, path: string, token: string, request: SampleRequest): Promise<{ http: number; text: string; body: Envelope<T> }> {
  seqno++;
  const text = JSON.stringify({ identity: { reqtxnid: `bench-main-${seqno}`, reqdate: new Date().toISOString(), appid: APP_ID, userid: '', signature: token, seqno }, ...request });
  const reply = await fetch(`http://${HOST}:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: text });
  const body = (await reply.text()) || '{}';
  return { http: reply.status, text: body, body: JSON.parse(body) as Envelope<T> };
}

/** One envelope call; anything but HTTP 200 with a success code throws. */
export async function call<T>(port: number, path: string, token: string, request: SampleRequest): Promise<Envelope<T>> {
  const reply = await send<T>(port, path, token, request);
  if (reply.http !== 200 || reply.body.status?.responsecode !== CODES.SUCCESS) throw new Error(`${path} answered HTTP ${reply.http}: ${reply.text.slice(0, 300)}`);
  return reply.body;
}

/** A new captcha of the server, solved: the recaptcha field a login sends. */
export async function solvedCaptcha(port: number): Promise<string> {
  const { result: c } = await call<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number }>(port, '/api/session/captcha', '', { parameter: {} });
  const solution = await solveChallenge(c!.challenge, c!.salt, c!.algorithm, c!.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ algorithm: c!.algorithm, challenge: c!.challenge, number: solution.number, salt: c!.salt, signature: c!.signature })).toString('base64');
}

/** Signs in as the seeded admin (captcha solved here) and returns the bearer token. */
export const loginAsAdmin = (port: number): Promise<string> => loginAs(port, 'admin');

/** Signs in as a seeded demo user (captcha solved here) and returns the bearer token. */
export async function loginAs(port: number, username: string): Promise<string> {
  const recaptcha = await solvedCaptcha(port);
  const password = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
  const { result } = await call<{ bearer: string }>(port, '/api/session/authenticate', '', { parameter: { data: { username, password, recaptcha } } });
  return result!.bearer;
}

// ---------------------------------------------------------------- load clients (a worker thread)

/**
 * Plain JavaScript run in a worker: `concurrency` clients over one keep-alive agent, closed-loop or paced at
 * `rate`; each sends the requests of the pool in turn (client i from its own place in it), in an envelope of its own;
 * a warm-up phase, then a timed phase whose latencies are returned. Anything but HTTP 200 with a success
 * code fails the run.
 */
const CLIENT_SOURCE = String.raw`
const { parentPort, workerData: w } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
let seqno = 0;
function envelope(request) {
  seqno++;
  return JSON.stringify({
    identity: { reqtxnid: 'bench-' + seqno, reqdate: new Date().toISOString(), appid: w.appid, userid: '', signature: w.token, seqno },
    ...request,
  });
}
function post(agent, body) {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + w.token };
    const request = http.request({ host: w.host, port: w.port, path: w.path, method: 'POST', agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.setTimeout(w.timeoutMs, () => request.destroy(new Error('no answer within ' + w.timeoutMs + ' ms')));
    request.on('error', reject);
    request.end(body);
  });
}
async function phase(agent, durationMs, start, record, requests) {
  const started = performance.now();
  const deadline = started + durationMs;
  const latencies = [];
  let issued = 0;
  let failure;
  // Paced (w.rate): client i sends every concurrency/rate seconds, the clients spread evenly over that interval; a
  // post's latency counts from the moment it was due, so a late server is not excused by the clients waiting on it.
  const interval = w.rate ? (1000 * w.concurrency) / w.rate : 0;
  const client = async (index) => {
    let next = start + Math.floor((index * requests.length) / w.concurrency);
    let due = started + (index * interval) / w.concurrency;
    while (failure === undefined && issued < w.maxRequests && (interval ? due : performance.now()) < deadline) {
      if (interval) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      issued++;
      const body = envelope(requests[next++ % requests.length]);
      const t0 = interval ? due : performance.now();
      due += interval;
      try {
        const reply = await post(agent, body);
        if (reply.status !== 200 || !reply.text.includes(w.success)) throw new Error('HTTP ' + reply.status + ': ' + reply.text.slice(0, 200));
      } catch (error) {
        failure = failure || error;
        return;
      }
      if (record) latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: w.concurrency }, (_, i) => client(i)));
  if (failure) throw failure;
  return { latencies, seconds: (performance.now() - started) / 1000 };
}
(async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: w.concurrency });
  try {
    // The warm-up sends its own pool when given one (posts that may be sent once), else the same from its middle.
    if (w.warmup) await phase(agent, w.warmupMs, 0, false, w.warmup);
    else await phase(agent, w.warmupMs, Math.floor(w.requests.length / 2), false, w.requests);
    parentPort.postMessage({ timed: true });
    const { latencies, seconds } = await phase(agent, w.durationMs, 0, true, w.requests);
    const array = Float64Array.from(latencies);
    parentPort.postMessage({ done: { seconds, latencies: array } }, [array.buffer]);
  } finally {
    agent.destroy();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

export interface RunResult {
  count: number;
  seconds: number;
  p50: number;
  p99: number;
  /** Share of the main (serving) thread's time its event loop was busy during the timed phase. */
  elu: number;
  /** Cores kept busy by other processes (PostgreSQL too) during the timed phase. */
  otherCores: number;
  /** CPU time of the serving thread per request, in µs (NaN off Linux). */
  cpuUs: number;
  /** Every request's latency in ms, sorted. */
  latencies: Float64Array;
}

export interface Load {
  port: number;
  path: string;
  token: string;
  /** The pool of requests the clients send in turn (a few thousand random ones). */
  requests: SampleRequest[];
  /** The warm-up's own pool (requests that may be sent once, e.g. new postings); default: `requests` from their middle. */
  warmup?: SampleRequest[];
  concurrency: number;
  /** Requests a second across the clients, each client on a fixed schedule (default: closed loop, each client sends on its answer). */
  rate?: number;
  seconds: number;
  /** The warm-up's length (default WARMUP_MS). */
  warmupMs?: number;
  /** A file: the serving thread's CPU profile of the timed phase is written there. */
  profile?: string;
}

/**
 * The q-quantile (0 < q <= 1) of sorted latencies, NaN when there are none. By nearest rank (the default): the
 * smallest value with at least q of the samples at or below it; 'floor': the sample at index floor(q * n), the
 * rule of the benches that use it (a sample higher on an even count).
 */
export function percentile(sorted: ArrayLike<number>, q: number, rank: 'nearest' | 'floor' = 'nearest'): number {
  if (sorted.length === 0) return NaN;
  const index = rank === 'nearest' ? Math.ceil(q * sorted.length) - 1 : Math.floor(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, index))]!;
}

/** Runs the load clients against a port: a warm-up, then the timed phase this measures. */
export function drive(load: Load): Promise<RunResult> {
  const durationMs = load.seconds * 1000;
  const warmupMs = load.warmupMs ?? WARMUP_MS;
  const limitMs = warmupMs + durationMs + 2 * REQUEST_TIMEOUT_MS + 10_000;
  const data = {
    port: load.port,
    path: load.path,
    token: load.token,
    requests: load.requests,
    warmup: load.warmup,
    concurrency: load.concurrency,
    rate: load.rate,
    host: HOST,
    appid: APP_ID,
    success: `"responsecode":"${CODES.SUCCESS}"`,
    warmupMs,
    durationMs,
    timeoutMs: REQUEST_TIMEOUT_MS,
    maxRequests: MAX_REQUESTS_PER_PHASE,
  };
  let elu = performance.eventLoopUtilization();
  let cpu = cpuSnapshot();
  let threadMs = mainThreadCpuMs();
  let profiling: Promise<{ stop(file: string): Promise<void> }> | undefined;
  return new Promise<RunResult>((resolve, reject) => {
    const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: data });
    let settled = false;
    const finish = (error: unknown, value?: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(value!);
    };
    const timer = setTimeout(() => finish(new Error(`load clients still running after ${limitMs} ms`)), limitMs);
    worker.on('message', (message: { error?: string; timed?: boolean; done?: { seconds: number; latencies: Float64Array } }) => {
      if (message.error) return finish(new Error(message.error));
      if (message.timed) {
        elu = performance.eventLoopUtilization();
        cpu = cpuSnapshot();
        threadMs = mainThreadCpuMs();
        if (load.profile) profiling = startProfile();
        return;
      }
      if (!message.done) return;
      const end = cpuSnapshot();
      const endThreadMs = mainThreadCpuMs();
      const sorted = message.done.latencies.sort();
      const result: RunResult = {
        count: sorted.length,
        seconds: message.done.seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        elu: performance.eventLoopUtilization(elu).utilization,
        otherCores: Math.max(0, end.machineBusyMs - cpu.machineBusyMs - (end.processMs - cpu.processMs)) / (end.at - cpu.at),
        cpuUs: threadMs === undefined || endThreadMs === undefined ? NaN : ((endThreadMs - threadMs) * 1000) / sorted.length,
        latencies: sorted,
      };
      if (!profiling) return finish(undefined, result);
      profiling.then((profiler) => profiler.stop(load.profile!)).then(() => finish(undefined, result), finish);
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', (code) => finish(new Error(`load worker exited (${code}) before answering`)));
  });
}

/** Runs of one side merged: their requests, time and latencies together, the shares weighted by time. */
function merged(runs: RunResult[]): RunResult {
  if (runs.length === 1) return runs[0]!;
  const sum = (of: (r: RunResult) => number) => runs.reduce((total, r) => total + of(r), 0);
  const seconds = sum((r) => r.seconds);
  const count = sum((r) => r.count);
  const latencies = new Float64Array(count);
  let at = 0;
  for (const r of runs) latencies.set(r.latencies, (at += r.latencies.length) - r.latencies.length);
  latencies.sort();
  return {
    count,
    seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    elu: sum((r) => r.elu * r.seconds) / seconds,
    otherCores: sum((r) => r.otherCores * r.seconds) / seconds,
    cpuUs: sum((r) => r.cpuUs * r.count) / count,
    latencies,
  };
}

/**
 * The server against its floor, in `rounds` alternating runs of each (the seconds shared among them; a run
 * after the first warms up for a quarter of WARMUP_MS), merged: on a machine others share, load that comes
 * and goes falls on both sides alike. A profile is taken of the first run of each side.
 */
export async function compare(server: Load, floor: Load, rounds = 1): Promise<{ server: RunResult; floor: RunResult }> {
  const runs = { server: [] as RunResult[], floor: [] as RunResult[] };
  for (let round = 0; round < rounds; round++) {
    const part = { seconds: server.seconds / rounds, ...(round > 0 ? { warmupMs: WARMUP_MS / 4, profile: undefined } : {}) };
    runs.server.push(await drive({ ...server, ...part }));
    runs.floor.push(await drive({ ...floor, ...part, seconds: floor.seconds / rounds }));
  }
  return { server: merged(runs.server), floor: merged(runs.floor) };
}

// ---------------------------------------------------------------- printing

export const fmt = (v: number, width: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : '-').padStart(width);
export const rate = (r: RunResult) => r.count / r.seconds;

export type Results<S extends string> = Map<S, { server: RunResult; floor: RunResult }>;

/**
 * The table of a benchmark: rate, latencies and serving-thread CPU per request of the server and the
 * floor, the rate ratio, and the CPU ratio (floor µs / server µs: what the rate ratio is on a quiet machine
 * when the serving thread is the bound).
 */
export function tableLines<S extends string>(results: Results<S>): string[] {
  const lines = ['scenario   server req/s     p50     p99  cpu µs | floor req/s     p50     p99  cpu µs | ratio   cpu'];
  for (const [scenario, { server, floor }] of results) {
    lines.push(
      `${scenario.padEnd(9)}${fmt(rate(server), 14)}${fmt(server.p50, 8)}${fmt(server.p99, 8)}${fmt(server.cpuUs, 8, 0)} |` +
        `${fmt(rate(floor), 12)}${fmt(floor.p50, 8)}${fmt(floor.p99, 8)}${fmt(floor.cpuUs, 8, 0)} |${fmt(rate(server) / rate(floor), 6, 2)}${fmt(floor.cpuUs / server.cpuUs, 6, 2)}`,
    );
  }
  return lines;
}

/** The serving thread's busy share and the other cores' load of each run, and the requests completed. */
export function cpuLines<S extends string>(results: Results<S>, postgres: boolean): string[] {
  const lines = [`serving thread busy (ELU) and ${postgres ? 'postgres+other cores' : 'other cores'} during the timed runs; requests completed`];
  for (const [scenario, { server, floor }] of results) {
    lines.push(`${scenario.padEnd(9)} server elu ${server.elu.toFixed(2)} other ${server.otherCores.toFixed(2)} n=${server.count}  | floor elu ${floor.elu.toFixed(2)} other ${floor.otherCores.toFixed(2)} n=${floor.count}`);
  }
  return lines;
}

/** How busy the machine was: before the start and during the runs (SQLite: other cores above a quarter). */
export function loadLine<S extends string>(idleOthers: number, results: Results<S>, postgres: boolean): string {
  const busyRuns = [...results.values()].flatMap((r) => [r.server, r.floor]).filter((r) => r.otherCores > 0.25).length;
  const busy = idleOthers > 0.1 || (!postgres && busyRuns > 0);
  return `other processes: ${idleOthers.toFixed(2)} cores before start${busy ? ' -- WARNING: the machine was not quiet, req/s are skewed (see "other" below; the cpu columns much less)' : ''}`;
}

/** A load's figures on one line after `label`: rate, p50, p99, the serving thread's busy share and CPU a `per`, then `note`. */
export const figuresLine = (label: string, run: RunResult, per: string, note: string) =>
  `${label}${fmt(rate(run), 8)} /s   p50 ${fmt(run.p50, 6)} ms   p99 ${fmt(run.p99, 6)} ms   serving thread busy ${run.elu.toFixed(2)}, ${fmt(run.cpuUs, 5, 0)} µs cpu a ${per}   (${note})`;

/** Other processes' load before the start and during `run`, with a warning when the machine was not quiet. */
export const othersLine = (idleOthers: number, run: RunResult) =>
  `other processes: ${idleOthers.toFixed(2)} cores before start, ${run.otherCores.toFixed(2)} during the run${idleOthers > 0.1 ? ' -- WARNING: the machine was not quiet' : ''}`;

/** What a bench ran on: PostgreSQL in its schema, or its SQLite file. */
export const databaseLine = (postgres: string | undefined, schema: string | undefined, file: string) => (postgres ? `PostgreSQL (schema ${schema})` : `SQLite file ${file}`);

export const machineLine = (what: string) => `machine: ${cpus().length} cores, node ${process.version}, ${what}`;

/** Runs a benchmark's main: a failure sets the exit code, and a lingering handle cannot hang the run. */
export function runBenchmark(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exitCode = 1;
    })
    .finally(() => {
      setTimeout(() => {
        console.error('bench: handles still open after cleanup, exiting');
        process.exit(process.exitCode ?? 0);
      }, 2000).unref();
    });
}

/**
 * --statements: each statement's time while `on`, summed by its text's start; `log` goes to openDatabase. With
 * PostgreSQL's pool a statement's time includes its wait for the connection's round trip, not for a connection.
 */
export function statementTimer() {
  const statements = new Map<string, { n: number; ms: number }>();
  const timer = {
    on: false,
    log(event: LogEvent): void {
      if (!timer.on || event.level !== 'query') return;
      const text = event.query.sql.replace(/\s+/g, ' ').slice(0, 90);
      const seen = statements.get(text) ?? { n: 0, ms: 0 };
      seen.n += 1;
      seen.ms += event.queryDurationMillis;
      statements.set(text, seen);
    },
    print(during: string): void {
      console.log(`statements ${during} (count, total ms, text):`);
      for (const [text, { n, ms }] of [...statements].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${String(n).padStart(7)} ${ms.toFixed(0).padStart(8)} ms  ${text}`);
    },
  };
  return timer;
}

/**
 * A bench's empty database: with `postgres`, a schema of its own made there (`schema` names it; drop() drops
 * it); else a fresh SQLite file (`file`), its older copy and journal removed first.
 */
export async function benchDatabase(postgres: string | undefined, schema: string, file: string): Promise<{ url: string; schema?: string; drop(): Promise<void> }> {
  if (postgres) {
    const made = await createSchema(postgres, schema);
    return { url: postgres, schema: made, drop: () => dropSchema(postgres, made) };
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  mkdirSync(dirname(file), { recursive: true });
  return { url: `sqlite:${file}`, drop: async () => {} };
}
