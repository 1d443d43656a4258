// CSV upload and bulk row actions on both databases (City): a good file written whole with one user log row,
// codes or labels for references; a bad file changing nothing and answering a per-row error report; wrong
// files, header problems and an oversized body refused; 100,000 rows in one upload; bulk activate,
// deactivate and delete all or nothing, naming the first failing key, one user log row per record; 403s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { parseCsv } from '../../engine/definition/bulk';
import { hashPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type TestServer } from './harness';

const UPLOAD_LIMIT = 6_000_000;
const ROWS_AT_SCALE = 100_000;

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe.each(testDatabases)('CSV upload and bulk actions on $name', (target) => {
  let server: TestServer;
  let call: (path: string, data?: unknown) => ReturnType<TestServer['call']>;
  const as = (token: string) => (path: string, data?: unknown) => server.call(path, data, { token });
  const db = () => server.database.db as any;
  const cityCount = async () => Number((await db().selectFrom('city').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const city = (citycode: string) => db().selectFrom('city').selectAll().where('citycode', '=', citycode).executeTakeFirst();
  const logOf = (legend: string) => db().selectFrom('user_log').select(['recordkey', 'aftervalue']).where('module', '=', 'CITY').where('legend', '=', legend).orderBy('logid').execute();

  /** A user whose role grants exactly these function codes. */
  async function userWith(name: string, codes: string[]) {
    const rolecode = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const usermenu = [{ menucode: 'CITY', functions: codes.map((functioncode) => ({ functioncode, grant: true })) }];
    expect((await call('/api/role/create', { rolecode, rolename: `Role ${rolecode}`, rowscope: 'ALL', roledescription: 'bulk test', usermenu })).body.status.responsecode).toBe('0000');
    const at = new Date().toISOString();
    await db()
      .insertInto('app_user')
      .values({ username: name, userfullname: `${name} Officer`, email: `${name}@alms.example`, rolecode, partnercode: null, branchcode: 'JKTHO', tickoffid: 'JKT01', status: 'ACTIVE', passwordhash: await hashPassword(sha256Hex('Admin#2026')), passworddate: at, failedcount: 0, lockeduntil: null, createddate: at, updateddate: at })
      .execute();
    return as((await server.login(name)).body.result.bearer as string);
  }

  beforeAll(async () => {
    server = await startTestServer(target, { UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) });
    call = as((await server.login('admin')).body.result.bearer);
  }, 120_000);
  afterAll(async () => server?.close(), 120_000);

  describe('upload', () => {
    it('writes a good file whole: labels or names in the header, codes or labels for references, one user log row', async () => {
      const before = await cityCount();
      const answer = await call('/api/city/upload', {
        filename: 'west-java.csv',
        content: csv('City Code,City Name,Country,State', 'QZBJA,Banjar,ID,ID-JB', 'QZCMI,Cimahi,Indonesia,Jawa Barat', '"QZSKB","Kota Sukabumi",ID,"Jawa Barat"'),
      });
      expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'west-java.csv file uploaded successfully.' });
      expect(answer.body.result).toEqual({ filename: 'west-java.csv', created: 3 });
      expect(await cityCount()).toBe(before + 3);
      expect(await city('QZCMI')).toMatchObject({ cityname: 'Cimahi', countrycode: 'ID', statecode: 'ID-JB', status: 'ACTIVE', createdby: 'admin' });
      expect((await city('QZSKB')).cityname).toBe('Kota Sukabumi');

      const byNames = await call('/api/city/upload', { filename: 'BY-NAMES.CSV', content: csv('statecode,countrycode,cityname,citycode,status', 'ID-BA,ID,Singaraja,QZSGR,Active') });
      expect(byNames.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await city('QZSGR')).toMatchObject({ statecode: 'ID-BA', cityname: 'Singaraja' });
      expect((await logOf('UPLOAD')).map((r: any) => [r.recordkey, JSON.parse(r.aftervalue)])).toEqual([
        ['west-java.csv', { filename: 'west-java.csv', created: 3 }],
        ['BY-NAMES.CSV', { filename: 'BY-NAMES.CSV', created: 1 }],
      ]);
    });

    it('changes nothing for a file with any bad row and answers a report of every problem by row and field', async () => {
      const before = await cityCount();
      const answer = await call('/api/city/upload', {
        filename: 'mixed.csv',
        content: csv(
          'City Code,City Name,Country,State',
          'QZGOOD,Good Town,ID,ID-JB', // row 2: fine
          'qzlow,Lower Case,ID,ID-JB', // row 3: pattern
          'QZNOST,No State,ID,Atlantis', // row 4: unknown state
          'QZWRNG,Wrong State,SG,Jawa Barat', // row 5: state of another country
          'QZGOOD,Again,ID,ID-JB', // row 6: repeated in the file
          'IDJKT,Jakarta,ID,ID-JK', // row 7: already in the table
          'QZSHORT,Short Row,ID', // row 8: too few cells
          'QZNONAME,,ID,ID-JB', // row 9: required name
        ),
      });
      expect(answer.http).toBe(200);
      expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'mixed.csv: 7 errors in 7 rows, nothing was uploaded. Download the error report to see each one.' });
      expect(answer.body.result).toMatchObject({ filename: 'mixed.csv', errors: 7, rows: 7, report: { filename: 'mixed-errors.csv', mimetype: 'text/csv' } });
      expect(parseCsv(answer.body.result.report.content)).toEqual([
        ['Row', 'Field', 'Message'],
        ['3', 'City Code', 'City Code can be filled with uppercase letters and numbers only'],
        ['4', 'State', 'State "Atlantis" does not exist'],
        ['5', 'State', 'State "Jawa Barat" does not belong to the chosen Country'],
        ['6', 'City Code', 'City Code "QZGOOD" is repeated (also row 2)'],
        ['7', 'City Code', 'City Code "IDJKT" already exists'],
        ['8', '', 'The row has 3 cells; the header has 4'],
        ['9', 'City Name', 'City Name is Required'],
      ]);
      expect(await cityCount()).toBe(before);
      expect(await city('QZGOOD')).toBeUndefined();
    });

    it.each([
      ['a file that is not .csv', 'cities.xlsx', 'City Code\r\nX\r\n', 'Please upload correct file'],
      ['an unclosed quote', 'cities.csv', 'City Code,City Name\r\n"QZX,Open\r\n', 'Please upload correct file'],
      ['an empty file', 'cities.csv', '', 'Please upload correct file'],
      ['a header without rows', 'cities.csv', 'City Code,City Name,Country,State\r\n', 'cities.csv has no rows under its header: nothing was uploaded'],
    ])('refuses %s', async (_case, filename, content, message) => {
      const before = await cityCount();
      expect((await call('/api/city/upload', { filename, content })).body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: message });
      expect(await cityCount()).toBe(before);
    });

    it('reports header problems: an unknown column, a column twice, a required column missing', async () => {
      const answer = await call('/api/city/upload', { filename: 'head.csv', content: csv('City Code,Town,citycode,Country', 'QZHD,X,QZHD,ID') });
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(parseCsv(answer.body.result.report.content)!.slice(1)).toEqual([
        ['1', '', 'Column "Town" is not a field of City'],
        ['1', '', 'Column "City Code" appears twice'],
        ['1', '', 'Column "City Name" is missing'],
        ['1', '', 'Column "State" is missing'],
      ]);
    });

    it('takes a body over the 1 MB API limit up to UPLOAD_LIMIT_BYTES, and answers 413 with an envelope beyond it', async () => {
      const filler = 'x'.repeat(1_500_000);
      const big = await call('/api/city/upload', { filename: 'big.csv', content: `City Code,City Name,Country,State\r\nQZBIG,"${filler}",ID,ID-JB\r\n` });
      expect(big.http).toBe(200);
      expect(big.body.status.responsecode).toBe(CODES.VALIDATION); // the name is too long: the body itself was read
      const tooBig = await call('/api/city/upload', { filename: 'huge.csv', content: 'y'.repeat(UPLOAD_LIMIT + 10) });
      expect([tooBig.http, tooBig.body.status.responsecode]).toEqual([413, CODES.TOO_LARGE]);
      // Other routes keep the server's own limit.
      const create = await call('/api/city/create', { citycode: 'QZBIG', cityname: filler, countrycode: 'ID', statecode: 'ID-JB' });
      expect(create.http).toBe(413);
    });

    it(`writes ${ROWS_AT_SCALE.toLocaleString('en-US')} rows in one upload`, { timeout: 240_000 }, async () => {
      const before = await cityCount();
      const lines = ['City Code,City Name,Country,State'];
      for (let i = 0; i < ROWS_AT_SCALE; i++) lines.push(`QZ${String(i).padStart(6, '0')},Town ${i},ID,${i % 2 ? 'ID-JB' : 'Jawa Timur'}`);
      const answer = await call('/api/city/upload', { filename: 'gazetteer.csv', content: csv(...lines) });
      expect(answer.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(answer.body.result.created).toBe(ROWS_AT_SCALE);
      expect(await cityCount()).toBe(before + ROWS_AT_SCALE);
      expect(await city('QZ099999')).toMatchObject({ cityname: 'Town 99999', statecode: 'ID-JB' });
      // Again: every key is taken now, so every row is reported and nothing changes.
      const again = await call('/api/city/upload', { filename: 'gazetteer.csv', content: csv(...lines) });
      expect(again.body.result).toMatchObject({ errors: ROWS_AT_SCALE, rows: ROWS_AT_SCALE });
      expect(parseCsv(again.body.result.report.content)).toHaveLength(10_001);
      expect(await cityCount()).toBe(before + ROWS_AT_SCALE);
    });
  });

  describe('bulk actions', () => {
    const keys = (...codes: string[]) => ({ keys: codes.map((citycode) => ({ citycode })) });
    const status = async (...codes: string[]) => Promise.all(codes.map(async (c) => (await city(c))?.status));

    it('deactivates and activates several records in one call, one user log row each', async () => {
      const off = await call('/api/city/bulk-deactivate', keys('QZBJA', 'QZCMI', 'QZSKB'));
      expect(off.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Data has been deactivated (3 records)' });
      expect(await status('QZBJA', 'QZCMI', 'QZSKB')).toEqual(['INACTIVE', 'INACTIVE', 'INACTIVE']);
      expect((await logOf('DEACTIVATE')).map((r: any) => r.recordkey)).toEqual(['QZBJA', 'QZCMI', 'QZSKB']);
      expect((await call('/api/city/bulk-activate', keys('QZBJA', 'QZCMI'))).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await status('QZBJA', 'QZCMI', 'QZSKB')).toEqual(['ACTIVE', 'ACTIVE', 'INACTIVE']);
    });

    it('changes nothing when one record cannot change, and names it', async () => {
      const used = (await db().selectFrom('branch').select('citycode').where('citycode', 'is not', null).executeTakeFirstOrThrow()).citycode as string;
      const refused = await call('/api/city/bulk-delete', keys('QZBJA', used, 'QZCMI'));
      expect(refused.body.status.responsecode).toBe(CODES.IN_USE);
      expect(refused.body.status.responsemessage).toBe(`Nothing was changed: City "${used}" is used by Branch and cannot be deleted`);
      expect(await city('QZBJA')).toBeDefined();
      const missing = await call('/api/city/bulk-deactivate', keys('QZBJA', 'QZNOPE'));
      expect(missing.body.status).toEqual({ responsecode: CODES.NOT_FOUND, responsemessage: 'Nothing was changed: City "QZNOPE" was not found' });
      expect(await status('QZBJA')).toEqual(['ACTIVE']);
      const deleted = await call('/api/city/bulk-delete', keys('QZBJA', 'QZCMI'));
      expect(deleted.body.status.responsemessage).toBe('Data has been deleted (2 records)');
      expect([await city('QZBJA'), await city('QZCMI')]).toEqual([undefined, undefined]);
      expect((await logOf('DELETE')).map((r: any) => r.recordkey)).toEqual(['QZBJA', 'QZCMI']);
    });

    it.each([
      ['no keys', { keys: [] }, 'Invalid request: body.parameter.data.keys must NOT have fewer than 1 items'],
      ['a key without its field', { keys: [{ cityname: 'X' }] }, 'Invalid request: data.keys.0.citycode is required to find the record'],
      ['a key twice', keys('QZSKB', 'QZSGR', 'QZSKB'), 'Invalid request: data.keys.2 repeats data.keys.0'],
    ])('refuses %s with 400', async (_case, data, message) => {
      const answer = await call('/api/city/bulk-deactivate', data);
      expect([answer.http, answer.body.status.responsemessage]).toEqual([400, message]);
    });

    it('guards each call by its function code (403 without) and serves only the declared bulk actions', async () => {
      const viewer = await userWith('qz.cityview', ['CITY_ACCESS', 'CITY_ACTIVATE']);
      expect((await viewer('/api/city/upload', { filename: 'a.csv', content: csv('City Code', 'QZA') })).http).toBe(403);
      expect((await viewer('/api/city/bulk-deactivate', keys('QZSKB'))).http).toBe(403);
      expect((await viewer('/api/city/bulk-delete', keys('QZSKB'))).http).toBe(403);
      expect((await viewer('/api/city/bulk-activate', keys('QZSKB'))).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/country/bulk-deactivate', { keys: [{ countrycode: 'ID' }] })).http).toBe(404);
      expect((await call('/api/country/upload', { filename: 'a.csv', content: 'x' })).http).toBe(404);
    });
  });
});
