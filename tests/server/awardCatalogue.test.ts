// The award catalogue on both databases (data screens): the demo award chart, each bad input
// answering a field message and changing nothing (overlapping peak seasons, a blackout ending before it starts,
// negative miles, an unknown award type), the award's record page sections and price child rows, activation and
// termination, and the function codes every call needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { priceAward, type Award, type AwardPrice, type Blackout, type NomineeFee, type PeakSeason } from '../../server/awardManagement/awards/awardPricing';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, unknown>;

interface BadInput {
  name: string;
  path: string;
  data: Row;
  table: string;
  field: string;
  message: string;
}

const BAD_INPUTS: BadInput[] = [
  {
    name: 'a peak season overlapping another of all award types',
    path: '/api/peak-season/create',
    data: { peakseasoncode: 'LEBARAN-X', peakseasonname: 'Lebaran extended', startdate: '2026-03-25', enddate: '2026-04-05' },
    table: 'peak_season',
    field: 'startdate',
    message: 'Start Date - End Date overlap Peak Season "LEBARAN-26" (2026-03-13 - 2026-03-29) of the same Award Type',
  },
  {
    name: 'a blackout ending before it starts',
    path: '/api/blackout/create',
    data: { blackoutcode: 'BO-BACKWARDS', blackouttype: 'ROUTE', originairport: 'CGK', destinationairport: 'SUB', startdate: '2026-08-17', enddate: '2026-08-10' },
    table: 'blackout',
    field: 'enddate',
    message: 'End Date must not be before Start Date',
  },
  {
    name: 'a route blackout without its origin',
    path: '/api/blackout/create',
    data: { blackoutcode: 'BO-NOORIGIN', blackouttype: 'ROUTE', destinationairport: 'SUB', startdate: '2026-08-10', enddate: '2026-08-17' },
    table: 'blackout',
    field: 'originairport',
    message: 'Origin is Required',
  },
  {
    name: 'a blackout of an award that does not exist',
    path: '/api/blackout/create',
    data: { blackoutcode: 'BO-NOAWARD', blackouttype: 'AWARD', awardcode: 'NO-SUCH', startdate: '2026-08-10', enddate: '2026-08-17' },
    table: 'blackout',
    field: 'awardcode',
    message: 'Award "NO-SUCH" does not exist',
  },
  {
    name: 'a nominee fee of negative miles',
    path: '/api/nominee-fee-config/create',
    data: { nomineefeecode: 'NOM-NEG', awardtypecode: 'UPGRADE', feemiles: -100, effectivedate: '2026-01-01' },
    table: 'nominee_fee_config',
    field: 'feemiles',
    message: 'Fee per Nominee (Miles) minimum 0',
  },
  {
    name: 'a second nominee fee for Gold flight awards in the same period',
    path: '/api/nominee-fee-config/create',
    data: { nomineefeecode: 'NOM-GOLD-2', awardtypecode: 'FLIGHT', tierid: 'GOLD', feemiles: 500, effectivedate: '2026-01-01' },
    table: 'nominee_fee_config',
    field: 'effectivedate',
    message: 'Effective Date - Expired Date overlap Nominee Fee Config "NOM-FLIGHT-GOLD" (2024-01-01 - no end) of the same Award Type and Tier',
  },
  {
    name: 'an award type of an unknown category type',
    path: '/api/award-type/create',
    data: { awardtypecode: 'CAR', awardtypename: 'Car Rental Voucher', categorytype: 'GROUND', categorycode: 'VOUCHER' },
    table: 'award_type',
    field: 'categorytype',
    message: 'Category Type must be one of Air, Non-Air',
  },
  {
    name: 'an award of an unknown award type',
    path: '/api/award/create',
    data: { awardcode: 'AWD-CRUISE', awardname: 'Cruise', awardtypecode: 'CRUISE', pricingby: 'ZONE', maxperson: 2, startdate: '2026-01-01' },
    table: 'award',
    field: 'awardtypecode',
    message: 'Award Type "CRUISE" does not exist',
  },
  {
    name: 'a fixed-price award without its price',
    path: '/api/award/section-price',
    data: { awardcode: 'AWD-DOM-Y', fixedprice: true },
    table: 'award',
    field: 'priceaward',
    message: 'Fixed Price (Miles) is Required',
  },
  {
    name: 'an award price of negative miles',
    path: '/api/award-price/create',
    data: { awardcode: 'AWD-DOM-Y', pricecode: 'DOM-4-Y', zonecode: 'DOM-4', compartmentcode: 'Y', normalmiles: -7500, effectivedate: '2024-01-01' },
    table: 'award_price',
    field: 'normalmiles',
    message: 'Normal Miles minimum 0',
  },
  {
    name: 'peak-season miles below the normal miles',
    path: '/api/award-price/create',
    data: { awardcode: 'AWD-DOM-Y', pricecode: 'DOM-4-Y', zonecode: 'DOM-4', compartmentcode: 'Y', normalmiles: 20000, peakmiles: 15000, effectivedate: '2024-01-01' },
    table: 'award_price',
    field: 'peakmiles',
    message: 'Peak Season Miles must not be less than Normal Miles',
  },
  {
    name: 'a second price of the same zone, compartment and tier in the same period',
    path: '/api/award-price/create',
    data: { awardcode: 'AWD-DOM-Y', pricecode: 'DOM-1-Y-2026', zonecode: 'DOM-1', compartmentcode: 'Y', normalmiles: 8000, effectivedate: '2026-01-01' },
    table: 'award_price',
    field: 'effectivedate',
    message: 'Effective Date - Expired Date overlap Award Price "AWD-DOM-Y|DOM-1-Y" (2024-01-01 - no end) of the same Award Code, Zone / Route Band, Compartment and Tier',
  },
];

