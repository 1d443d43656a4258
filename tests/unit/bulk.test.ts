// The isomorphic part of bulk files and bulk actions: the CSV reader, header mapping, cell values, the
// error report, which actions run in bulk, and the validator's checks of `upload` and `bulk`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bulkActions, bulkProblem, cellValue, isDomainBulk, errorReportCsv, errorReportName, parseCsv, uploadColumns, uploadHeader } from '../../engine/definition/bulk';
import { checkBulk } from '../../engine/definition/checkBulk';
import { resolveField } from '../../engine/definition/compile';
import type { ScreenDefinition } from '../../engine/definition/screen';

const city = JSON.parse(readFileSync('screens/basic-configuration/city.json', 'utf8')) as ScreenDefinition;
const FILE = 'screens/basic-configuration/city.json';

describe('parseCsv', () => {
  it.each([
    ['plain rows, CRLF or LF, blank lines skipped', 'a,b\r\n1,2\n\n3,4', [['a', 'b'], ['1', '2'], ['3', '4']]],
    ['quotes, doubled quotes, commas and line breaks inside quotes', '"x, y","say ""hi""","two\nlines"\n', [['x, y', 'say "hi"', 'two\nlines']]],
    ['a leading BOM and empty cells', '\ufeffa,,c\r\n,,', [['a', '', 'c'], ['', '', '']]],
  ])('%s', (_case, text, rows) => expect(parseCsv(text)).toEqual(rows));

  it('answers undefined for an unclosed quote', () => expect(parseCsv('a,"b\n1,2')).toBeUndefined());
});

describe('upload columns and cells', () => {
  it('maps a header by label or name, skips known non-form columns, reports the rest', () => {
    expect(uploadHeader(city)).toEqual(['City Code', 'City Name', 'Country', 'State']);
    const { columns, problems } = uploadColumns(city, ['No', ' city code ', 'CITYNAME', 'Country', 'State', 'Status']);
    expect(columns.map((f) => f?.name)).toEqual([undefined, 'citycode', 'cityname', 'countrycode', 'statecode', undefined]);
    expect(problems).toEqual([]);
    expect(uploadColumns(city, ['City Code', 'Town', 'City Code']).problems).toEqual([
      'Column "Town" is not a field of City',
      'Column "City Code" appears twice',
      'Column "City Name" is missing',
      'Column "Country" is missing',
      'Column "State" is missing',
    ]);
  });

  it.each([
    [{ name: 'n', label: 'Count', type: 'integer' as const }, '1,234', { value: 1234 }],
    [{ name: 'n', label: 'Count', type: 'integer' as const }, '1.5', { message: 'Count must be a whole number' }],
    [{ name: 'n', label: 'Rate', type: 'number' as const }, '', { value: null }],
    [{ name: 'b', label: 'Default', type: 'boolean' as const }, 'Yes', { value: true }],
    [{ name: 'b', label: 'Default', type: 'boolean' as const }, 'maybe', { message: 'Default must be Yes or No' }],
    [{ name: 'd', label: 'Start', type: 'date' as const }, '31/12/2026', { value: '2026-12-31' }],
    [{ name: 's', label: 'Status', options: [{ value: 'ACTIVE', label: 'Active' }] }, 'active', { value: 'ACTIVE' }],
    [{ name: 'p', label: 'Phone' }, "'+62 21", { value: '+62 21' }],
    [{ name: 'p', label: 'Phone' }, '  ', { value: null }],
  ])('%o reads %j', (field, cell, expected) => expect(cellValue(resolveField(field), cell)).toEqual(expected));

  it('writes the error report as CSV and names it after the file', () => {
    expect(errorReportCsv([{ row: 3, field: 'City Name', message: 'City Name is Required' }, { row: 4, field: '', message: 'a, "b"' }])).toBe(
      'Row,Field,Message\r\n3,City Name,City Name is Required\r\n4,,"a, ""b"""\r\n',
    );
    expect(errorReportName('Cities.CSV')).toBe('Cities-errors.csv');
  });
});

