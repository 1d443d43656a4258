// Definition versions activated while the product runs, on both databases: the server that activates serves the new
// version at once (a new field listed and saved, without a restart); a change a start or `npm run validate` would
// refuse is refused with their message and changes nothing; a rollback serves an earlier text again; an action path
// new since the start (a new screen's) is served by the fallback route with its body checked as a route's; and on PostgreSQL a second
// server over the same database serves an activation made on the first within DEFINITIONS_POLL_MS.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../server/platform/server';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { readDefinitionFiles, SCREENS_DIR } from '../../server/platform/definitions';
import { MENU_TREE_FILE } from '../../engine/definition/definitionFiles';
import { syncAdminGrants } from '../../server/userManagement/users/userData';
import { servedDefinitions } from '../../server/platform/definitionVersions/definitionVersionStore';
import { SchemaDriftError } from '../../server/platform/resources/schemaSync';
import { defineAction } from '../../server/platform/core/action';
import { validateDefinitions } from '../../scripts/validate-definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';

const COUNTRY = 'basic-configuration/country.json';
const ZONE = 'basic-configuration/zone.json';
const ORIGINAL = readFileSync(join(SCREENS_DIR, COUNTRY), 'utf8');

interface FieldJson {
  name: string;
  label: string;
  [more: string]: unknown;
}

/** Country's definition with its fields changed by `edit`. */
function country(edit: (fields: FieldJson[]) => FieldJson[]): string {
  const json = JSON.parse(ORIGINAL) as { fields: FieldJson[] };
  return JSON.stringify({ ...json, fields: edit(json.fields) }, null, 2);
}

const relabelled = (label: string) => (fields: FieldJson[]) => fields.map((f) => (f.name === 'countryname' ? { ...f, label } : f));
const withField = (field: FieldJson) => (fields: FieldJson[]) => [...fields.slice(0, -1), field, fields.at(-1)!];
const CAPITAL: FieldJson = { name: 'capitalcity', label: 'Capital City', placeholder: 'Capital City', rules: ['max.60', 'pattern.name'], search: { mode: 'advanced' }, column: true, form: true };
/** The new field, and Country Name relabelled. */
const WITH_CAPITAL = country((fields) => withField(CAPITAL)(relabelled('Country Name (official)')(fields)));