describe.each(testDatabases)('award catalogue on $name', (target) => {
  let server: TestServer;
  let call: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  const db = () => server.database.db as unknown as import('kysely').Kysely<any>;
  const tableRows = async (table: string) => JSON.stringify(await db().selectFrom(table).selectAll().execute());
  const list = async (resource: string, criteria: Row = {}) =>
    (await call(`/api/${resource}/list`, undefined, { paging: { limit: -1, page: 1 }, parameter: { criteria } })).body.result as Row[];

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    const token = (await server.login('admin')).body.result.bearer as string;
    call = (path, data, extra = {}) => server.call(path, data, { token, ...extra });
  });
  afterAll(async () => server?.close());

  describe('demo award chart', () => {
    it('has air and non-air award types, flight awards by zone and compartment with peak miles, an upgrade and partner vouchers', async () => {
      expect((await list('award-type')).map((t) => [t.awardtypecode, t.categorytype])).toEqual([
        ['FLIGHT', 'AIR'],
        ['HOTEL', 'NON_AIR'],
        ['MERCH', 'NON_AIR'],
        ['PARTNER', 'NON_AIR'],
        ['UPGRADE', 'AIR'],
      ]);
      const awards = await list('award');
      expect(awards.map((a) => a.awardcode)).toEqual(['AWD-DOM-C', 'AWD-DOM-Y', 'AWD-INT-C', 'AWD-INT-F', 'AWD-INT-Y', 'HTL-HILTON', 'UPG-DOM', 'VCH-SARINAH']);
      expect(awards.find((a) => a.awardcode === 'AWD-INT-F')!.status).toBe('TERMINATED');
      const hotel = async (key: string) => (await call(`/api/award/section-${key}-detail`, { awardcode: 'HTL-HILTON' })).body.result;
      expect(await hotel('partner')).toMatchObject({ partnercode: 'HILTON', partnerawardcode: 'HH-DPS-1N' });
      expect(await hotel('price')).toMatchObject({ fixedprice: true, priceaward: 25000 });
      expect(await hotel('eligibility')).toMatchObject({ allcountries: false, countries: ['ID'] });
      const europe = await list('award-price', { awardcode: 'AWD-INT-C' });
      expect(europe.filter((p) => p.zonecode === 'EUROPE').map((p) => [p.tierid, p.normalmiles, p.peakmiles])).toEqual([
        [null, 120000, 180000],
        ['PLATINUM', 100000, 150000],
      ]);
      expect((await list('award-price', { awardcode: 'UPG-DOM' })).map((p) => p.compartmentcode)).toEqual(['Y-C', 'Y-C']);
      expect((await list('peak-season')).length).toBe(4);
      expect((await list('blackout', { blackouttype: 'AWARD' })).map((b) => b.awardcode)).toEqual(['HTL-HILTON']);
      expect((await list('nominee-fee-config')).map((n) => n.nomineefeecode)).toEqual(['NOM-ALL', 'NOM-FLIGHT-GOLD', 'NOM-FLIGHT-PLAT', 'NOM-HOTEL']);
    });
  });

  describe('the demo chart through the pricing engine', () => {
    it("prices the stored rows as the screens answer them: Platinum's own Europe Business price in Lebaran, the Hilton night with a nominee", async () => {
      const section = async (key: string, awardcode: string) => (await call(`/api/award/section-${key}-detail`, { awardcode })).body.result as Row;
      const award = async (awardcode: string) =>
        ({ ...(await list('award', { awardcode }))[0], ...(await section('basic-info', awardcode)), ...(await section('price', awardcode)), ...(await section('eligibility', awardcode)) }) as unknown as Award;
      const rows = {
        prices: (await list('award-price')) as unknown as AwardPrice[],
        peakSeasons: (await list('peak-season')) as unknown as PeakSeason[],
        blackouts: (await list('blackout')) as unknown as Blackout[],
        nomineeFees: (await list('nominee-fee-config')) as unknown as NomineeFee[],
      };
      const europe = { date: '2026-03-20', tierid: 'PLATINUM', countrycode: 'ID', branchcode: 'JKTHO', zonecode: 'EUROPE', compartmentcode: 'C', originairport: 'CGK', destinationairport: 'AMS', passengers: 2, nominees: 1 };
      expect(priceAward(await award('AWD-INT-C'), rows, europe)).toEqual({ ok: true, pricecode: 'EUROPE-C-PLAT', peakseasoncode: 'LEBARAN-26', milesPerPassenger: 150000, nomineeFeeMiles: 0, nomineeFeeCash: null, totalMiles: 300000 });
      expect(priceAward(await award('AWD-INT-C'), rows, { ...europe, tierid: 'BLUE' })).toEqual({ ok: false, reason: 'Award AWD-INT-C is not offered to tier BLUE' });
      const hotel = { date: '2026-06-10', tierid: 'GOLD', countrycode: 'ID', branchcode: null, passengers: 1, nominees: 1 };
      expect(priceAward(await award('HTL-HILTON'), rows, hotel)).toMatchObject({ ok: true, milesPerPassenger: 25000, nomineeFeeMiles: 1500, nomineeFeeCash: { amount: 50000, currencycode: 'IDR' }, totalMiles: 26500 });
      expect(priceAward(await award('HTL-HILTON'), rows, { ...hotel, date: '2026-12-30' })).toEqual({ ok: false, reason: 'Award HTL-HILTON is not available on 2026-12-30: blackout BO-HILTON-NYE' });
    });

    it('refuses to delete an award type awards use', async () => {
      const before = await tableRows('award_type');
      const refused = await call('/api/award-type/delete', { awardtypecode: 'FLIGHT' });
      expect(refused.body.status.responsecode).toBe(CODES.IN_USE);
      expect(await tableRows('award_type')).toBe(before);
    });
  });

  describe('bad input answers a field message and changes nothing', () => {
    it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', async (_name, bad) => {
      const before = await tableRows(bad.table);
      const answer = await call(bad.path, bad.data);
      expect(answer.http).toBeLessThan(500);
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(answer.body.status.responsemessage).toBe(bad.message);
      expect((answer.body.result?.fields ?? {})[bad.field]).toBe(bad.message);
      expect(await tableRows(bad.table)).toBe(before);
    });
  });

  describe('writes that are fine', () => {
    it('takes a peak season of one award type inside a season of all types, and a blackout starting the day another ends on another route', async () => {
      const own = await call('/api/peak-season/create', { peakseasoncode: 'UPG-LEBARAN', peakseasonname: 'Upgrade Lebaran', awardtypecode: 'UPGRADE', startdate: '2026-03-15', enddate: '2026-03-20' });
      expect(own.body.status.responsecode).toBe(CODES.SUCCESS);
      const route = await call('/api/blackout/create', { blackoutcode: 'BO-CGK-SUB', blackouttype: 'ROUTE', originairport: 'CGK', destinationairport: 'SUB', startdate: '2026-08-10', enddate: '2026-08-17' });
      expect(route.body.status.responsecode).toBe(CODES.SUCCESS);
      const updated = await call('/api/nominee-fee-config/update', { nomineefeecode: 'NOM-ALL', feemiles: 2500, effectivedate: '2024-01-01' });
      expect(updated.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await list('nominee-fee-config', { nomineefeecode: 'NOM-ALL' }))[0]!.feemiles).toBe(2500);
    });

    it('creates an award, saves its sections one by one, prices it by zone and compartment', async () => {
      const created = await call('/api/award/create', { awardcode: 'AWD-SIN-Y', awardname: 'Singapore Economy Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 4, startdate: '2026-01-01' });
      expect(created.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(created.body.result.status).toBe('INACTIVE');
      const rule = await call('/api/award/section-cancel-update-rule', { awardcode: 'AWD-SIN-Y', cancelfee: 1500, canceldeadlinedays: 2, updatefee: 750, updatedeadlinedays: 1, validitydays: 365 });
      expect(rule.body.status.responsecode).toBe(CODES.SUCCESS);
      const eligibility = await call('/api/award/section-eligibility', { awardcode: 'AWD-SIN-Y', alltiers: false, tiers: ['GOLD', 'PLATINUM'], allcountries: true, countries: [], branches: ['JKTHO'] });
      expect(eligibility.body.status.responsecode).toBe(CODES.SUCCESS);
      const price = await call('/api/award-price/create', { awardcode: 'AWD-SIN-Y', pricecode: 'ASIA-1-Y', zonecode: 'ASIA-1', compartmentcode: 'Y', normalmiles: 20000, peakmiles: 30000, effectivedate: '2026-01-01' });
      expect(price.body.status.responsecode).toBe(CODES.SUCCESS);
      const section = async (key: string) => (await call(`/api/award/section-${key}-detail`, { awardcode: 'AWD-SIN-Y' })).body.result;
      expect(await section('cancel-update-rule')).toMatchObject({ cancelfee: 1500, canceldeadlinedays: 2 });
      expect(await section('eligibility')).toMatchObject({ alltiers: false, tiers: ['GOLD', 'PLATINUM'], branches: ['JKTHO'] });
      expect(await section('basic-info')).toMatchObject({ awardname: 'Singapore Economy Award', maxperson: 4 });
    });
  });

  describe('activation and termination', () => {
    it('activates an inactive award and terminates an active one, for good', async () => {
      await call('/api/award/create', { awardcode: 'AWD-LIFE', awardname: 'Lifecycle Award', awardtypecode: 'MERCH', pricingby: 'ZONE', maxperson: 1, startdate: '2026-01-01' });
      const activated = await call('/api/award/activation', { awardcode: 'AWD-LIFE' });
      expect(activated.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await list('award', { awardcode: 'AWD-LIFE' }))[0]!.status).toBe('ACTIVE');
      const terminated = await call('/api/award/terminate', { awardcode: 'AWD-LIFE' });
      expect(terminated.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await list('award', { awardcode: 'AWD-LIFE' }))[0]!.status).toBe('TERMINATED');
      // Terminated is final: neither action applies any more, and the refusal changes nothing.
      const before = await tableRows('award');
      for (const [action, label] of [['activation', 'Activate'], ['terminate', 'Terminate']]) {
        const refused = await call(`/api/award/${action}`, { awardcode: 'AWD-LIFE' });
        expect(refused.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: `${label} is not available while Status is Terminated` });
      }
      expect(await tableRows('award')).toBe(before);
      const twice = await call('/api/award/activation', { awardcode: 'AWD-DOM-Y' });
      expect(twice.body.status.responsemessage).toBe('Activate is not available while Status is Active');
      const missing = await call('/api/award/terminate', { awardcode: 'NO-SUCH' });
      expect(missing.body.status.responsecode).toBe(CODES.NOT_FOUND);
    });
  });

  describe("a member's redemption nominees", () => {
    it('lists the demo nominees of a member, offers them by member, and adds one under a generated id', async () => {
      expect((await list('member-redemption-nominee', { memberid: 'MBR0000001' })).map((n) => [n.firstname, n.relationship, n.status])).toEqual([
        ['Sari', 'SPOUSE', 'ACTIVE'],
        ['Raka', 'CHILD', 'ACTIVE'],
        ['Hartono', 'PARENT', 'INACTIVE'],
      ]);
      const options = await call('/api/selector/options', { selector: 'member-redemption-nominee', criteria: { memberid: 'MBR0000002' } }, { paging: { page: 1, limit: -1 } });
      expect((options.body.result as Row[]).map((o) => o.label)).toEqual(['Dewi']);
      const added = await call('/api/member-redemption-nominee/create', { memberid: 'MBR0000002', firstname: 'Putri', lastname: 'Lestari', relationship: 'CHILD', dateofbirth: '2015-02-01' });
      expect(added.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(added.body.result.nomineeid).toEqual(expect.any(String));
      expect((await list('member-redemption-nominee', { memberid: 'MBR0000002' })).map((n) => n.firstname).sort()).toEqual(['Dewi', 'Putri']);
    });

    it.each([
      ['a nominee without a first name', { memberid: 'MBR0000002', lastname: 'Lestari', relationship: 'CHILD' }, 'firstname', 'First Name is Required'],
      ['a card number with letters', { memberid: 'MBR0000002', firstname: 'Ani', relationship: 'OTHER', cardnumber: 'GA123' }, 'cardnumber', 'Card Number can be filled with number only'],
      ['a nominee of a member that does not exist', { memberid: 'MBR9999999', firstname: 'Ani', relationship: 'OTHER' }, 'memberid', 'Member "MBR9999999" does not exist'],
      ['an unknown relationship', { memberid: 'MBR0000002', firstname: 'Ani', relationship: 'COUSIN' }, 'relationship', 'Relationship must be one of Spouse, Child, Parent, Sibling, Other'],
    ] as const)('refuses %s on its field, changing nothing', async (_name, data, fieldName, message) => {
      const before = await tableRows('member_redemption_nominee');
      const answer = await call('/api/member-redemption-nominee/create', data);
      expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
      expect((answer.body.result?.fields ?? {})[fieldName]).toBe(message);
      expect(await tableRows('member_redemption_nominee')).toBe(before);
    });
  });

  describe('function codes', () => {
    it.each([
      ['/api/award-type/list', undefined],
      ['/api/award/list', undefined],
      ['/api/award/activation', { awardcode: 'AWD-DOM-Y' }],
      ['/api/award/terminate', { awardcode: 'AWD-DOM-Y' }],
      ['/api/award-price/create', { awardcode: 'AWD-DOM-Y', pricecode: 'X', zonecode: 'X', compartmentcode: 'Y', normalmiles: 1, effectivedate: '2030-01-01' }],
      ['/api/peak-season/create', { peakseasoncode: 'X', peakseasonname: 'X', startdate: '2030-01-01', enddate: '2030-01-02' }],
      ['/api/blackout/list', undefined],
      ['/api/nominee-fee-config/list', undefined],
    ])('refuses %s to a branch officer, whose role has no award function codes', async (path, data) => {
      const branch = (await server.login('branch')).body.result.bearer as string;
      const before = await tableRows('award');
      const refused = await server.call(path, data, { token: branch });
      expect([refused.http, refused.body.status.responsecode]).toEqual([403, CODES.FORBIDDEN]);
      expect(await tableRows('award')).toBe(before);
    });
  });
});
