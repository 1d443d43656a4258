// The generic download on both databases: a reference column holds the label the table shows (its selector's
// label of the value), not the stored code; a phone code is kept as text ('+997), never run as a formula.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness';

describe.each(testDatabases)('CSV download on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const call = (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token: admin, ...extra });
  const ok = async (path: string, data: unknown) => expect((await call(path, data)).body.status.responsecode, path).toBe('0000');
  const download = async (resource: string, criteria: Record<string, unknown>) => {
    const answer = await call(`/api/${resource}/download`, undefined, { parameter: { criteria } });
    expect(answer.body.status.responsecode).toBe('0000');
    return answer.body.result.content as string;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    await ok('/api/region/create', { regioncode: 'DLREG', regionname: 'Download Region' });
    await ok('/api/country/create', { countrycode: 'XD', countryname: 'Dlland', regioncode: 'DLREG', countryphonecode: '+997', nationality: 'Dllander' });
    await ok('/api/state/create', { statecode: 'DLS1', statename: 'Dl North', countrycode: 'XD' });
    await ok('/api/city/create', { citycode: 'DLC1', cityname: 'Dl Port', countrycode: 'XD', statecode: 'DLS1' });
  });
  afterAll(async () => server?.close());

  const cases = [
    { resource: 'country', criteria: { countrycode: 'XD' }, csv: "Country Code,Country Name,Region,Phone Code,Nationality,Status\r\nXD,Dlland,Download Region,'+997,Dllander,Active\r\n" },
    { resource: 'city', criteria: { citycode: 'DLC1' }, csv: 'City Code,City Name,Country,State,Status\r\nDLC1,Dl Port,Dlland,Dl North,Active\r\n' },
  ];

  it.each(cases)('writes the labels of the references of $resource', async ({ resource, criteria, csv }) => {
    expect(await download(resource, criteria)).toBe(csv);
  });

  it('writes the code, as the table does, when the referenced record is no longer offered (inactive)', async () => {
    await ok('/api/region/deactivate', { regioncode: 'DLREG' });
    try {
      expect(await download('country', { countrycode: 'XD' })).toBe("Country Code,Country Name,Region,Phone Code,Nationality,Status\r\nXD,Dlland,DLREG,'+997,Dllander,Active\r\n");
    } finally {
      await ok('/api/region/activate', { regioncode: 'DLREG' });
    }
  });
});
