// Partner management reference data on both databases: the demo rows (compartments and booking
// classes per airline, codeshares that earn and do not, distance bands, activity codes and limits, airport
// coordinates), the two generic rules every rule screen gets (no overlapping ranges for the same key; a choice
// that must belong to another field's record) and each bad input answering a field message and changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, unknown>;

/** A bad input: the call, and the field and message it must answer (spec-free texts, pinned here). */
interface BadInput {
  name: string;
  path: string;
  data: Row;
  table: string;
  field: string;
  message: string | RegExp;
}

const CGK = { airportiatacode: 'CGK', airportname: 'Soekarno-Hatta International Airport', cityname: 'Jakarta', countrycode: 'ID', latitude: -6.1256, longitude: 106.656 };

const BAD_INPUTS: BadInput[] = [
  {
    name: 'earning miles overlapping an open-ended period of the same airline',
    path: '/api/earning-miles/create',
    data: { airlinecode: 'GA', earnmethod: 'DISTANCE', awardmiles: true, tiermiles: true, frequency: false, effectivedate: '2024-01-01', expireddate: '2024-12-31' },
    table: 'earning_miles',
    field: 'effectivedate',
    message: 'Effective Date - Expired Date overlap Earning Miles "EM-GA-2020" (2020-12-15 - no end) of the same Airline',
  },
  {
    name: 'a distance band meeting another band in both distance and period',
    path: '/api/distance-range/create',
    data: { distancerangecode: 'MID', distancerangename: 'Mid band', mindistance: 400, maxdistance: 800, effectivedate: '2020-01-01' },
    table: 'distance_range',
    field: 'maxdistance',
    message: /^Min Distance \(miles\) - Max Distance \(miles\) and Effective Date - Expired Date overlap Distance Range "(SHORT|REGIONAL)" \((0 - 500|501 - 1,000), 2016-01-01 - no end\)$/,
  },
  {
    name: 'a band whose maximum is below its minimum',
    path: '/api/distance-range/create',
    data: { distancerangecode: 'UPSIDE', distancerangename: 'Upside down', mindistance: 900, maxdistance: 100, effectivedate: '2010-01-01', expireddate: '2010-12-31' },
    table: 'distance_range',
    field: 'maxdistance',
    message: 'Max Distance must not be less than Min Distance (miles)',
  },
  {
    name: 'an activity limit overlapping the same partner and activity code',
    path: '/api/activity-code-limit/create',
    data: { limitcode: 'BNI-SPEND2', partnercode: 'BNI', activitycode: 'CARDSPEND', maxmilesmonth: 10000, effectivedate: '2025-01-01' },
    table: 'activity_code_limit',
    field: 'effectivedate',
    message: 'Effective Date - Expired Date overlap Activity Code Limit "BNI-SPEND" (2024-01-01 - no end) of the same Partner and Activity Code',
  },
  {
    name: "an activity code of another partner (Hilton's STAY for BNI)",
    path: '/api/activity-code-limit/create',
    data: { limitcode: 'BNI-STAY', partnercode: 'BNI', activitycode: 'STAY', maxcountday: 1, effectivedate: '2025-01-01' },
    table: 'activity_code_limit',
    field: 'activitycode',
    message: 'Activity Code "STAY" does not belong to the chosen Partner',
  },
  {
    name: 'a limit of zero miles a day',
    path: '/api/activity-code-limit/create',
    data: { limitcode: 'AVIS-ZERO', partnercode: 'AVIS', activitycode: 'RENTAL', maxmilesday: 0, effectivedate: '2030-01-01' },
    table: 'activity_code_limit',
    field: 'maxmilesday',
    message: 'Max Miles per Day minimum 1',
  },
  {
    name: 'a second all-route codeshare of GA on Citilink in the same period',
    path: '/api/codeshare/create',
    data: { routetype: 'ALLROUTE', marketingairline: 'GA', operatingairline: 'QG', earnmiles: false, effectivedate: '2024-01-01' },
    table: 'codeshare',
    field: 'effectivedate',
    message:
      'Effective Date - Expired Date overlap Codeshare List "CS-GA-QG" (2020-01-01 - no end) of the same Marketing Airline, Marketing Flight Number, Operating Airline, Operating Flight Number, Route Type, Origin and Destination',
  },
  {
    name: 'a specific-route codeshare without its airports',
    path: '/api/codeshare/create',
    data: { routetype: 'SPECIFICROUTE', marketingairline: 'GA', marketingfltnum: '9481', operatingairline: 'KL', earnmiles: true, effectivedate: '2026-01-01' },
    table: 'codeshare',
    field: 'originairport',
    message: 'Origin is Required',
  },
  {
    name: 'a latitude beyond the pole',
    path: '/api/airport/update',
    data: { ...CGK, latitude: 91 },
    table: 'airport',
    field: 'latitude',
    message: 'Latitude maximum 90',
  },
  {
    name: 'a longitude beyond the date line',
    path: '/api/airport/update',
    data: { ...CGK, longitude: -180.5 },
    table: 'airport',
    field: 'longitude',
    message: 'Longitude minimum -180',
  },
  {
    name: 'a negative conversion rate',
    path: '/api/program/create',
    data: { programcode: 'NEGATIVE', programname: 'Negative', partnercode: 'BCA', conversionrate: -0.5 },
    table: 'program',
    field: 'conversionrate',
    message: 'Miles per Point minimum 0',
  },
  {
    name: 'a compartment of rank 0',
    path: '/api/compartment/create',
    data: { airlinecode: 'GA', compartmentcode: 'W', compartmentname: 'Premium Economy', rank: 0 },
    table: 'compartment',
    field: 'rank',
    message: 'Rank minimum 1',
  },
  {
    name: "a booking class in a compartment the airline does not have (GA has no W)",
    path: '/api/booking-class/create',
    data: { airlinecode: 'GA', bookingclass: 'X', compartmentcode: 'W' },
    table: 'booking_class',
    field: 'compartmentcode',
    message: 'Compartment "W" does not belong to the chosen Airline',
  },
  {
    name: 'an update moving a booking class to a compartment of another airline (the airline is the key, not sent as a change)',
    path: '/api/booking-class/update',
    data: { airlinecode: 'GA', bookingclass: 'Y', compartmentcode: 'W' },
    table: 'booking_class',
    field: 'compartmentcode',
    message: 'Compartment "W" does not belong to the chosen Airline',
  },
  {
    name: "an accrual rule line for a class outside the rule's airline (F is no KLM class)",
    path: '/api/accrual-rule-bc-detail/create',
    data: { rulecode: 'KL-SKYTEAM', bookingclass: 'F', awardpercent: 100, tierpercent: 100, segments: 1 },
    table: 'accrual_rule_bc_detail',
    field: 'bookingclass',
    message: 'Booking Class "F" does not belong to the Carrier of the chosen Rule Code (KL)',
  },
];

