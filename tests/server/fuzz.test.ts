// Generated envelopes against every route kind on both databases: no answer is a 5xx or leaks SQL or a
// stack, and no table changes beyond what the requests that succeeded may write (and failure bookkeeping).
// FUZZ_RUNS sets the number of requests per database (1000 in `npm test`; `npm run fuzz` sends 20,000), FUZZ_SEED
// replays a run.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, EXTEND_APP_ID } from '../../engine/api/envelope';
import { MEMBER_FLOW_PATHS } from '../../domain/memberFlows';
import { resourceModel, type ResolvedField, type ResourceModel } from '../../engine/definition/compile';
import { serverModules } from '../../server/platform/modules';
import type { Action } from '../../server/platform/core/action';
import { loadCatalogue } from '../../server/platform/definitions';
import { CountCache } from '../../server/platform/resources/countCache';
import { resourceActions } from '../../server/platform/resources/resourceActions';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Requests between two snapshots of every table. */
const BATCH = 40;
// A stack frame is 'at name (file:line:column)': a label such as 'Redeemable at Branches (all when empty)' is none.
const LEAKS = /stack|at [\w.<>$]+ \([^)]*:\d+:\d+\)|select |insert |update \w+ set|<html|node_modules|sqlite|postgres/i;

// ---- the routes --------------------------------------------------------------------------------

// Every route the server serves is fuzzed (TestServer.actions); the generic resource routes and the
// selector are known here too, so their data can be drawn from their fields and their writes named.
const catalogue = loadCatalogue();
const services = { catalogue, dialect: 'sqlite' as const, counts: new CountCache(), hooks: (await serverModules()).hooks(catalogue) };
const genericPaths = new Set(resourceActions(services).map((a) => a.path));
const SELECTOR_PATH = '/api/selector/options';
const READS = new Set(['list', 'detail', 'download']);

/** Tables the hooks of a resource write besides its own (the modules' hooks, server/platform/modules.ts). */
const HOOK_TABLES: Record<string, string[]> = { user: ['outbox', 'one_time_key', 'session'], role: ['role_permission', 'role_enrollment'] };
/** Tables a successful domain call may write; a domain route not listed may write any. */
const DOMAIN_WRITES: Record<string, string[]> = {
  '/api/session/captcha': [],
  '/api/session/check': [],
  '/api/role/get-menu': [],
  '/api/role/retrieve-detail': [],
  '/api/user/profile': [],
  [MEMBER_FLOW_PATHS.memberProfile]: [],
  [MEMBER_FLOW_PATHS.otpSecondsTimeLimit]: [],
  [MEMBER_FLOW_PATHS.retrieveKey]: [],
  '/api/session/authenticate': ['session', 'user_log', 'app_user'],
  '/api/session/extend': ['session', 'user_log'],
  '/api/session/expire': ['session', 'user_log', 'file_link'],
  [MEMBER_FLOW_PATHS.memberResetRequest]: ['user_log', 'outbox', 'one_time_key'],
};
const ANY = '*';

/** The resource a path is under (/api/<resource>/...), if it names one. */
function resourceOf(path: string): ResourceModel | undefined {
  const screen = catalogue.screenByResource.get(path.split('/')[2]!);
  return screen && resourceModel(screen);
}

const lastSegment = (path: string) => path.split('/').at(-1)!;

function writesOf(path: string): string[] {
  if (genericPaths.has(path)) {
    if (READS.has(lastSegment(path))) return [];
    const model = resourceOf(path)!;
    // A write on a menu under maker-checker becomes an approval request instead.
    // A resource with domain hooks not named in HOOK_TABLES (members, tiers, accrual, promotions, retro claims,
    // activity files) may write what its hooks write: any table, after a success only.
    return [model.table, 'user_log', 'approval_request', ...(HOOK_TABLES[model.name] ?? (services.hooks[model.name] ? [ANY] : []))];
  }
  if (path === SELECTOR_PATH) return [];
  return DOMAIN_WRITES[path] ?? (READS.has(lastSegment(path)) ? [] : [ANY]);
}

