// Starts the real server over real HTTP on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL too.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { APP_ID, type ResponseEnvelope } from '../../engine/api/envelope';
import { readConfig, type ServerConfig } from '../../server/platform/core/config';
import type { Action } from '../../server/platform/core/action';
import type { Catalogue } from '../../engine/definition/catalogue';
import { openDatabase, sqliteImage, type Database, type DatabaseOptions } from '../../server/platform/db/database';
import { definitionDb } from '../../server/platform/db/definitionDb';
import { createServer } from '../../server/platform/server';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createDatabase, createSchema, databaseExists, databaseUrl, dropDatabase, dropSchema, renameDatabase } from '../../server/platform/db/pgSchema';
import { TEMPLATE_SCHEMA } from './pgTemplate';
import { sha256Hex } from '../../server/platform/core/sha256';
import { DEMO_AS_OF } from '../../server/platform/seed/seedDates';

/**
 * The start of a server for tests written on the demo's calendar (its seasons, blackouts and rule periods, trips
 * some weeks ahead): its clock starts on the day the demo's rows are written as of, so the demo is seeded
 * unmoved and the tests' dates keep their meaning on whatever day the suite runs. demoCalendar.test.ts seeds on
 * a real day instead.
 */
export const ON_DEMO_DAY = { now: new Date(`${DEMO_AS_OF}T03:00:00Z`) };

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
}

