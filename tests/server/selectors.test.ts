// Selector behaviours of spec 001 §4.7 / §7.3 declared as data: fixed filters, current-today windows,
// composite values with a split marker, relabels, cascading criteria.
// The test's own resource (qz-office) stands in for any list with these shapes; the real ticket office screen is tested elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue, type Catalogue } from '../../engine/definition/catalogue';
import type { ScreenDefinition, SelectorDefinition } from '../../engine/definition/screen';
import { loadCatalogue } from '../../server/platform/definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';

const base = loadCatalogue();
const office: ScreenDefinition = {
  schemaVersion: 2,
  menucode: 'VENREG',
  title: 'Qz Office',
  resource: { name: 'qz-office', key: ['tickoffid'] },
  fields: [
    { name: 'tickoffid', label: 'Ticket Office ID', rules: ['required', 'max.10'], form: true, column: true },
    { name: 'tickoffname', label: 'Ticket Office Name', rules: ['required', 'max.60'], form: true, column: true },
    { name: 'branchcode', label: 'Branch Code', rules: ['required', 'max.10'], form: true, column: true },
    { name: 'receipttype', label: 'Receipt Type', rules: ['max.40'], form: true },
    { name: 'effectivedate', label: 'Effective Date', type: 'date', form: true },
    { name: 'expireddate', label: 'Expired Date', type: 'date', form: true },
    { name: 'status', label: 'Status', options: [{ value: 'ACTIVE', label: 'Active' }, { value: 'INACTIVE', label: 'Inactive' }], column: true },
  ],
  actions: ['create', 'deactivate'],
};
const selectors: Record<string, SelectorDefinition> = {
  ...base.selectors,
  ticketoffice: { resource: 'qz-office', value: 'tickoffid', label: 'tickoffname', composite: { fields: ['branchcode', 'tickoffid'], separator: '|' }, filterBy: ['branchcode'] },
  ranked: { resource: 'tier', value: 'tierid', label: 'tiername', extra: ['rank'], filterBy: ['rank'] },
  receipt: { resource: 'qz-office', value: 'receipttype', label: 'receipttype', relabel: { 'BUY AWARD MILES': 'Buy Mileage', 'BUY EXPIRED MILEAGE': 'Buy to Extend Mileage' } },
  current: { resource: 'qz-office', value: 'tickoffid', label: 'tickoffname', currentBetween: ['effectivedate', 'expireddate'] },
  jakarta: { resource: 'qz-office', value: 'tickoffid', label: 'tickoffname', filter: { branchcode: 'JKT' } },
};
const catalogue: Catalogue = buildCatalogue(base.tree, [...base.screens, office], { schemaVersion: 1, selectors });

