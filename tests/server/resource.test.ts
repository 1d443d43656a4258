// The generic resource API built from screens/basic-configuration/{region,country}.json, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';

describe.each(testDatabases)('generic resource API on $name', (target) => {
  let server: TestServer;
  let admin: string;
  /** Regions of the reference data seeded on start (server/platform/seed/referenceData.ts). */
  let seededRegions: number;
  const call = (path: string, data?: unknown, extra: Record<string, unknown> = {}) =>
    server.call(path, data, { token: admin, ...extra });
  const region = (regioncode: string, regionname: string) => call('/api/region/create', { regioncode, regionname });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    seededRegions = (await call('/api/region/list', undefined, { paging: { limit: 1, page: 1 } })).body.paging!.totalrecord;
  });
  afterAll(async () => server?.close());

  it('creates a record, sets its status ACTIVE and audit fields, and lists it', async () => {
    const created = await region('ASIA', 'Asia Pacific');
    expect(created.body.status.responsecode).toBe('0000');
    expect(created.body.result).toMatchObject({ regioncode: 'ASIA', regionname: 'Asia Pacific', status: 'ACTIVE', createdby: 'admin' });
    const list = await call('/api/region/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { regioncode: 'ASIA' } } });
    expect(list.body.result).toHaveLength(1);
    expect(list.body.paging).toEqual({ page: 1, limit: 10, totalrecord: 1 });
  });

  it('refuses a duplicate key with a message naming the field, and stores nothing', async () => {
    const duplicate = await region('ASIA', 'Another');
    expect(duplicate.body.status).toEqual({ responsecode: '1009', responsemessage: 'Region Code "ASIA" already exists' });
    expect(duplicate.body.result.fields).toEqual({ regioncode: 'Region Code "ASIA" already exists' });
    const detail = await call('/api/region/detail', { regioncode: 'ASIA' });
    expect(detail.body.result.regionname).toBe('Asia Pacific');
  });

  it('validates with the rule language and answers field messages', async () => {
    const lower = await region('asia2', 'Asia');
    expect(lower.body.status.responsecode).toBe('1002');
    expect(lower.body.result.fields.regioncode).toBe('Region Code can be filled with uppercase letters and numbers only');
    const long = await region('ABCDEFGHIJK', 'Too long');
    expect(long.body.result.fields.regioncode).toBe('Region Code max length 10');
    const missing = await call('/api/region/create', { regioncode: 'EU' });
    expect(missing.body.result.fields).toEqual({ regionname: 'Region Name is Required' });
    const injection = await region('EU', "Europe'; drop table region; --");
    expect(injection.body.status.responsecode).toBe('1002');
    const unknown = await call('/api/region/create', { regioncode: 'EU', regionname: 'Europe', secret: 1 });
    expect(unknown.http).toBe(400);
    expect(unknown.body.status.responsemessage).toBe('Invalid request: unknown field "secret"');
    expect((await call('/api/region/detail', { regioncode: 'EU' })).body.status.responsecode).toBe('1004');
  });

  it('takes only the declared options of a choice field', async () => {
    const bad = await call('/api/salutation/create', { salutationcode: 'ENXX', salutationname: 'Xx', gender: 'X', langcode: 'en' });
    expect(bad.body.status).toEqual({ responsecode: '1002', responsemessage: 'Gender must be one of Male, Female' });
    expect(bad.body.result.fields).toEqual({ gender: 'Gender must be one of Male, Female' });
    expect((await call('/api/salutation/detail', { salutationcode: 'ENXX' })).body.status.responsecode).toBe('1004');
  });

  it('checks references: a country needs an existing region', async () => {
    // XA: a user-assigned ISO code, so no seeded country has it.
    const base = { countrycode: 'XA', countryname: 'Xanadu', countryphonecode: '+999', nationality: 'Xanaduan' };
    const orphan = await call('/api/country/create', { ...base, regioncode: 'NOPE' });
    expect(orphan.body.status.responsemessage).toBe('Region "NOPE" does not exist');
    expect(orphan.body.result.fields).toEqual({ regioncode: 'Region "NOPE" does not exist' });
    expect((await call('/api/country/create', { ...base, regioncode: 'ASIA' })).body.status.responsecode).toBe('0000');
  });

  it('pages, counts, sorts and searches (contains, case-insensitive; exact for choices)', async () => {
    for (let i = 1; i <= 12; i++) expect((await region(`R${String(i).padStart(2, '0')}`, `Zone ${i}`)).body.status.responsecode).toBe('0000');
    const page2 = await call('/api/region/list', undefined, { paging: { limit: 10, page: 2 }, parameter: { criteria: { regionname: '%zone%' }, sort: { regioncode: 'asc' } } });
    expect(page2.body.paging).toEqual({ page: 2, limit: 10, totalrecord: 12 });
    expect(page2.body.result.map((r: { regioncode: string }) => r.regioncode)).toEqual(['R11', 'R12']);
    const desc = await call('/api/region/list', undefined, { paging: { limit: 3, page: 1 }, parameter: { sort: { regionname: 'desc' } } });
    expect(desc.body.result.map((r: { regionname: string }) => r.regionname)).toEqual(['Zone 9', 'Zone 8', 'Zone 7']);
    const all = await call('/api/region/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: { regionname: null, status: 'ACTIVE' } } });
    expect(all.body.paging?.totalrecord).toBe(13 + seededRegions);
    // A write drops the cached count at once.
    await region('R13', 'Zone 13');
    const after = await call('/api/region/list', undefined, { paging: { limit: 10, page: 2 }, parameter: { criteria: { regionname: '%zone%' } } });
    expect(after.body.paging?.totalrecord).toBe(13);
    // Wildcards inside the search text are literal.
    const literal = await call('/api/region/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { regionname: '%_%' } } });
    expect(literal.body.paging?.totalrecord).toBe(0);
  });

  it('refuses undeclared sort and search fields with a clear error, never SQL', async () => {
    const sort = await call('/api/region/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { sort: { 'regionname; drop table region': 'asc' } } });
    expect(sort.http).toBe(400);
    expect(sort.body.status.responsemessage).toBe('Invalid request: cannot sort by "regionname; drop table region"');
    const search = await call('/api/region/list', undefined, { parameter: { criteria: { createdby: 'admin' } } });
    expect(search.body.status.responsemessage).toBe('Invalid request: cannot search by "createdby"');
    const shape = await call('/api/region/list', undefined, { parameter: { criteria: { regionname: { $gt: '' } } } });
    expect(shape.http).toBe(400);
  });

  it('updates with before and after in the user log; keys cannot change', async () => {
    const updated = await call('/api/region/update', { regioncode: 'R01', regionname: 'Zone One' });
    expect(updated.body.result.regionname).toBe('Zone One');
    const log = await server.database.db.selectFrom('user_log').selectAll().where('module', '=', 'REGION').where('legend', '=', 'UPDATE').executeTakeFirstOrThrow();
    expect(log.recordkey).toBe('R01');
    expect(JSON.parse(log.beforevalue!).regionname).toBe('Zone 1');
    expect(JSON.parse(log.aftervalue!).regionname).toBe('Zone One');
    expect(log.username).toBe('admin');
    const missing = await call('/api/region/update', { regioncode: 'NONE', regionname: 'X' });
    expect(missing.body.status.responsecode).toBe('1004');
  });

  it('deactivates and activates; selectors list active records only', async () => {
    expect((await call('/api/region/deactivate', { regioncode: 'R02' })).body.result.status).toBe('INACTIVE');
    const options = await call('/api/selector/options', { selector: 'region' });
    const values = options.body.result.map((o: { value: string }) => o.value);
    expect(values).not.toContain('R02');
    expect(options.body.result).toContainEqual({ value: 'ASIA', label: 'Asia Pacific' });
    expect((await call('/api/region/activate', { regioncode: 'R02' })).body.result.status).toBe('ACTIVE');
    const withExtra = await call('/api/selector/options', { selector: 'country', criteria: { countrycode: 'XA' } });
    expect(withExtra.body.result).toEqual([{ value: 'XA', label: 'Xanadu', countryphonecode: '+999', nationality: 'Xanaduan' }]);
    expect((await call('/api/selector/options', { selector: 'nothing' })).body.status.responsecode).toBe('1004');
  });

  it('downloads the search result as CSV with its column labels and display formats', async () => {
    expect((await region('XF', 'Far East')).body.status.responsecode).toBe('0000');
    const answer = await call('/api/region/download', undefined, { parameter: { criteria: { regioncode: 'XF' } } });
    expect(answer.body.status).toEqual({ responsecode: '0000', responsemessage: 'Downloading file...' });
    expect(answer.body.result.filename).toMatch(/^region-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(answer.body.result.content).toBe('Region Code,Region Name,Status\r\nXF,Far East,Active\r\n');
    await call('/api/region/delete', { regioncode: 'XF' });
  });

  it('refuses to delete a record in use, then deletes it once free', async () => {
    const used = await call('/api/region/delete', { regioncode: 'ASIA' });
    expect(used.body.status).toEqual({ responsecode: '1010', responsemessage: 'Region "ASIA" is used by Country and cannot be deleted' });
    expect((await call('/api/country/delete', { countrycode: 'XA' })).body.status.responsecode).toBe('0000');
    expect((await call('/api/region/delete', { regioncode: 'ASIA' })).body.status.responsecode).toBe('0000');
    expect((await call('/api/region/detail', { regioncode: 'ASIA' })).body.status.responsecode).toBe('1004');
  });

  // Values of the wrong type for their field: each once reached SQL or the rule language and answered 500
  // (or, on SQLite, was stored wrongly). Each is a 1001 naming the value, and changes nothing.
  const badValues: [string, string, { data?: unknown; criteria?: unknown }, string][] = [
    ['an object with its own toString in a form field', '/api/region/create', { data: { regioncode: { toString: 'x' }, regionname: 'X' } }, 'data.regioncode must be a text'],
    ['a boolean in list criteria of a text field', '/api/region/list', { criteria: { regioncode: true } }, 'criteria.regioncode must be a text'],
    ['a boolean in download criteria', '/api/region/download', { criteria: { regionname: false } }, 'criteria.regionname must be a text'],
    ['an object inside a criteria list', '/api/region/list', { criteria: { regioncode: ['ASIA', {}] } }, 'criteria.regioncode.1 must be a text'],
    ['text for an integer field in criteria', '/api/tier/list', { criteria: { rank: 'abc' } }, 'criteria.rank must be a whole number'],
    ['a number past the integer range in criteria', '/api/tier/list', { criteria: { rank: 1e300 } }, 'criteria.rank must be a whole number'],
    ['a fraction for an integer field', '/api/tier/create', { data: { tierid: 'FZ1', tiername: 'Fuzz', membershipid: 'X', rank: 1.5 } }, 'data.rank must be a whole number'],
    ['text for an integer key', '/api/user-log/detail', { data: { logid: 'abc' } }, 'data.logid must be a whole number'],
    ['a number for a text key (stored as "727983.0" on SQLite)', '/api/region/create', { data: { regioncode: 727983, regionname: 'Numbers' } }, 'data.regioncode must be a text'],
    ['a number for a text key of a detail', '/api/region/detail', { data: { regioncode: 727983 } }, 'data.regioncode must be a text'],
    ['a boolean key of a status change', '/api/region/deactivate', { data: { regioncode: true } }, 'data.regioncode must be a text'],
    ['an object key of a custom action', '/api/salutation/setdefault', { data: { salutationcode: { a: 1 } } }, 'data.salutationcode must be a text'],
    ['text for a Yes/No field', '/api/general-config/create', { data: { key: 'fz.flag', value: 'v', active: 'yes please' } }, 'data.active must be true or false'],
    ['text for a Yes/No criterion', '/api/general-config/list', { criteria: { active: 'yes please' } }, 'criteria.active must be true or false'],
    ['a list for a text field of an update', '/api/region/update', { data: { regioncode: 'R01', regionname: ['x'] } }, 'data.regionname must be a text'],
    ['a date that is not a calendar day', '/api/outbox/list', { criteria: { createddate: ['2026-13-45', null] } }, 'criteria.createddate.0 must be a date (YYYY-MM-DD) or a date and time'],
  ];
  it.each(badValues)('refuses %s with a 1001 naming it', async (_what, path, parameter, message) => {
    const logs = await server.database.db.selectFrom('user_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const { data, criteria } = parameter;
    const answer = await call(path, data, { paging: { limit: 10, page: 1 }, parameter: criteria ? { criteria } : {} });
    expect(answer.http).toBe(400);
    expect(answer.body.status).toEqual({ responsecode: '1001', responsemessage: `Invalid request: ${message}` });
    const field = message.split(' ')[0]!.split('.')[1]!;
    expect(Object.keys(answer.body.result.fields)).toEqual([field]);
    expect(await server.database.db.selectFrom('user_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(logs);
  });

  it('finds records by values of the right type on both databases', async () => {
    expect((await call('/api/region/create', { regioncode: '727983', regionname: 'Digits' })).body.status.responsecode).toBe('0000');
    expect((await call('/api/region/detail', { regioncode: '727983' })).body.result.regioncode).toBe('727983');
    const ranked = await call('/api/tier/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { rank: 1 } } });
    expect(ranked.body.status.responsecode).toBe('0000');
    expect(ranked.body.result.every((t: { rank: number }) => t.rank === 1)).toBe(true);
    const active = await call('/api/general-config/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria: { active: true } } });
    expect(active.body.status.responsecode).toBe('0000');
    expect((await call('/api/user-log/detail', { logid: 1 })).body.status.responsecode).toMatch(/^(0000|1004)$/);
  });

  it('refuses a text longer than its column with the max-length message, whether or not the field declares one', async () => {
    const base = { countrycode: 'XB', countryname: 'Xbase', countryphonecode: '+998', nationality: 'Xbasian' };
    const long = await call('/api/country/create', { ...base, regioncode: 'A'.repeat(300) });
    expect(long.body.status).toEqual({ responsecode: '1002', responsemessage: 'Region max length 255' });
    expect(long.body.result.fields).toEqual({ regioncode: 'Region max length 255' });
  });

  it('enforces the screen function codes on the server', async () => {
    const branch = (await server.login('branch')).body.result.bearer;
    const denied = await server.call('/api/region/list', undefined, { token: branch });
    expect(denied.http).toBe(403);
    expect((await server.call('/api/region/create', { regioncode: 'X1', regionname: 'X' }, { token: branch })).http).toBe(403);
    // A branch user (Row Scope OWN) reads the selectors of their own pages (a member's country), not others.
    expect((await server.call('/api/selector/options', { selector: 'country' }, { token: branch })).http).toBe(200);
    expect((await server.call('/api/selector/options', { selector: 'region' }, { token: branch })).http).toBe(403);
    expect((await server.call('/api/region/list')).http).toBe(401);
  });
});