describe.each(testDatabases)('partner management reference data on $name', (target) => {
  let server: TestServer;
  let call: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  const db = () => server.database.db as unknown as import('kysely').Kysely<any>;
  const tableRows = async (table: string) => JSON.stringify(await db().selectFrom(table).selectAll().execute());
  const list = async (resource: string, criteria: Row = {}, sort?: Row) =>
    (await call(`/api/${resource}/list`, undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria, ...(sort ? { sort } : {}) } })).body.result as Row[];

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    const token = (await server.login('admin')).body.result.bearer as string;
    call = (path, data, extra = {}) => server.call(path, data, { token, ...extra });
  });
  afterAll(async () => server?.close());

  describe('demo data', () => {
    it("gives each airline its compartments by rank and its booking classes, GA's covering every class of its accrual tables", async () => {
      expect((await list('compartment', { airlinecode: 'GA' })).map((c) => [c.compartmentcode, c.compartmentname, c.rank])).toEqual([
        ['F', 'First', 1],
        ['C', 'Business', 2],
        ['Y', 'Economy', 4],
      ]);
      expect((await list('compartment', { airlinecode: 'KL' })).map((c) => c.compartmentcode)).toEqual(['C', 'W', 'Y']);
      const ga = await list('booking-class', { airlinecode: 'GA' });
      expect(ga.map((c) => c.bookingclass).sort().join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWYZ');
      expect(ga.find((c) => c.bookingclass === 'O')).toMatchObject({ compartmentcode: 'Y', description: 'Award ticket' });
      // Every booking-class accrual line names a class of its rule's airline.
      const strays = await db()
        .selectFrom('accrual_rule_bc_detail as d')
        .innerJoin('accrual_rule_bc as r', 'r.rulecode', 'd.rulecode')
        .leftJoin('booking_class as b', (join) => join.onRef('b.airlinecode', '=', 'r.airlinecode').onRef('b.bookingclass', '=', 'd.bookingclass'))
        .select(['d.rulecode', 'd.bookingclass'])
        .where('b.bookingclass', 'is', null)
        .execute();
      expect(strays).toEqual([]);
    });

    it('lists codeshares that earn and that do not, partner locations and co-brand cards, bands and limits', async () => {
      const codeshares = await list('codeshare');
      expect(codeshares.find((c) => c.codeshareid === 'CS-GA-KL-AMS')).toMatchObject({ routetype: 'SPECIFICROUTE', operatingairline: 'KL', originairport: 'CGK', destinationairport: 'AMS', earnmiles: true });
      expect(codeshares.find((c) => c.codeshareid === 'CS-GA-NH')).toMatchObject({ routetype: 'ALLROUTE', earnmiles: false });
      expect((await list('partner-location', { partnercode: 'HILTON' })).map((l) => l.partnerlocationcode)).toEqual(['AMSCENTRE', 'DPSRESORT']);
      expect((await list('partner-cobrand', { partnercode: 'BNI' })).map((c) => c.cobrandcode)).toEqual(['BNIBLUE', 'BNIGOLD', 'BNIPLATINUM', 'BNISILVER']);
      const bands = await list('distance-range');
      expect(bands.map((b) => [b.mindistance, b.maxdistance])).toEqual([[0, 500], [501, 1000], [1001, 2000], [2001, 4000], [4001, 7000], [7001, 12500]]);
      expect((await list('activity-code', { partnercode: 'HILTON' })).map((a) => [a.activitycode, a.nonairactivitytype])).toEqual([['STAY', 'HOTEL_STAY']]);
      expect((await list('activity-code-limit', { limitcode: 'HILTON-STAY' }))[0]).toMatchObject({ maxcountday: 1, maxmilesyear: 60000, maxmilesday: null });
    });

    it('gives airports their coordinates, and selectors filter compartments and booking classes by airline', async () => {
      const cgk = (await call('/api/airport/detail', { airportiatacode: 'CGK' })).body.result;
      expect(cgk.latitude).toBeCloseTo(-6.1256, 4);
      expect(cgk.longitude).toBeCloseTo(106.656, 3);
      const options = async (selector: string, criteria: Row) => (await call('/api/selector/options', { selector, criteria }, { paging: { page: 1, limit: -1 } })).body.result as Row[];
      expect((await options('compartment', { airlinecode: 'KE' })).map((o) => o.label)).toEqual(['First', 'Business', 'Economy']);
      expect((await options('booking-class', { airlinecode: 'QG' })).map((o) => o.value)).not.toContain('J');
    });
  });

  describe('bad input answers a field message and changes nothing', () => {
    it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', async (_name, bad) => {
      const before = await tableRows(bad.table);
      const { body } = await call(bad.path, bad.data);
      expect(body.status.responsecode).toBe(CODES.VALIDATION);
      const fields = (body.result?.fields ?? {}) as Record<string, string>;
      if (typeof bad.message === 'string') {
        expect(body.status.responsemessage).toBe(bad.message);
        expect(fields[bad.field]).toBe(bad.message);
      } else {
        expect(body.status.responsemessage).toMatch(bad.message);
        expect(fields[bad.field]).toMatch(bad.message);
      }
      expect(await tableRows(bad.table)).toBe(before);
    });
  });

  describe('no overlapping periods for the same key', () => {
    it('takes periods that only touch, refuses one that shares a day, and refuses an update stretching into the next', async () => {
      const create = (effectivedate: string, expireddate: string | null) =>
        call('/api/earning-miles/create', { airlinecode: 'SV', earnmethod: 'DISTANCE', awardmiles: true, tiermiles: true, frequency: true, effectivedate, expireddate });
      const first = await create('2025-01-01', '2025-12-31');
      expect(first.body.status.responsecode).toBe(CODES.SUCCESS);
      const sameDay = await create('2025-12-31', null);
      expect(sameDay.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(sameDay.body.result.fields).toEqual({
        effectivedate: `Effective Date - Expired Date overlap Earning Miles "${first.body.result.earningmilesid}" (2025-01-01 - 2025-12-31) of the same Airline`,
        expireddate: `Effective Date - Expired Date overlap Earning Miles "${first.body.result.earningmilesid}" (2025-01-01 - 2025-12-31) of the same Airline`,
      });
      const next = await create('2026-01-01', null);
      expect(next.body.status.responsecode).toBe(CODES.SUCCESS);
      // Another airline's period is its own.
      expect((await call('/api/earning-miles/create', { airlinecode: 'VN', earnmethod: 'DISTANCE', awardmiles: true, tiermiles: true, frequency: true, effectivedate: '2025-06-01' })).body.status.responsecode).toBe(CODES.SUCCESS);

      const before = await tableRows('earning_miles');
      const { createdby, createddate, updatedby, updateddate, ...stored } = first.body.result;
      const stretched = await call('/api/earning-miles/update', { ...stored, expireddate: '2026-03-31' });
      expect(stretched.body.status.responsemessage).toBe(`Effective Date - Expired Date overlap Earning Miles "${next.body.result.earningmilesid}" (2026-01-01 - no end) of the same Airline`);
      expect(await tableRows('earning_miles')).toBe(before);
      // The record may change anything else, and keep its own period.
      expect((await call('/api/earning-miles/update', { ...stored, frequency: false })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect({ createdby, updatedby }).toEqual({ createdby: 'admin', updatedby: 'admin' });
      expect(createddate).toBe(updateddate);
    });

    it('keeps distance bands apart only where their periods meet too', async () => {
      const old = await call('/api/distance-range/create', { distancerangecode: 'OLDMID', distancerangename: 'Old mid band', mindistance: 400, maxdistance: 800, effectivedate: '2010-01-01', expireddate: '2015-12-31' });
      expect(old.body.status.responsecode).toBe(CODES.SUCCESS);
      const moved = await call('/api/distance-range/update', { distancerangecode: 'OLDMID', distancerangename: 'Old mid band', mindistance: 400, maxdistance: 800, effectivedate: '2010-01-01', expireddate: '2016-01-01' });
      expect(moved.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(moved.body.result.fields).sort()).toEqual(['effectivedate', 'expireddate', 'maxdistance', 'mindistance']);
    });
  });

  describe('a choice that belongs to another field', () => {
    it("takes a booking class of the rule's airline, and a booking class in one of its airline's compartments", async () => {
      const line = await call('/api/accrual-rule-bc-detail/create', { rulecode: 'GA-2020', bookingclass: 'O', awardpercent: 0, tierpercent: 0, segments: 0 });
      expect(line.body.status.responsecode).toBe(CODES.SUCCESS);
      const added = await call('/api/booking-class/create', { airlinecode: 'GA', bookingclass: 'X', compartmentcode: 'Y', description: 'Charter' });
      expect(added.body.status.responsecode).toBe(CODES.SUCCESS);
      // Moving a class to another cabin of its own airline is fine.
      expect((await call('/api/booking-class/update', { airlinecode: 'GA', bookingclass: 'X', compartmentcode: 'C' })).body.status.responsecode).toBe(CODES.SUCCESS);
    });
  });

  describe('record pages', () => {
    it("saves a partner's basic info on its own and adds a location under it", async () => {
      const saved = await call('/api/partner/section-basic-info', { partnercode: 'AVIS', partnername: 'Avis Budget Group', partnertype: 'CAR_RENTAL', countrycode: 'US', email: 'loyalty@avis.example' });
      expect(saved.body.status.responsecode).toBe(CODES.SUCCESS);
      const location = await call('/api/partner-location/create', { partnercode: 'AVIS', partnerlocationcode: 'SUBAIRPORT', partnerlocationname: 'Avis Juanda Airport', cityname: 'Surabaya', countrycode: 'ID' });
      expect(location.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await list('partner-location', { partnercode: 'AVIS' })).map((l) => l.partnerlocationcode)).toEqual(['CGKAIRPORT', 'DPSAIRPORT', 'SUBAIRPORT']);
    });
  });
});