describe.each(testDatabases)('selectors on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const options = async (selector: string, criteria?: Record<string, string | number>) =>
    (await server.call('/api/selector/options', { selector, ...(criteria ? { criteria } : {}) }, { token: admin })).body.result;

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], catalogue);
    admin = (await server.login('admin')).body.result.bearer;
    const today = new Date().toISOString().slice(0, 10);
    const rows = [
      { tickoffid: 'JKT01', tickoffname: 'Jakarta Sudirman', branchcode: 'JKT', receipttype: 'BUY AWARD MILES', effectivedate: '2020-01-01', expireddate: '2099-12-31' },
      { tickoffid: 'JKT02', tickoffname: 'Jakarta Airport', branchcode: 'JKT', receipttype: 'BUY EXPIRED MILEAGE', effectivedate: today, expireddate: null },
      { tickoffid: 'DPS01', tickoffname: 'Denpasar', branchcode: 'DPS', receipttype: 'OTHER', effectivedate: '2099-01-01', expireddate: '2099-12-31' },
      { tickoffid: 'SUB01', tickoffname: 'Surabaya', branchcode: 'SUB', receipttype: 'OTHER', effectivedate: '2000-01-01', expireddate: '2001-01-01' },
    ];
    for (const row of rows) expect((await server.call('/api/qz-office/create', row, { token: admin })).body.status.responsecode).toBe('0000');
    await server.call('/api/qz-office/deactivate', { tickoffid: 'SUB01' }, { token: admin });
  });
  afterAll(async () => server?.close());

  it('joins a composite value with its split marker and lists active rows sorted by label', async () => {
    expect(await options('ticketoffice')).toEqual([
      { value: 'DPS|DPS01', label: 'Denpasar' },
      { value: 'JKT|JKT02', label: 'Jakarta Airport' },
      { value: 'JKT|JKT01', label: 'Jakarta Sudirman' },
    ]);
  });

  it('relabels values for display', async () => {
    const labels = (await options('receipt')).map((o: { label: string }) => o.label);
    expect(labels).toContain('Buy Mileage');
    expect(labels).toContain('Buy to Extend Mileage');
  });

  it('keeps rows current today only, an open end counting as current', async () => {
    expect((await options('current')).map((o: { value: string }) => o.value).sort()).toEqual(['JKT01', 'JKT02']);
  });

  it('applies fixed filters and cascading criteria', async () => {
    expect((await options('jakarta')).map((o: { value: string }) => o.value).sort()).toEqual(['JKT01', 'JKT02']);
    expect((await options('ticketoffice', { branchcode: 'DPS' })).map((o: { value: string }) => o.value)).toEqual(['DPS|DPS01']);
    const bad = await server.call('/api/selector/options', { selector: 'ticketoffice', criteria: { secret: 'x' } }, { token: admin });
    expect(bad.body.status.responsemessage).toBe('Invalid request: selector "ticketoffice" cannot filter by "secret"');
  });

  it('lets criteria narrow a selector, never widen it past its own filter', async () => {
    // SUB01 is inactive: asking for inactive rows finds none, as does a branch outside a fixed filter.
    expect(await options('ticketoffice', { status: 'INACTIVE' })).toEqual([]);
    expect(await options('jakarta', { branchcode: 'DPS' })).toEqual([]);
    expect((await options('jakarta', { tickoffid: 'JKT01' })).map((o: { value: string }) => o.value)).toEqual(['JKT01']);
    // The finding as it was: an inactive region listed to a user without REGION_ACCESS.
    const regionCall = (data: unknown, token: string) => server.call('/api/region/create', data, { token });
    expect((await regionCall({ regioncode: 'QZOLD', regionname: 'Qz Old' }, admin)).body.status.responsecode).toBe('0000');
    await server.call('/api/region/deactivate', { regioncode: 'QZOLD' }, { token: admin });
    // A head-office user (Row Scope ALL) without the region menu reads reference data; a branch user, whose pages use no region, does not.
    const checker = (await server.login('checker')).body.result.bearer;
    expect((await server.call('/api/region/list', undefined, { token: checker })).http).toBe(403);
    const inactive = await server.call('/api/selector/options', { selector: 'region', criteria: { status: 'INACTIVE' } }, { token: checker });
    expect(inactive.body.status.responsecode).toBe('0000');
    expect(inactive.body.result).toEqual([]);
    const branch = (await server.login('branch')).body.result.bearer;
    expect((await server.call('/api/selector/options', { selector: 'region' }, { token: branch })).http).toBe(403);
  });

  it('checks criteria against the field types (text for an integer answered 500 on PostgreSQL)', async () => {
    const answer = await server.call('/api/selector/options', { selector: 'ranked', criteria: { rank: 'abc' } }, { token: admin });
    expect(answer.http).toBe(400);
    expect(answer.body.status).toEqual({ responsecode: '1001', responsemessage: 'Invalid request: data.criteria.rank must be a whole number' });
    expect(answer.body.result.fields).toEqual({ rank: 'Rank must be a whole number' });
    const ranked = await server.call('/api/selector/options', { selector: 'ranked', criteria: { rank: 1 } }, { token: admin });
    expect(ranked.body.result.length).toBeGreaterThan(0);
    expect(ranked.body.result.every((t: { rank: number }) => t.rank === 1)).toBe(true);
    const yes = await server.call('/api/selector/options', { selector: 'region', criteria: { regioncode: true } }, { token: admin });
    expect(yes.body.status.responsemessage).toBe('Invalid request: data.criteria.regioncode must be a text');
  });
});

