// Reference data seeded on start (server/platform/seed/referenceData.ts) and the screens over it, on both databases:
// what is seeded, the cascading selectors, set default, and each new screen refusing bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceModel, validateRecord } from '../../engine/definition/compile';
import { loadCatalogue } from '../../server/platform/definitions';
import { rowToRecord, type Row } from '../../server/platform/resources/records';
import { seedReferenceData } from '../../server/platform/seed/referenceData';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const catalogue = loadCatalogue();
const SEEDED = ['region', 'country', 'state', 'city', 'airport', 'currency', 'general-config', 'job-catalogue', 'language', 'title', 'salutation', 'hobbies', 'religion'];

interface Option {
  value: string;
  label: string;
  [extra: string]: unknown;
}

describe.each(testDatabases)('reference data on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const call = (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token: admin, ...extra });
  const detail = async (resource: string, key: Row) => (await call(`/api/${resource}/detail`, key)).body;
  const total = async (resource: string, criteria: Row = {}) =>
    (await call(`/api/${resource}/list`, undefined, { paging: { limit: 1, page: 1 }, parameter: { criteria } })).body.paging!.totalrecord;
  const options = async (selector: string, criteria?: Row): Promise<Option[]> => (await call('/api/selector/options', { selector, criteria })).body.result;
  const rowsOf = (resource: string) => {
    const table = resourceModel(catalogue.screenByResource.get(resource)!).table;
    return definitionDb(server.database.db).selectFrom(table).selectAll().execute() as Promise<Row[]>;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('seeds countries with phone codes and nationalities, in the world regions of the country data', async () => {
    expect((await detail('country', { countrycode: 'ID' })).result).toMatchObject({
      countrycode: 'ID',
      countryname: 'Indonesia',
      regioncode: '142',
      countryphonecode: '+62',
      nationality: 'Indonesian',
      status: 'ACTIVE',
      createdby: 'system',
    });
    expect((await detail('country', { countrycode: 'SG' })).result).toMatchObject({ countryname: 'Singapore', countryphonecode: '+65', nationality: 'Singaporean' });
    expect((await detail('country', { countrycode: 'XK' })).result.countryphonecode).toBe('+383');
    expect((await options('region')).map((o) => o.value).sort()).toEqual(['002', '003', '005', '009', '010', '142', '150']);
    expect(await total('country')).toBeGreaterThanOrEqual(249);
    expect(await options('country', { regioncode: '142' })).toContainEqual({ value: 'ID', label: 'Indonesia', countryphonecode: '+62', nationality: 'Indonesian' });
  });

  it('seeds ISO 4217 currencies, IATA airports and ISO 639-1 languages from the data packages', async () => {
    expect((await detail('currency', { currencycode: 'IDR' })).result).toMatchObject({ currencyname: 'Rupiah', status: 'ACTIVE' });
    expect((await detail('currency', { currencycode: 'USD' })).result.currencyname).toBe('US Dollar');
    // Funds, metals and test codes are no money a member pays with.
    expect((await detail('currency', { currencycode: 'XAU' })).status.responsecode).toBe('1004');
    expect(await total('currency')).toBeGreaterThan(150);

    expect((await detail('airport', { airportiatacode: 'CGK' })).result).toMatchObject({
      airportname: 'Soekarno-Hatta International Airport',
      cityname: 'Jakarta',
      countrycode: 'ID',
    });
    expect((await detail('airport', { airportiatacode: 'DPS' })).result).toMatchObject({ airportname: 'Ngurah Rai Bali International Airport', cityname: 'Denpasar' });
    expect(await total('airport')).toBeGreaterThan(5000);
    expect(await total('airport', { countrycode: 'ID' })).toBeGreaterThan(100);
    // Every airport sits in a seeded country.
    const countries = new Set((await rowsOf('country')).map((c) => c.countrycode));
    expect((await rowsOf('airport')).filter((a) => !countries.has(a.countrycode as string)).map((a) => a.airportiatacode)).toEqual([]);

    const languages = await options('language');
    expect(languages).toHaveLength(183);
    expect(languages).toContainEqual({ value: 'id', label: 'Indonesian' });
    expect(languages).toContainEqual({ value: 'en', label: 'English' });
  });

  it('cascades region -> country -> state -> city through the selectors', async () => {
    const provinces = await options('state', { countrycode: 'ID' });
    expect(provinces).toHaveLength(38);
    expect(provinces).toContainEqual({ value: 'ID-JK', label: 'DKI Jakarta' });
    expect(provinces).toContainEqual({ value: 'ID-PD', label: 'Papua Barat Daya' });
    expect(await options('state', { countrycode: 'SG' })).toEqual([]);

    const eastJava = (await options('city', { statecode: 'ID-JI' })).map((o) => o.label);
    expect(eastJava).toEqual(expect.arrayContaining(['Surabaya', 'Malang']));
    expect((await options('city', { statecode: 'ID-SU' })).map((o) => o.label)).toContain('Medan');
    expect((await options('city', { countrycode: 'ID', statecode: 'ID-JB' })).map((o) => o.label)).toContain('Bandung');
    // Every province has its capital at least.
    const cities = await rowsOf('city');
    expect(new Set(cities.map((c) => c.statecode)).size).toBe(38);
    expect(cities.every((c) => c.countrycode === 'ID')).toBe(true);
  });

  it('seeds the member configuration lists and the general configuration keys of spec 000 §9', async () => {
    expect(await options('title')).toContainEqual({ value: 'MR', label: 'Mr' });
    expect(await options('salutation')).toContainEqual({ value: 'IDTUAN', label: 'Tuan', gender: 'MALE', langcode: 'id' });
    const defaults = await call('/api/salutation/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: { isdefault: true } } });
    expect(defaults.body.result.map((s: Row) => s.salutationcode).sort()).toEqual(['ENMR', 'IDTUAN']);
    expect((await options('religion')).map((o) => o.value)).toEqual(expect.arrayContaining(['ISLAM', 'PROTESTANT', 'CATHOLIC', 'HINDU', 'BUDDHIST', 'CONFUCIAN', 'OTHER']));
    expect((await options('hobbies')).length).toBeGreaterThanOrEqual(15);
    expect((await options('jobs')).length).toBeGreaterThanOrEqual(20);

    const config = Object.fromEntries((await rowsOf('general-config')).map((c) => [c.key, c.value]));
    expect(Object.keys(config)).toEqual(
      expect.arrayContaining(['DEFAULT_TIER', 'DEFAULT_NATIONALITY', 'DEFAULT_LANGUAGE', 'DEFAULT_COUNTRY', 'DEFAULT_PHONE_CODE', 'VAT_BUY_MILEAGE', 'ANNOUNCEMENT_CONTENT', 'ANNOUNCEMENT_SHOW', 'MAX_RETRO_CLAIM_DAYS', 'MEMBER_STATUS_UPDATE', 'TIER_MAINTAIN_NOTIFICATION']),
    );
    expect(config.ANNOUNCEMENT_SHOW).toBe('false');
    expect((await detail('general-config', { key: 'DEFAULT_PHONE_CODE' })).result).toMatchObject({ value: '+62', active: true });
  });

  it('stores only values its own screen accepts, so any seeded record can be saved unchanged', async () => {
    const refused: string[] = [];
    for (const resource of SEEDED) {
      const screen = catalogue.screenByResource.get(resource)!;
      const model = resourceModel(screen);
      for (const row of await rowsOf(resource)) {
        const errors = validateRecord(screen, rowToRecord(model, row), 'create');
        if (Object.keys(errors).length > 0) refused.push(`${resource} ${String(row[model.key[0]!])}: ${Object.values(errors).join('; ')}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('seeds once: a table with rows is left alone, so deleted records stay deleted', async () => {
    expect((await call('/api/hobbies/delete', { hobbiesid: 'FISHING' })).body.status.responsecode).toBe('0000');
    expect(await seedReferenceData(server.database.db, catalogue)).toEqual({});
    expect((await detail('hobbies', { hobbiesid: 'FISHING' })).status.responsecode).toBe('1004');
  });

  it('sets a default salutation and clears the other default of the same language only', async () => {
    const set = await call('/api/salutation/setdefault', { salutationcode: 'IDBAPAK' });
    expect(set.body.status.responsecode).toBe('0000');
    expect(set.body.result).toMatchObject({ salutationcode: 'IDBAPAK', isdefault: true });
    expect((await detail('salutation', { salutationcode: 'IDTUAN' })).result.isdefault).toBe(false);
    expect((await detail('salutation', { salutationcode: 'ENMR' })).result.isdefault).toBe(true);
    const defaults = await call('/api/salutation/list', undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria: { isdefault: true } } });
    expect(defaults.body.result.map((s: Row) => s.salutationcode).sort()).toEqual(['ENMR', 'IDBAPAK']);
  });

  const BAD_INPUT: [string, Row, string, string][] = [
    ['state', { statecode: 'ID-JK', statename: 'Jakarta Raya', countrycode: 'ID' }, 'statecode', 'State Code "ID-JK" already exists'],
    ['city', { citycode: 'id-sub', cityname: 'Surabaya', countrycode: 'ID', statecode: 'ID-JI' }, 'citycode', 'City Code can be filled with uppercase letters and numbers only'],
    ['city', { citycode: 'IDXXX', cityname: 'Nowhere', countrycode: 'ID', statecode: 'ID-ZZ' }, 'statecode', 'State "ID-ZZ" does not exist'],
    // The cascade holds on the server too: a state of another country is refused.
    ['city', { citycode: 'IDXXY', cityname: 'Elsewhere', countrycode: 'MY', statecode: 'ID-JK' }, 'statecode', 'State "ID-JK" does not belong to the chosen Country'],
    ['airport', { airportiatacode: 'cgk', airportname: 'Soekarno-Hatta', cityname: 'Jakarta', countrycode: 'ID' }, 'airportiatacode', 'IATA Code can be filled with uppercase letters only'],
    ['airport', { airportiatacode: 'CGKX', airportname: 'Soekarno-Hatta', cityname: 'Jakarta', countrycode: 'ID' }, 'airportiatacode', 'IATA Code len length 3'],
    ['currency', { currencycode: 'IDR', currencyname: 'Indonesian Rupiah' }, 'currencycode', 'Currency Code "IDR" already exists'],
    ['general-config', { key: 'ANNOUNCEMENT_SHOW', value: 'true', active: true }, 'key', 'Key "ANNOUNCEMENT_SHOW" already exists'],
    ['general-config', { key: 'ANNOUNCEMENT SHOW', value: 'true', active: true }, 'key', 'Key can be filled with letters, numbers, underscore and dot only'],
    ['job-catalogue', { jobcode: 'ASTRONAUT', jobname: 'Astronaut <script>' }, 'jobname', 'Job Name can be filled with letters, numbers, space, apostrophe, dash and dot only'],
    ['title', { titlecode: 'MR', titlename: 'Mister' }, 'titlecode', 'Title Code "MR" already exists'],
    ['salutation', { salutationcode: 'FRMR', salutationname: 'Monsieur', gender: 'MALE', langcode: 'xx' }, 'langcode', 'Language "xx" does not exist'],
    ['hobbies', { hobbiesid: 'SAILING', hobbiesname: 'S'.repeat(51) }, 'hobbiesname', 'Hobbies Name max length 50'],
    ['religion', { religionid: 'SHINTO' }, 'religionname', 'Religion Name is Required'],
    ['language', { langcode: 'E1', langname: 'English' }, 'langcode', 'Language Code can be filled with letters only'],
  ];

  it.each(BAD_INPUT)('refuses bad %s input with the rule message on its field, storing nothing', async (resource, data, field, message) => {
    const key = resourceModel(catalogue.screenByResource.get(resource)!).key[0]!;
    const before = await detail(resource, { [key]: data[key] });
    const answer = await call(`/api/${resource}/create`, data);
    expect(answer.body.status.responsemessage).toBe(message);
    expect(answer.body.result.fields).toEqual({ [field]: message });
    expect(await detail(resource, { [key]: data[key] })).toEqual(before);
  });
});