// ---- what a database holds, minus the bookkeeping of failures ----------------------------------

/** Written by requests that fail, on purpose: used captchas, failure counters, failed-attempt logs. */
const BOOKKEEPING_TABLES = new Set(['captcha_used', 'client_failure', 'server_secret']);
const BOOKKEEPING_COLUMNS: Record<string, string[]> = { app_user: ['failedcount', 'lockeduntil'], otp_session: ['attempts', 'verificationstatus'] };
const isFailureLog = (table: string, row: Record<string, unknown>) => table === 'user_log' && /FAIL|LOCK/.test(String(row.legend));

/** The tables that hold data: not views, and not the search indexes kept as tables (SQLite's full-text tables and their shadow tables, PostgreSQL's posting tables), which follow their base table. */
async function tablesOf(server: TestServer): Promise<string[]> {
  const tables = await server.database.db.introspection.getTables();
  const virtual =
    server.database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(server.database.db)).rows.map((r) => r.name)
      : [];
  // PostgreSQL's contains-search posting tables (<table>__<field>_tri) follow their base table too.
  const derived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`)) || /__.+_tri$/.test(name);
  return tables.filter((t) => !t.isView && !derived(t.name) && (server.database.schema === undefined || t.schema === server.database.schema)).map((t) => t.name);
}

/** Table -> a hash of its rows (order-free), bookkeeping left out. */
async function fingerprint(server: TestServer, tables: string[]): Promise<Map<string, string>> {
  const db = definitionDb(server.database.db);
  const prints = new Map<string, string>();
  for (const table of tables) {
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const skip = BOOKKEEPING_COLUMNS[table] ?? [];
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    const lines = rows
      .filter((row) => !isFailureLog(table, row))
      .map((row) => {
        for (const name of skip) delete row[name];
        return JSON.stringify(row);
      })
      .sort();
    prints.set(table, createHash('sha1').update(lines.join('\n')).digest('hex'));
  }
  return prints;
}

// ---- generated values --------------------------------------------------------------------------

const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '%', '%_%', "' or '1'='1", '"; drop table region; --', 'x'.repeat(300), '\u0000', 'a\u0000b', '\ud800'),
  fc.constantFrom('2026-02-30', '2026-11-22', '2026-11-22T10:00:00.000Z', '9999-99-99', 'ACTIVE', 'INACTIVE', '727983', 'NaN', '1e309', '__proto__', 'true', 'null'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 2, 1e300, -1e300, 1.5),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<unknown>({ toString: 'x' }, { valueOf: 1 }, { toString: null }, [], [null], {}),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxKeys: 3 }),
);

/** A plain value of some JSON type, often not the field's own. */
const anyType: fc.Arbitrary<unknown> = fc.oneof(
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 12 }),
  fc.constant({ toString: 'x' }),
  fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
);

const day = fc.integer({ min: -4000, max: 4000 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

/** A value a field could hold (its own type, its options, what the table holds) or anything at all. */
function fieldValue(field: ResolvedField, samples: unknown[]): fc.Arbitrary<unknown> {
  const own: Record<ResolvedField['type'], fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: field.maxLength ?? 40 }),
    text: fc.string({ maxLength: 80 }),
    integer: fc.integer({ min: -5, max: 100 }),
    number: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    boolean: fc.boolean(),
    date: day,
    datetime: day,
    list: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  };
  const choices = [...(field.options?.map((o) => o.value) ?? []), ...samples];
  return fc.oneof(
    { weight: 3, arbitrary: choices.length > 0 ? fc.constantFrom(...choices) : own[field.type] },
    { weight: 3, arbitrary: own[field.type] },
    { weight: 2, arbitrary: anyType },
    { weight: 1, arbitrary: nasty },
  );
}

const hex64 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
const VALID_CAPTCHA = '<a solved captcha>';

interface Pools {
  /** Resource -> field -> values its table holds (the admin's own rows left out). */
  samples: Map<string, Map<string, unknown[]>>;
  /** Usernames, member ids, card numbers, e-mails: values domain calls look up. */
  names: string[];
}

function dataOfSchema(schema: Record<string, unknown> | undefined, pools: Pools): fc.Arbitrary<unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const entries = Object.entries(properties).map(([name, prop]) => {
    const typed: fc.Arbitrary<unknown>[] = [];
    if ('const' in prop) typed.push(fc.constant(prop.const));
    if (prop.type === 'integer' || (Array.isArray(prop.type) && prop.type.includes('integer'))) typed.push(fc.integer({ min: -10, max: 2000 }));
    if (prop.type === 'string') typed.push(fc.constantFrom(...pools.names), hex64, fc.constant(sha256Hex('Admin#2026')), fc.string({ maxLength: 20 }));
    if (/captcha/.test(name)) typed.push(fc.constant(VALID_CAPTCHA));
    const value = fc.oneof({ weight: 6, arbitrary: typed.length > 0 ? fc.oneof(...typed) : nasty }, { weight: 1, arbitrary: nasty });
    return [name, value] as const;
  });
  const required = (schema?.required ?? []) as string[];
  const known = fc.oneof(
    { weight: 5, arbitrary: fc.record(Object.fromEntries(entries), { requiredKeys: required.filter((name) => name in properties) }) },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(entries), { requiredKeys: [] }) },
  );
  return fc.oneof({ weight: 12, arbitrary: known }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 }) }, { weight: 1, arbitrary: nasty });
}

function recordOf(model: ResourceModel, pools: Pools, names: string[]): fc.Arbitrary<Record<string, unknown>> {
  const samples = pools.samples.get(model.name) ?? new Map<string, unknown[]>();
  const byName = new Map([...model.fields, ...model.unstored].map((f) => [f.name, f]));
  const entries = names.map((name) => [name, byName.has(name) ? fieldValue(byName.get(name)!, samples.get(name) ?? []) : nasty] as const);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
}

function resourceParameter(action: Action, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const model = resourceOf(action.path)!;
  const verb = action.path.split('/')[3]!;
  const fieldNames = [...model.fields, ...model.unstored].map((f) => f.name);
  if (verb === 'list' || verb === 'download') {
    return fc.record(
      {
        criteria: fc.oneof({ weight: 8, arbitrary: recordOf(model, pools, fieldNames) }, { weight: 1, arbitrary: recordOf(model, pools, [...fieldNames, 'createdby', 'secret']) }),
        sort: fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...fieldNames, 'secret').chain((name) => fc.record({ [name]: fc.constantFrom('asc', 'desc') })) },
          { weight: 1, arbitrary: nasty },
        ),
        column: fc.array(fc.constantFrom(...fieldNames), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
  }
  const names = verb === 'create' || verb === 'update' ? fieldNames : model.key;
  return fc.record({
    data: fc.oneof(
      { weight: 16, arbitrary: recordOf(model, pools, names) },
      { weight: 2, arbitrary: recordOf(model, pools, [...fieldNames, 'secret']) },
      { weight: 1, arbitrary: nasty },
    ),
  });
}

function selectorParameter(pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...Object.keys(catalogue.selectors), 'nothing').chain((name) => {
    const selector = catalogue.selectors[name];
    const screen = selector && catalogue.screenByResource.get(selector.resource);
    const criteria = screen ? recordOf(resourceModel(screen), pools, [...resourceModel(screen).fields.map((f) => f.name), 'secret']) : fc.constant({});
    return fc.record({ data: fc.record({ selector: fc.constant(name), criteria: fc.oneof({ weight: 8, arbitrary: criteria }, { weight: 1, arbitrary: nasty }) }, { requiredKeys: ['selector'] }) });
  });
}

interface FuzzRequest {
  path: string;
  token: 'admin' | 'none' | 'bogus';
  body: unknown;
}

/** Any other route: data from its schema (or, under a resource, from its fields), criteria of anything. */
function otherParameter(action: Action, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const model = resourceOf(action.path);
  const fromFields = model && recordOf(model, pools, [...model.fields, ...model.unstored].map((f) => f.name));
  const data = fromFields ? fc.oneof(dataOfSchema(action.data, pools), fromFields) : dataOfSchema(action.data, pools);
  return fc.record({ data, criteria: fromFields ?? fc.dictionary(fc.string({ maxLength: 10 }), nasty, { maxKeys: 3 }) }, { requiredKeys: [] });
}

function requests(routes: readonly Action[], pools: Pools): fc.Arbitrary<FuzzRequest> {
  const generic = routes.filter((a) => genericPaths.has(a.path));
  const selector = routes.filter((a) => a.path === SELECTOR_PATH);
  const others = routes.filter((a) => !genericPaths.has(a.path) && a.path !== SELECTOR_PATH);
  const route = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...generic).map((action) => ({ action, parameter: resourceParameter(action, pools) })) },
    { weight: 1, arbitrary: fc.constantFrom(...selector).map((action) => ({ action, parameter: selectorParameter(pools) })) },
    { weight: 4, arbitrary: fc.constantFrom(...others).map((action) => ({ action, parameter: otherParameter(action, pools) })) },
  );
  return route.chain(({ action, parameter }) =>
    fc.record({
      path: fc.constant(action.path),
      // The fuzz's own session stays alive: it never ends it itself.
      token: action.path === '/api/session/expire' ? fc.constantFrom('none' as const, 'bogus' as const) : fc.constantFrom('admin' as const, 'admin' as const, 'admin' as const, 'none' as const, 'bogus' as const),
      body: fc.oneof(
        {
          weight: 40,
          arbitrary: fc.record(
            {
              identity: fc.oneof(
                { weight: 30, arbitrary: fc.constant({ reqtxnid: 'fuzz', reqdate: '2026-11-23', appid: action.appids?.[0] ?? APP_ID, userid: '', seqno: 1 }) },
                { weight: 1, arbitrary: fc.record({ reqtxnid: nasty, reqdate: nasty, appid: fc.constantFrom(APP_ID, EXTEND_APP_ID, 'other') }, { requiredKeys: [] }) },
              ),
              paging: fc.oneof(
                { weight: 12, arbitrary: fc.record({ limit: fc.constantFrom(10, 10, -1, 1, 1000), page: fc.constantFrom(1, 1, 2, 1_000_000) }) },
                { weight: 1, arbitrary: fc.record({ limit: fc.constantFrom(0, 1001, 2.5), page: fc.constantFrom(0, -1) }) },
                { weight: 1, arbitrary: nasty },
              ),
              parameter,
            },
            { requiredKeys: ['identity', 'parameter'] },
          ),
        },
        { weight: 1, arbitrary: nasty },
      ),
    }),
  );
}

// ---- the run -----------------------------------------------------------------------------------

describe.each(testDatabases)('fuzzed envelopes on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let pools: Pools;
  const captchas: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(target, { MINIVIEW_RATE_PER_MINUTE: '1000000' });
    admin = (await server.login('admin')).body.result.bearer;
    const db = definitionDb(server.database.db);
    const adminRole = (await server.database.db.selectFrom('app_user').select('rolecode').where('username', '=', 'admin').executeTakeFirstOrThrow()).rolecode;
    const samples = new Map<string, Map<string, unknown[]>>();
    for (const screen of catalogue.screens) {
      const model = resourceModel(screen);
      // The fuzz's own account and role are never named, so its session keeps its grants.
      const rows = ((await db.selectFrom(model.table).selectAll().limit(6).execute()) as Record<string, unknown>[]).filter((r) => r.username !== 'admin' && r.rolecode !== adminRole);
      samples.set(model.name, new Map(model.fields.map((f) => [f.name, [...new Set(rows.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined))]])));
    }
    const members = await server.database.db.selectFrom('member').select(['memberid', 'username', 'email']).limit(5).execute();
    const cards = await server.database.db.selectFrom('member_card').select('cardnumber').limit(3).execute();
    const names = ['bod', 'branch', 'partner', 'expired', 'nobody', 'Partner Officer', 'SUMMARY', 'PROFILE_UPDATE'];
    for (const m of members) names.push(m.memberid, m.username, ...(m.email ? [m.email] : []));
    for (const c of cards) names.push(c.cardnumber);
    pools = { samples, names };
    for (let i = 0; i < 20; i++) captchas.push(await server.captcha());
  });
  afterAll(async () => server?.close());

  it(`answers ${RUNS} generated requests without a 5xx, a leak or an unintended change (seed ${SEED})`, { timeout: Math.max(600_000, RUNS * 100) }, async () => {
    const generated = fc.sample(requests(server.actions, pools), { numRuns: RUNS, seed: SEED });
    const faults: string[] = [];
    // Tables are made on start only (migrations and definitions), so one listing serves the run.
    const tables = await tablesOf(server);
    let before = await fingerprint(server, tables);
    let batch: { request: FuzzRequest; code: string }[] = [];
    let served = 0;
    const codes: Record<string, number> = {};

    const send = async (request: FuzzRequest) => {
      let body = request.body;
      if (JSON.stringify(body)?.includes(VALID_CAPTCHA)) {
        body = JSON.parse(JSON.stringify(body).replaceAll(JSON.stringify(VALID_CAPTCHA), JSON.stringify(captchas.pop() ?? 'used up')));
      }
      const token = request.token === 'admin' ? admin : request.token === 'bogus' ? 'bogus-token' : undefined;
      const call = await server.raw(request.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body) ?? 'null',
      });
      served++;
      const code = String(call.body?.status?.responsecode);
      const shown = `${request.path} [${request.token}] ${JSON.stringify(body).slice(0, 400)} -> ${call.http} ${call.text.slice(0, 200)}`;
      if (call.http >= 500) faults.push(`5xx: ${shown}`);
      else if (!/^\d{4}$/.test(code) || !String(call.headers.get('content-type')).includes('application/json')) faults.push(`not an envelope: ${shown}`);
      // Only error answers are read for leaks: a success carries stored data, which may hold any text.
      else if (!code.startsWith('0') && LEAKS.test(call.text)) faults.push(`leak: ${shown}`);
      // A session extended with the fuzz's token hands back the next one.
      if (request.token === 'admin' && call.body?.identity?.signature) admin = call.body.identity.signature;
      batch.push({ request, code });
      codes[code] = (codes[code] ?? 0) + 1;
    };

    const compare = async () => {
      const after = await fingerprint(server, tables);
      const allowed = new Set(batch.filter((b) => b.code.startsWith('0')).flatMap((b) => writesOf(b.request.path)));
      if (!allowed.has(ANY)) {
        for (const [table, print] of after) {
          if (before.get(table) !== print && !allowed.has(table)) {
            faults.push(`${table} changed by requests that wrote nothing to it:\n  ${batch.map((b) => `${b.request.path} -> ${b.code}`).join('\n  ')}`);
          }
        }
      }
      before = after;
      batch = [];
      if ((await server.call('/api/session/check', undefined, { token: admin })).body.status.responsecode !== '0000') {
        admin = (await server.login('admin')).body.result.bearer;
        before = await fingerprint(server, tables);
      }
    };

    for (const request of generated) {
      await send(request);
      if (batch.length >= BATCH) await compare();
      if (faults.length >= 5) break;
    }
    await compare();
    // How deep the requests went: answers by response code.
    if (process.env.FUZZ_REPORT) console.log(target.name, JSON.stringify(Object.entries(codes).sort((a, b) => b[1] - a[1])));
    expect(faults, `FUZZ_SEED=${SEED}`).toEqual([]);
    expect(served).toBe(RUNS);
  });
});
