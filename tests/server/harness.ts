// Starts the real server over real HTTP on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL too.
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { APP_ID, type ResponseEnvelope } from '../../engine/api/envelope';
import { readConfig, type ServerConfig } from '../../server/core/config';
import type { Action } from '../../server/core/action';
import type { Catalogue } from '../../engine/definition/catalogue';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/db/database';
import { createServer } from '../../server/server';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Kysely } from 'kysely';
import { createDatabase, createSchema, databaseUrl, dropDatabase, dropSchema } from '../../server/db/pgSchema';
import { TEMPLATE_SCHEMA } from './pgTemplate';
import { sha256Hex } from '../../server/session/sessionStore';

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
    await setup(database.db as unknown as Kysely<any>);
  });
  afterAll(async () => {
    await database?.close();
    if (schema) await dropTestSchema(target.url, schema);
  });
  return { database: () => database!, db: () => database!.db as unknown as Kysely<any> };
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

/**
 * The database a test file's server runs on: on PostgreSQL a copy of the run's template (tests/server/pgTemplate.ts)
 * when the server uses the product's catalogue, else a schema of its own that createServer builds.
 */
async function testDatabase(target: TestDatabase, ownCatalogue: boolean): Promise<{ url: string; schema: string | undefined; drop: () => Promise<void> }> {
  if (target.name !== 'postgres') return { url: target.url, schema: undefined, drop: async () => {} };
  const template = ownCatalogue ? undefined : inject('pgTemplate');
  if (template) {
    const name = await createDatabase(target.url, 't', template);
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
  /** `now`: the server's clock starts there (and seeds the demo as of that day, in a database of its own); `log`: the database's query log. */
  start: { now?: Date } & Pick<DatabaseOptions, 'log'> = {},
): Promise<TestServer> {
  // DEMO_MEMBERS 0: the twenty named demo members only (the full ~2,000 take seconds to seed); a test may ask for more.
  const config = readConfig({ CAPTCHA_MAX_NUMBER: '2000', LOG_LEVEL: 'info', STATIC_DIR: '.tmp/no-app', DEMO_MEMBERS: '0', ...env });
  const own = await testDatabase(target, catalogue !== undefined || start.now !== undefined);
  const database = openDatabase(own.url, { schema: own.schema, log: start.log });
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

  return { url, databaseUrl: own.url, database, config, clock, logs, actions: app.apiActions, compileValidators: () => app.routeValidators.compileEveryValidator(), call, raw, captcha, login, close };
}