describe('bulk actions', () => {
  const screen = (changes: Partial<ScreenDefinition>): ScreenDefinition => ({ ...city, ...changes });

  it('offers the declared actions with the spec confirmation', () => {
    expect(bulkActions(city).map((b) => [b.name, b.label, b.confirm])).toEqual([
      ['activate', 'Activate', 'Are you sure to activate this data?'],
      ['deactivate', 'Deactivate', 'Are you sure to deactivate this data?'],
      ['delete', 'Delete', 'Are you sure to delete this data?'],
    ]);
  });

  it.each([
    ['an action the screen lacks', screen({ actions: ['create', 'delete'] }), 'activate', '"activate" is not an action of the screen'],
    ['update', city, 'update', '"update" does not run in bulk (activate, deactivate, delete or a custom action with "set")'],
    ['a custom action asking a reason', screen({ actions: [...city.actions, { name: 'mail', label: 'Mail', function: 'MAIL', reason: true }] }), 'mail', 'custom action "mail" asks for a reason per record'],
    ['an action needing approval', screen({ approval: { actions: ['delete'] } }), 'delete', '"delete" needs approval: each record is requested on its own'],
  ])('refuses %s', (_case, definition, name, problem) => expect(bulkProblem(definition, name)).toBe(problem));

  it('runs a custom action without set in bulk through its domain module (the server serves its bulk path)', () => {
    const mail = screen({ actions: [...city.actions, { name: 'mail', label: 'Mail', function: 'MAIL' }], bulk: ['mail'] });
    expect(bulkProblem(mail, 'mail')).toBeUndefined();
    expect(bulkActions(mail).map((b) => [b.name, isDomainBulk(b.action)])).toEqual([['mail', true]]);
    expect(bulkActions(city).some((b) => isDomainBulk(b.action))).toBe(false);
  });

  it('validator: upload needs a create form of stored fields and no approval of creates; bulk entries must run in bulk', () => {
    const bad = screen({
      fields: city.fields.map((f) => (f.name === 'cityname' ? { ...f, stored: false } : f)),
      approval: { actions: ['create'] },
      bulk: ['deactivate', 'update'],
      actions: [...city.actions, { name: 'bulk-x', label: 'X', function: 'X', set: { status: 'ACTIVE' } }],
    });
    expect(checkBulk([{ file: FILE, screen: bad }])).toEqual([
      `${FILE}: actions[7]: "upload" writes table columns only: the form's "stored": false fields cannot come from a file`,
      `${FILE}: actions[7]: "upload" cannot be used where "create" needs approval: each record is requested on its own`,
      `${FILE}: bulk[1]: "update" does not run in bulk (activate, deactivate, delete or a custom action with "set")`,
      `${FILE}: actions[8].name: "bulk-x": names starting with "bulk-" are the bulk actions' paths`,
    ]);
    expect(checkBulk([{ file: FILE, screen: city }])).toEqual([]);
  });

  it('validator: an upload note needs the upload, a download serves a file (no set), a refresh names a column and its options', () => {
    const bad = screen({
      bulk: [],
      actions: ['view', { name: 'result', label: 'Result', function: 'DOWNLOAD', download: true, set: { status: 'ACTIVE' } }],
      options: { uploadNote: 'A file of something', refreshWhile: { field: 'status', values: ['ACTIVE', 'RUNNING'], seconds: 2 } },
    });
    expect(checkBulk([{ file: FILE, screen: bad }])).toEqual([
      `${FILE}: options.uploadNote: an upload note needs the "upload" action`,
      `${FILE}: actions[1].download: "result": a download is served by the server (its answer is the file): it cannot "set" values`,
      `${FILE}: options.refreshWhile.values: "RUNNING" is not an option of "status"`,
    ]);
    // An action whose answer's path the browser opens (a receipt, spec 001 §7.5) is served by the server too.
    const opener = screen({ bulk: [], actions: ['view', { name: 'receipt', label: 'Receipt', function: 'DOWNLOAD', open: true, download: true }] });
    expect(checkBulk([{ file: FILE, screen: opener }])).toEqual([
      `${FILE}: actions[1].open: "receipt": an action that opens its answer's path is served by the server: it cannot "set" values or be a download`,
    ]);
    expect(checkBulk([{ file: FILE, screen: screen({ bulk: [], actions: ['view', { name: 'receipt', label: 'Receipt', function: 'DOWNLOAD', open: true }] }) }])).toEqual([]);
    // A secret shown once (an API client's new secret) is the server's answer too.
    const revealer = screen({ bulk: [], actions: ['view', { name: 'new-secret', label: 'New Secret', function: 'UPDATE', reveal: true, set: { status: 'ACTIVE' } }] });
    expect(checkBulk([{ file: FILE, screen: revealer }])).toEqual([
      `${FILE}: actions[1].reveal: "new-secret": an action that reveals a secret is served by the server (its answer is the secret): it cannot "set" values, download or open`,
    ]);
    // A secret shown at create: only where the create answers at once.
    const noCreate = screen({ bulk: [], actions: ['view'], options: { revealOnCreate: true } });
    expect(checkBulk([{ file: FILE, screen: noCreate }])).toEqual([`${FILE}: options.revealOnCreate: a secret shown at create needs the "create" action, answered at once (not through approval)`]);
    expect(checkBulk([{ file: FILE, screen: screen({ bulk: [], actions: ['create', 'view'], options: { revealOnCreate: true } }) }])).toEqual([]);
    const nowhere = screen({ options: { refreshWhile: { field: 'nosuch', values: ['X'], seconds: 2 } } });
    expect(checkBulk([{ file: FILE, screen: nowhere }])).toEqual([`${FILE}: options.refreshWhile.field: "nosuch" is not a field of the screen`]);
  });
});