export const testDatabases: TestDatabase[] = [
  { name: 'sqlite', url: 'sqlite::memory:' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

/** PostgreSQL: a fresh schema for one test file, so files run in parallel without meeting. */
export const createTestSchema = (url: string): Promise<string> => createSchema(url, 't');
export const dropTestSchema = dropSchema;

/**
 * A bare database of the target for a describe block (no server, no migrations; its own schema on PostgreSQL),
 * opened with `setup` before its tests and closed (the schema dropped) after them.
 */
export function bareDatabase(target: TestDatabase, setup: (db: Kysely<any>) => Promise<void>): { database: () => Database; db: () => Kysely<any> } {
  let database: Database | undefined;
  let schema: string | undefined;
  beforeAll(async () => {
    schema = target.name === 'postgres' ? await createTestSchema(target.url) : undefined;
    database = openDatabase(target.url, { schema });
    await setup(database.db);
  });
  afterAll(async () => {
    await database?.close();
    if (schema) await dropTestSchema(target.url, schema);
  });
  return { database: () => database!, db: () => definitionDb(database!.db) };
}

export interface Call {
  http: number;
  body: ResponseEnvelope<any>;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  appid?: string;
  paging?: { limit: number; page: number };
  parameter?: Record<string, unknown>;
}

/** What a server's first start seeds depends on: its configuration and its clock. */
interface SeedFor {
  env: Record<string, string>;
  now: Date | undefined;
}

const testConfig = (env: Record<string, string>) =>
  // DEMO_MEMBERS 0: the twenty named demo members only (the full ~2,000 take seconds to seed); a test may ask for more.
  readConfig({ CAPTCHA_MAX_NUMBER: '2000', LOG_LEVEL: 'info', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0', ...env });

const clockFrom = (start: Date | undefined) => {
  const offsetMs = start ? start.getTime() - Date.now() : 0;
  return () => new Date(Date.now() + offsetMs);
};

const nowhere = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

/**
 * Seeded images. A server's first start on an empty database (every table, the reference data, the demo seeded as
 * of its clock's day) takes 10-50 s on a busy machine; a start on the database such a start left behind takes a
 * second or two, as a restart does in production. So the first file of a run whose server has a configuration and
 * a day makes that database once, and every file with the same starts on a copy of it: on SQLite the image's bytes
 * opened in memory, on PostgreSQL CREATE DATABASE ... TEMPLATE.
 */
const imageKey = ({ env, now }: SeedFor) =>
  // A server whose clock starts at a given moment is seeded as of that moment (to the minute); one on the real clock
  // as of the image's making, so such an image is made again after IMAGE_MAX_AGE_MS.
  sha256Hex(JSON.stringify([Object.entries(env).sort(([a], [b]) => a.localeCompare(b)), now ? now.toISOString().slice(0, 16) : 'real clock'])).slice(0, 16);

async function firstStart(database: Database, { env, now }: SeedFor): Promise<void> {
  const { app } = await createServer({ config: testConfig(env), database, now: clockFrom(now), logger: nowhere() });
  await app.close();
}

/**
 * An image older than this is made again: some demo rows hold for an hour from the seeding (a cash purchase
 * waits that long for its payment), and a test expects the demo as a first start leaves it.
 */
const IMAGE_MAX_AGE_MS = 10 * 60_000;
/** Real time, whatever Date says (onAnotherDay.ts moves Date). */
const realNow = () => performance.timeOrigin + performance.now();

async function sqliteSeededImage(seedFor: SeedFor): Promise<Buffer> {
  const file = join(inject('imageDir'), `${imageKey(seedFor)}.db`);
  if (!existsSync(file) || realNow() - statSync(file).mtimeMs > IMAGE_MAX_AGE_MS) {
    const database = openDatabase('sqlite::memory:');
    await firstStart(database, seedFor);
    const building = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(building, sqliteImage(database.db));
    await database.close();
    renameSync(building, file);
  }
  return readFileSync(file);
}

async function pgSeededImage(url: string, seedFor: SeedFor): Promise<string> {
  const template = inject('pgTemplate');
  // Named by the minutes-long period it was made in: a later period makes its own.
  const name = `${template}_i${imageKey(seedFor)}_${Math.floor(realNow() / IMAGE_MAX_AGE_MS)}`;
  if (!(await databaseExists(url, name))) {
    const building = await createDatabase(url, 'timg', template);
    const database = openDatabase(databaseUrl(url, building), { schema: TEMPLATE_SCHEMA });
    await firstStart(database, seedFor);
    await database.close();
    // Another file may have made it meanwhile: then this one goes.
    if (!(await renameDatabase(url, building, name))) await dropDatabase(url, building);
  }
  return name;
}

/**
 * The database a test file's server runs on: a copy of the seeded image of its configuration and day, or, when the
 * server uses a catalogue of its own, an empty one (SQLite in memory; on PostgreSQL a schema of its own).
 */
async function testDatabase(target: TestDatabase, seedFor: SeedFor | undefined): Promise<{ url: string; schema: string | undefined; image?: Buffer; drop: () => Promise<void> }> {
  if (target.name !== 'postgres') {
    // A SQLite file (a test whose threads open the database) starts empty; one in memory from the image.
    const image = seedFor && target.url === 'sqlite::memory:' ? await sqliteSeededImage(seedFor) : undefined;
    return { url: target.url, schema: undefined, image, drop: async () => {} };
  }
  if (seedFor) {
    const name = await createDatabase(target.url, 't', await pgSeededImage(target.url, seedFor));
    return { url: databaseUrl(target.url, name), schema: TEMPLATE_SCHEMA, drop: () => dropDatabase(target.url, name) };
  }
  const schema = await createTestSchema(target.url);
  return { url: target.url, schema, drop: () => dropTestSchema(target.url, schema) };
}

export interface TestServer {
  url: string;
  /** The database's URL (on PostgreSQL a database of the file's own: see testDatabase). */
  databaseUrl: string;
  database: Database;
  config: ServerConfig;
  /** The server's clock: tests move it forward to expire sessions, locks and passwords. */
  clock: { offsetMs: number };
  logs: string[];
  /** Every API action the server serves. */
  actions: readonly Action[];
  /** The Fastify app itself (its routes and its API reference). */
  app: FastifyInstance;
  /** Compiles every route's body validator (compiled on first use otherwise); the number of distinct schemas. */
  compileValidators(): number;
  call(path: string, data?: unknown, options?: CallOptions): Promise<Call>;
  raw(path: string, init: RequestInit): Promise<Call>;
  captcha(): Promise<string>;
  login(username: string, password?: string): Promise<Call>;
  close(): Promise<void>;
}

export async function startTestServer(
  target: TestDatabase,
  env: Record<string, string> = {},
  extraActions: Action[] = [],
  catalogue?: Catalogue,
  /**
   * `now`: the server's clock starts there (and seeds the demo as of that day); `log`: the database's query log;
   * `screensDir`: the definition files the start syncs into its versions (a test's changed copy of screens/).
   */
  start: { now?: Date; screensDir?: string } & Pick<DatabaseOptions, 'log'> = {},
): Promise<TestServer> {
  const config = testConfig(env);
  const own = await testDatabase(target, catalogue ? undefined : { env, now: start.now });
  const database = openDatabase(own.url, { schema: own.schema, log: start.log, image: own.image });
  const clock = { offsetMs: start.now ? start.now.getTime() - Date.now() : 0 };
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const { app } = await createServer({
    config,
    database,
    extraActions,
    catalogue,
    ...(start.screensDir ? { screensDir: start.screensDir } : {}),
    now: () => new Date(Date.now() + clock.offsetMs),
    logger: sink,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let seq = 0;

  const raw = async (path: string, init: RequestInit): Promise<Call> => {
    const response = await fetch(url + path, init);
    const text = await response.text();
    let body: ResponseEnvelope<any>;
    try {
      body = JSON.parse(text);
    } catch {
      body = { status: { responsecode: 'NOT_JSON', responsemessage: text } };
    }
    return { http: response.status, body, text, headers: response.headers };
  };

  const call = (path: string, data?: unknown, options: CallOptions = {}) => {
    const envelope = {
      identity: {
        reqtxnid: `t-${++seq}`,
        reqdate: new Date().toISOString(),
        appid: options.appid ?? APP_ID,
        userid: '',
        signature: options.token ?? '',
        seqno: seq,
      },
      ...(options.paging ? { paging: options.paging } : {}),
      parameter: { ...(options.parameter ?? {}), ...(data === undefined ? {} : { data }) },
    };
    return raw(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: JSON.stringify(envelope),
    });
  };

  const captcha = async () => {
    const { body } = await call('/api/session/captcha');
    const challenge = body.result as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('captcha not solved');
    const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  };

  const login = async (username: string, password = 'Admin#2026') =>
    call('/api/session/authenticate', { username, password: sha256Hex(password), recaptcha: await captcha() });

  const close = async () => {
    await app.close();
    await database.close();
    await own.drop();
  };

  return { url, databaseUrl: own.url, database, config, clock, logs, actions: app.apiActions, app, compileValidators: () => app.routeValidators.compileEveryValidator(), call, raw, captcha, login, close };
}