/** Polls `probe` until it answers true; fails after `timeoutMs`. */
async function eventually(probe: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabases)('definition versions served without a restart on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const call = (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token: admin, ...extra });
  const activate = async (text: string, reason = 'studio edit') => (await server.app.definitions.activate([{ key: COUNTRY, text, by: 'analyst', reason, approvedby: 'admin' }]))[0];
  const versions = () => server.database.db.selectFrom('definition_version').select(['version', 'source', 'status']).where('definitionkey', '=', COUNTRY).orderBy('version').execute();
  const countryField = (name: string) => server.app.definitions.catalogue().screenByMenu.get('COUNTRY')!.fields.find((f) => f.name === name);
  /** A seeded country's row as listed. */
  const listed = async (countrycode: string) => (await call('/api/country/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { countrycode } } })).body.result[0];
  let seeded: Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    seeded = (await call('/api/country/list', undefined, { paging: { limit: 1, page: 1 } })).body.result[0];
  });
  afterAll(async () => server?.close());

  it('serves an activated version at once: the new label, the new field listed, created and updated with its rules', async () => {
    expect(seeded).not.toHaveProperty('capitalcity');
    const row = await activate(WITH_CAPITAL);
    expect(row).toMatchObject({ definitionkey: COUNTRY, version: 2, source: 'STUDIO', status: 'ACTIVE', createdby: 'analyst', approvedby: 'admin', reason: 'studio edit' });
    expect(await versions()).toEqual([
      { version: 1, source: 'FILE', status: 'SUPERSEDED' },
      { version: 2, source: 'STUDIO', status: 'ACTIVE' },
    ]);
    expect(countryField('countryname')?.label).toBe('Country Name (official)');
    expect(await listed(seeded.countrycode as string)).toMatchObject({ countrycode: seeded.countrycode, capitalcity: null });

    const base = { countrycode: 'XQ', countryname: 'Xquisite', regioncode: seeded.regioncode, countryphonecode: '+997', nationality: 'Xquisitian' };
    const created = await call('/api/country/create', { ...base, capitalcity: 'Xville' });
    expect(created.body.status.responsecode).toBe('0000');
    expect(created.body.result).toMatchObject({ countrycode: 'XQ', capitalcity: 'Xville' });
    const invalid = await call('/api/country/update', { ...base, capitalcity: 'X'.repeat(61) });
    expect(invalid.body.status.responsecode).toBe('1002');
    expect(invalid.body.result.fields).toEqual({ capitalcity: 'Capital City max length 60' });
    expect((await call('/api/country/update', { ...base, capitalcity: 'New Xville' })).body.status.responsecode).toBe('0000');
    expect(await listed('XQ')).toMatchObject({ countrycode: 'XQ', capitalcity: 'New Xville' });
    // The API reference is rebuilt from the new definitions too.
    expect(JSON.stringify(server.app.apiReference())).toContain('capitalcity');
  });

  it("refuses a retyped or removed stored column with the start's message, changing nothing", async () => {
    const before = await versions();
    const retyped = country((fields) => withField(CAPITAL)(fields.map((f) => (f.name === 'countryname' ? { ...f, rules: ['required', 'max.200', 'pattern.name'] } : f))));
    await expect(activate(retyped)).rejects.toMatchObject({
      code: '1002',
      message: new SchemaDriftError(['resource "country": field "countryname" changed type from varchar(100) to varchar(200); write a migration in server/platform/db/migrations that converts country.countryname']).message,
    });
    // The column the version before added, now holding a value.
    const removed = country(relabelled('Country Name (official)'));
    await expect(activate(removed)).rejects.toMatchObject({
      code: '1002',
      message: new SchemaDriftError(['resource "country": field "capitalcity" was removed from its definition but its column holds data; write a migration in server/platform/db/migrations that drops or renames country.capitalcity']).message,
    });
    expect(await versions()).toEqual(before);
    expect(countryField('capitalcity')).toBeDefined();
    expect(countryField('countryname')?.label).toBe('Country Name (official)');
  });

  it("refuses a definition `npm run validate` refuses (an unknown selector) with the validator's message, and a text that is no JSON", async () => {
    const before = await versions();
    const unknown = country((fields) => withField(CAPITAL)(fields.map((f) => (f.name === 'regioncode' ? { ...f, source: { selector: 'no-such-selector' } } : f))));
    const wouldServe = [...(await servedDefinitions(server.database.db)).filter((d) => d.key !== COUNTRY), { key: COUNTRY, text: unknown }];
    const problems = validateDefinitions(wouldServe).problems;
    expect(problems.join('\n')).toContain('no-such-selector');
    await expect(activate(unknown)).rejects.toMatchObject({ code: '1002', message: problems.join('\n') });
    await expect(activate('{ "title": ')).rejects.toMatchObject({ code: '1002' });
    expect(await versions()).toEqual(before);
    expect(countryField('regioncode')?.source).toEqual({ selector: 'region' });
  });

  it('rolls back to an earlier version as a new one; a rollback to before a stored column is refused as a start would', async () => {
    await activate(country((fields) => withField(CAPITAL)(relabelled('Country Name (short)')(fields))));
    expect(countryField('countryname')?.label).toBe('Country Name (short)');
    const row = await server.app.definitions.rollbackTo(COUNTRY, 2, 'analyst', 'back to the official name');
    expect(row).toMatchObject({ version: 4, source: 'STUDIO', status: 'ACTIVE', content: WITH_CAPITAL, reason: 'back to the official name' });
    expect(countryField('countryname')?.label).toBe('Country Name (official)');
    await expect(server.app.definitions.rollbackTo(COUNTRY, 1, 'analyst', 'the file again')).rejects.toMatchObject({ code: '1002', message: expect.stringContaining('field "capitalcity" was removed from its definition') });
    expect((await versions()).at(-1)).toEqual({ version: 4, source: 'STUDIO', status: 'ACTIVE' });
  });

  it("serves a path new since the start through the fallback route, its body checked as a route's; a path gone answers as unknown", async () => {
    const started = server.app.apiActions;
    const added = defineAction({ path: '/api/studio/echo', guard: 'session', data: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } }, handler: async (ctx) => ({ result: ctx.parameter.data }) });
    try {
      server.app.serveActions({ actions: [...started.filter((a) => a.path !== '/api/region/list'), added] });
      expect((await call('/api/studio/echo', { name: 'abc' })).body).toMatchObject({ status: { responsecode: '0000' }, result: { name: 'abc' } });
      const long = await call('/api/studio/echo', { name: 'abcdef' });
      expect(long.http).toBe(400);
      expect(long.body.status.responsemessage).toBe('Invalid request: body.parameter.data.name must NOT have more than 5 characters');
      const noData = await call('/api/studio/echo');
      expect(noData.body.status.responsemessage).toBe("Invalid request: body.parameter must have required property 'data'");
      // The same answer a route registered at start gives.
      expect((await call('/api/region/detail')).body.status.responsemessage).toBe(noData.body.status.responsemessage);
      expect((await call('/api/studio/echo', { name: 'abc' }, { token: undefined })).http).toBe(401);
      const gone = await call('/api/region/list');
      expect([gone.http, gone.body.status]).toEqual([404, { responsecode: '1004', responsemessage: 'Unknown service' }]);
      expect(await call('/api/nothing/here')).toMatchObject({ http: 404, body: { status: { responsemessage: 'Unknown service' } } });
    } finally {
      server.app.serveActions({ actions: started });
    }
    expect((await call('/api/region/list')).http).toBe(200);
    expect((await call('/api/studio/echo', { name: 'abc' })).http).toBe(404);
  });

  it('serves a new screen activated with its menu: its table made, its actions served by the fallback route', async () => {
    const files = readDefinitionFiles();
    const region = JSON.parse(files.find((d) => d.key === 'basic-configuration/region.json')!.text) as Record<string, unknown>;
    const zone = JSON.stringify({ ...region, menucode: 'ZONE', title: 'Zone', resource: { name: 'zone', key: ['regioncode'] } }, null, 2);
    const regionMenu = '{ "menucode": "REGION", "path": "/region", "label": "Region" },';
    const tree = files.find((d) => d.key === MENU_TREE_FILE)!.text.replace(regionMenu, `${regionMenu} { "menucode": "ZONE", "path": "/zone", "label": "Zone" },`);
    const change = (key: string, text: string) => ({ key, text, by: 'analyst', reason: 'a new screen' });
    expect((await call('/api/zone/list')).http).toBe(404);
    // Alone, the screen is refused: its menu is not in the tree.
    await expect(server.app.definitions.activate([change(ZONE, zone)])).rejects.toMatchObject({ code: '1002', message: expect.stringContaining('menu "ZONE" is not in the menu tree') });
    await server.app.definitions.activate([change(MENU_TREE_FILE, tree), change(ZONE, zone)]);
    // The administrator's grants of a new menu's functions: what the next start's seed gives.
    await syncAdminGrants(server.database.db, server.app.definitions.catalogue());
    const created = await call('/api/zone/create', { regioncode: 'Z1', regionname: 'Zone One' });
    expect(created.body.status.responsecode).toBe('0000');
    const list = await call('/api/zone/list', undefined, { paging: { limit: 10, page: 1 } });
    expect([list.body.result.map((r: { regioncode: string }) => r.regioncode), list.body.paging?.totalrecord]).toEqual([['Z1'], 1]);
    expect((await call('/api/zone/create', { regioncode: 'Z2', regionname: 'Zone Two', secret: 1 })).body.status.responsemessage).toBe('Invalid request: unknown field "secret"');
    expect(server.app.apiReference().paths['/api/zone/list']).toBeDefined();
  });

  describe.runIf(target.name === 'postgres')('with a second server over the same database', () => {
    let second: { app: FastifyInstance; database: Database; url: string; logs: string[] };

    beforeAll(async () => {
      const database = openDatabase(server.databaseUrl, { schema: server.database.schema });
      const logs: string[] = [];
      const logger = new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) });
      const { app } = await createServer({ config: { ...server.config, definitionsPollMs: 100 }, database, logger });
      await app.listen({ port: 0, host: '127.0.0.1' });
      second = { app, database, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, logs };
    });
    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
    });

    it('serves an activation made on the first server within DEFINITIONS_POLL_MS', async () => {
      const label = () => second.app.definitions.catalogue().screenByMenu.get('COUNTRY')!.fields.find((f) => f.name === 'countryname')?.label;
      expect(label()).toBe('Country Name (official)');
      const anthem: FieldJson = { name: 'anthem', label: 'Anthem', rules: ['max.80'], column: true, form: true };
      await activate(country((fields) => withField(anthem)(withField(CAPITAL)(relabelled('Country Name (both servers)')(fields)))));
      // From the version's commit (the first server serves it by then).
      const activated = Date.now();
      const listedOnSecond = async () => {
        const response = await fetch(`${second.url}/api/country/list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ identity: { reqtxnid: 'r-1', reqdate: new Date().toISOString(), appid: 'alms-1' }, paging: { limit: 1, page: 1 }, parameter: { criteria: { countrycode: 'XQ' } } }),
        });
        const body = (await response.json()) as { result?: Record<string, unknown>[] };
        return body.result?.[0] !== undefined && 'anthem' in body.result[0];
      };
      await eventually(listedOnSecond);
      expect(Date.now() - activated, second.logs.filter((line) => line.includes('reloaded')).join('')).toBeLessThan(5000);
      expect(label()).toBe('Country Name (both servers)');
    });
  });
});