// Airports: a list too long to send whole, found on the server by the text each shows (code first).
describe.each(testDatabases)('searched selectors and labels on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const search = async (text: string) => (await server.call('/api/selector/options', { selector: 'airport', search: text }, { token: admin })).body.result as { value: string; label: string }[];
  const labels = async (selector: string, values: (string | number)[], token = admin) => server.call('/api/selector/labels', { selector, values }, { token });

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('finds an airport by its IATA code, its city and its name, the code first in its label', async () => {
    const cgk = 'CGK - Soekarno-Hatta International Airport, Jakarta';
    const byCode = await search('cgk');
    expect(byCode[0]).toEqual({ value: 'CGK', label: cgk, cityname: 'Jakarta' });
    expect((await search('jakarta')).map((o) => o.label)).toContain(cgk);
    const byName = await search('soekarno-hatta');
    expect(byName.map((o) => o.value)).toEqual(['CGK']);
    // The whole label finds it too (what a picker shows is what one can type), a wildcard is only a character.
    expect((await search(cgk)).map((o) => o.value)).toEqual(['CGK']);
    expect(await search('%')).toEqual([]);
    // A page at a time, never the whole list.
    expect((await search('a')).length).toBe(50);
  });

  it('refuses a search of a selector that is not searched, changing nothing', async () => {
    const answer = await server.call('/api/selector/options', { selector: 'region', search: 'Asia' }, { token: admin });
    expect(answer.http).toBe(400);
    expect(answer.body.status.responsemessage).toBe('Invalid request: selector "region" is not searched');
  });

  it('labels the values a page shows, an inactive row by its name too', async () => {
    expect((await labels('airport', ['DPS', 'CGK', 'QQQ'])).body.result).toEqual(
      expect.arrayContaining([
        { value: 'CGK', label: 'CGK - Soekarno-Hatta International Airport, Jakarta' },
        { value: 'DPS', label: 'DPS - Ngurah Rai Bali International Airport, Denpasar' },
      ]),
    );
    expect((await labels('airport', ['QQQ'])).body.result).toEqual([]);
    expect((await server.call('/api/region/create', { regioncode: 'QZGONE', regionname: 'Qz Gone' }, { token: admin })).body.status.responsecode).toBe('0000');
    await server.call('/api/region/deactivate', { regioncode: 'QZGONE' }, { token: admin });
    expect((await labels('region', ['QZGONE'])).body.result).toEqual([{ value: 'QZGONE', label: 'Qz Gone' }]);
    // An integer key asked as text or number; a value that is no number finds nothing (no 500 on PostgreSQL).
    const hobby = (await server.call('/api/selector/options', { selector: 'hobbies' }, { token: admin })).body.result[0] as { value: number; label: string };
    expect((await labels('hobbies', [String(hobby.value), 'x'])).body.result).toEqual([hobby]);
    expect((await labels('ticket-office-composite', ['nobranch|none'])).body.result).toEqual([]);
  });

  it('keeps labels to the caller: a branch user reads no selector its pages do not use', async () => {
    const branch = (await server.login('branch')).body.result.bearer;
    expect((await labels('region', ['QZGONE'], branch)).http).toBe(403);
    expect((await labels('nothing', ['x'])).body.status.responsemessage).toBe('Unknown selector "nothing"');
    expect((await labels('airport', [{} as never])).http).toBe(400);
  });
});
