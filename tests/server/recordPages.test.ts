// Record pages, child tables and createbulk on both databases: each section read and saved on its own
// behind its function code (403 without), one user log row per save, hidden sections neither read nor
// saved, list and detail cut to the summary, child rows with their parent's key, createbulk all or
// nothing, pick lists added and removed, and a parent with children kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { hashPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, unknown>;

const PROMO = { promocode: 'QZPROMO1', name: 'Qz Air Promo', promotiontype: 'AIR', startdate: '2026-05-01', enddate: '2026-08-31' };
const MEMBER_CRITERIA = { needregister: true, membershipid: 'FFP', tiers: ['GOLD', 'PLATINUM'], gender: 'FEMALE', minage: 21, maxage: 65, enrollstartdate: '2020-01-01', enrollenddate: null };
const AIR_CRITERIA = { airlinecode: 'GA', originairport: 'CGK', destinationairport: 'DPS', compartments: ['Y'], bookingclasses: ['Y', 'B'], flightstartdate: '2026-06-01', flightenddate: null, minsegments: 2 };

describe.each(testDatabases)('record pages and child tables on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const as = (token: string) => (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
  let call: ReturnType<typeof as>;
  const logRows = async (module: string, recordkey: string) =>
    server.database.db.selectFrom('user_log').select(['legend', 'beforevalue', 'aftervalue']).where('module', '=', module).where('recordkey', '=', recordkey).orderBy('logid').execute();

  /** A user whose role grants exactly these function codes (and nothing else). */
  async function userWith(name: string, codes: string[]): Promise<string> {
    const byMenu = new Map<string, { functioncode: string; grant: boolean }[]>();
    for (const code of codes) {
      const menucode = code.slice(0, code.lastIndexOf('_'));
      byMenu.set(menucode, [...(byMenu.get(menucode) ?? []), { functioncode: code, grant: true }]);
    }
    const rolecode = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const usermenu = [...byMenu].map(([menucode, functions]) => ({ menucode, functions }));
    expect((await call('/api/role/create', { rolecode, rolename: `Role ${rolecode}`, rowscope: 'ALL', roledescription: 'record page test', usermenu })).body.status.responsecode).toBe('0000');
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('app_user')
      .values({ username: name, userfullname: `${name} Officer`, email: `${name}@alms.example`, rolecode, partnercode: null, branchcode: 'JKTHO', tickoffid: 'JKT01', status: 'ACTIVE', passwordhash: await hashPassword(sha256Hex('Admin#2026')), passworddate: at, failedcount: 0, lockeduntil: null, createddate: at, updateddate: at })
      .execute();
    return (await server.login(name)).body.result.bearer as string;
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    call = as(admin);
  });
  afterAll(async () => server?.close());

  describe('sections', () => {
    it('creates the record with the first section only, then saves each section on its own with one user log row each', async () => {
      const created = await call('/api/promotion/create', PROMO);
      expect(created.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Data has been created' });
      // Fields of later sections take their defaults; their required rules wait for their own section.
      expect(created.body.result).toMatchObject({ ...PROMO, gender: 'ALL', milestype: 'AWARD', status: 'ACTIVE', bonusactivitycode: null });

      const member = await call('/api/promotion/section-member-criteria', { promocode: PROMO.promocode, ...MEMBER_CRITERIA });
      expect(member.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: MESSAGES.DATA_UPDATED });
      expect(member.body.result).toEqual({ promocode: PROMO.promocode, ...MEMBER_CRITERIA });
      const air = await call('/api/promotion/section-air-criteria', { promocode: PROMO.promocode, ...AIR_CRITERIA });
      expect(air.body.status.responsecode).toBe(CODES.SUCCESS);

      // Each section's detail answers its own fields and the key, nothing else.
      expect((await call('/api/promotion/section-member-criteria-detail', { promocode: PROMO.promocode })).body.result).toEqual({ promocode: PROMO.promocode, ...MEMBER_CRITERIA });
      expect((await call('/api/promotion/section-air-criteria-detail', { promocode: PROMO.promocode })).body.result).toEqual({ promocode: PROMO.promocode, ...AIR_CRITERIA });
      const basic = (await call('/api/promotion/section-basic-info-detail', { promocode: PROMO.promocode })).body.result;
      expect(Object.keys(basic).sort()).toEqual(['description', 'enddate', 'name', 'promocode', 'promotiontype', 'startdate']);

      const log = await logRows('PRMANCT', PROMO.promocode);
      expect(log.map((r) => r.legend)).toEqual(['CREATE', 'UPDATE_MEMBER_CRITERIA', 'UPDATE_AIR_CRITERIA']);
      expect(JSON.parse(log[1]!.beforevalue!)).toMatchObject({ gender: 'ALL', tiers: [] });
      expect(JSON.parse(log[1]!.aftervalue!)).toMatchObject(MEMBER_CRITERIA);
    });

    it('refuses to create a record with fields outside its first section, naming each, and writes nothing', async () => {
      const award = { awardcode: 'QZ-AWD-1', awardname: 'Qz Award', awardtypecode: 'FLIGHT', pricingby: 'ZONE', maxperson: 2, startdate: '2026-01-01' };
      const outside = await call('/api/award/create', { ...award, fixedprice: true, priceaward: 12000 });
      expect(outside.http).toBe(400);
      expect(outside.body.status).toEqual({ responsecode: CODES.BAD_REQUEST, responsemessage: 'Invalid request: fields "fixedprice", "priceaward" are not in section "Basic Info", the one a new record is created with' });
      expect(Object.keys(outside.body.result.fields)).toEqual(['fixedprice', 'priceaward']);
      expect((await call('/api/award/detail', { awardcode: award.awardcode })).body.status.responsecode).toBe(CODES.NOT_FOUND);
      // A field no section holds is not the create form's either.
      const promo = await call('/api/promotion/create', { ...PROMO, promocode: 'QZPROMO2', tiers: ['GOLD'] });
      expect(promo.body.status.responsecode).toBe(CODES.BAD_REQUEST);
      expect(Object.keys(promo.body.result.fields)).toEqual(['tiers']);
      // The first section alone creates; the price is then saved through its own section.
      expect((await call('/api/award/create', award)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/award/section-price', { awardcode: award.awardcode, fixedprice: true, priceaward: 12000 })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/award/section-price-detail', { awardcode: award.awardcode })).body.result).toMatchObject({ fixedprice: true, priceaward: 12000 });
    });

    it('answers list and detail with the summary only: key, columns, search fields and what sections depend on', async () => {
      const detail = (await call('/api/promotion/detail', { promocode: PROMO.promocode })).body.result;
      expect(detail).toMatchObject({ promocode: PROMO.promocode, name: PROMO.name, promotiontype: 'AIR', status: 'ACTIVE' });
      for (const hidden of ['tiers', 'gender', 'airlinecode', 'bonusvalue', 'description']) expect(detail).not.toHaveProperty(hidden);
      const [row] = (await call('/api/promotion/list', undefined, { parameter: { criteria: { promocode: PROMO.promocode } } })).body.result;
      expect(Object.keys(row).filter((k) => !k.startsWith('created') && !k.startsWith('updated')).sort()).toEqual(['enddate', 'name', 'promocode', 'promotiontype', 'startdate', 'status']);
    });

    it('validates a section with its own fields\' rules and refuses fields of other sections; nothing changes', async () => {
      const bad = await call('/api/promotion/section-bonus-activity', { promocode: PROMO.promocode, bonusactivitycode: 'bad code', bonustype: 'FIXED' });
      expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(bad.body.result.fields).sort()).toEqual(['bonusactivitycode', 'bonusvalue']);
      const outside = await call('/api/promotion/section-bonus-activity', { promocode: PROMO.promocode, bonusactivitycode: 'BNS1', bonustype: 'FIXED', bonusvalue: 10, tiers: ['BLUE'] });
      expect(outside.http).toBe(400);
      expect(outside.body.status).toEqual({ responsecode: CODES.BAD_REQUEST, responsemessage: 'Invalid request: field "tiers" is not in section "Bonus Activity Code"' });
      const missing = await call('/api/promotion/section-bonus-activity', { promocode: 'QZNOSUCH', bonusactivitycode: 'BNS1', bonustype: 'FIXED', bonusvalue: 10 });
      expect(missing.body.status.responsecode).toBe(CODES.NOT_FOUND);
      const reference = await call('/api/promotion/section-air-criteria', { promocode: PROMO.promocode, ...AIR_CRITERIA, airlinecode: 'ZZ' });
      expect(reference.body.result.fields).toEqual({ airlinecode: 'Airline "ZZ" does not exist' });
      expect((await call('/api/promotion/section-air-criteria-detail', { promocode: PROMO.promocode })).body.result).toEqual({ promocode: PROMO.promocode, ...AIR_CRITERIA });
      // The key is not changed through a section (it names the record).
      const rekey = await call('/api/promotion/section-basic-info', { promocode: PROMO.promocode, name: 'Qz Renamed', promotiontype: 'AIR', startdate: '2026-05-01', enddate: '2026-08-31' });
      expect(rekey.body.result).toMatchObject({ promocode: PROMO.promocode, name: 'Qz Renamed' });
      expect((await logRows('PRMANCT', PROMO.promocode)).map((r) => r.legend)).toEqual(['CREATE', 'UPDATE_MEMBER_CRITERIA', 'UPDATE_AIR_CRITERIA', 'UPDATE_BASIC_INFO']);
    });

    it('does not read or save a section its visibleWhen hides for the record as stored', async () => {
      const nonAir = await call('/api/promotion/section-nonair-criteria', { promocode: PROMO.promocode, partnercode: 'HILTON', minspend: 100, spendcurrency: 'USD' });
      expect(nonAir.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Non-Air Criteria is not available while Promotion Type is Air' });
      expect((await call('/api/promotion/section-nonair-criteria-detail', { promocode: PROMO.promocode })).body.status.responsecode).toBe(CODES.VALIDATION);
      // Switching the type in basic info turns the sections over.
      await call('/api/promotion/section-basic-info', { promocode: PROMO.promocode, name: 'Qz Renamed', promotiontype: 'NON_AIR', startdate: '2026-05-01', enddate: '2026-08-31' });
      expect((await call('/api/promotion/section-nonair-criteria', { promocode: PROMO.promocode, partnercode: 'HILTON', minspend: 100, spendcurrency: 'USD' })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/promotion/section-air-criteria', { promocode: PROMO.promocode, ...AIR_CRITERIA })).body.status.responsemessage).toBe('Air Criteria is not available while Promotion Type is Non-Air');
    });

    it('guards each section by its own function code: 403 to read and to save without it', async () => {
      const token = await userWith('qz.promo', ['PRMANCT_ACCESS', 'PRMACR_ACCESS', 'PRMNACR_ACCESS']);
      const staff = as(token);
      expect((await staff('/api/promotion/detail', { promocode: PROMO.promocode })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await staff('/api/promotion/section-basic-info-detail', { promocode: PROMO.promocode })).body.status.responsecode).toBe(CODES.SUCCESS);
      for (const path of ['/api/promotion/section-member-criteria-detail', '/api/promotion/section-member-criteria']) {
        const refused = await staff(path, { promocode: PROMO.promocode, ...(path.endsWith('detail') ? {} : MEMBER_CRITERIA) });
        expect([refused.http, refused.body.status.responsecode], path).toEqual([403, CODES.FORBIDDEN]);
      }
      // Creating needs the screen's CREATE besides the first section's code.
      expect((await staff('/api/promotion/create', { ...PROMO, promocode: 'QZPROMO2' })).http).toBe(403);
      expect((await logRows('PRMANCT', PROMO.promocode)).length).toBe(6);
    });

    it('saves mailing product sections with PRMCT_UPDATE, and a tier section with TIER_UPDATE (a section without its own code)', async () => {
      const viewer = as(await userWith('qz.mailview', ['PRMCT_ACCESS']));
      expect((await viewer('/api/mailing-product/section-price-detail', { mailingproductcode: 'CARDGOLD' })).http).toBe(403);
      const price = await call('/api/mailing-product/section-price', { mailingproductcode: 'CARDGOLD', paymenttype: 'MILEAGE', currencycode: null, price: null, mileageprice: 3000 });
      // Its tax stays; the total with tax is derived from the (now empty) cash price.
      expect(price.body.result).toEqual({ mailingproductcode: 'CARDGOLD', paymenttype: 'MILEAGE', currencycode: null, price: null, taxpercent: 11, totalprice: null, mileageprice: 3000 });
      const tier = await call('/api/tier/section-basic-info', { tierid: 'GOLD', tiername: 'Gold', membershipid: 'FFP', rank: 3 });
      expect(tier.body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/tier/update', { tierid: 'GOLD', tiername: 'Gold', membershipid: 'FFP', rank: 3 })).http).toBe(404);
    });
  });

  describe('child tables', () => {
    const duration = (i: number, extra: Row = {}) => ({ tierid: 'SILVER', effectivedate: `2030-0${i}-01`, expireddate: null, durationmonths: 12 + i, ...extra });

    it('creates, updates, deactivates and deletes child rows with their parent key, and lists them by it', async () => {
      expect((await call('/api/tier-duration/create', duration(1))).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await call('/api/tier-duration/update', duration(1, { durationmonths: 18 }))).body.result).toMatchObject({ tierid: 'SILVER', durationmonths: 18 });
      expect((await call('/api/tier-duration/deactivate', { tierid: 'SILVER', effectivedate: '2030-01-01' })).body.result.status).toBe('INACTIVE');
      const rows = (await call('/api/tier-duration/list', undefined, { parameter: { criteria: { tierid: 'SILVER' } } })).body.result as Row[];
      expect(rows.every((r) => r.tierid === 'SILVER')).toBe(true);
      expect(rows.map((r) => r.effectivedate)).toContain('2030-01-01');
      // The parent must exist.
      const orphan = await call('/api/tier-duration/create', duration(2, { tierid: 'NOSUCH' }));
      expect(orphan.body.result.fields).toEqual({ tierid: 'Tier "NOSUCH" does not exist' });
      expect((await call('/api/tier-duration/delete', { tierid: 'SILVER', effectivedate: '2030-01-01' })).body.status.responsecode).toBe(CODES.SUCCESS);
    });

    it('createbulk writes every row in one transaction, or none and names the first bad row and its field', async () => {
      const count = async () => ((await call('/api/tier-duration/list', undefined, { parameter: { criteria: { tierid: 'SILVER' } } })).body.result as Row[]).length;
      const before = await count();
      const bad = await call('/api/tier-duration/createbulk', { rows: [duration(3), duration(4), duration(5, { durationmonths: 0 }), duration(6, { durationmonths: null })] });
      expect(bad.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Row 3: Duration minimum 1' });
      expect(bad.body.result.fields).toEqual({ durationmonths: 'Duration minimum 1' });
      const duplicate = await call('/api/tier-duration/createbulk', { rows: [duration(3), duration(3)] });
      expect(duplicate.body.status).toEqual({ responsecode: CODES.DUPLICATE, responsemessage: 'Row 2: Effective Date "SILVER|2030-03-01" already exists' });
      expect(await count()).toBe(before);

      const good = await call('/api/tier-duration/createbulk', { rows: [duration(3), duration(4), duration(5)] });
      expect(good.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Data has been created' });
      expect(good.body.result).toHaveLength(3);
      expect(await count()).toBe(before + 3);
      expect((await server.database.db.selectFrom('user_log').select('legend').where('module', '=', 'TIERDUR').where('legend', '=', 'CREATE').execute()).length).toBeGreaterThanOrEqual(4);

      for (const [data, message] of [
        [{ rows: [] }, 'Invalid request: body.parameter.data.rows must NOT have fewer than 1 items'],
        [{ rows: 'x' }, 'Invalid request: body.parameter.data.rows must be array'],
        [{}, "Invalid request: body.parameter.data must have required property 'rows'"],
      ] as const) {
        const answer = await call('/api/tier-duration/createbulk', data);
        expect([answer.http, answer.body.status.responsemessage]).toEqual([400, message]);
      }
      const noCreate = as(await userWith('qz.tierview', ['TIERDUR_ACCESS']));
      expect((await noCreate('/api/tier-duration/createbulk', { rows: [duration(7)] })).http).toBe(403);
    });

    it('refuses to delete a parent with children, changing nothing; without children it goes', async () => {
      const refused = await call('/api/tier/delete', { tierid: 'SILVER' });
      // Members and rule rows (a rate of a revenue rule, a tier bonus) name the tier.
      expect(refused.body.status.responsecode).toBe(CODES.IN_USE);
      expect(refused.body.status.responsemessage).toMatch(/^Tier "SILVER" is used by .+ and cannot be deleted$/);
      expect((await call('/api/tier/detail', { tierid: 'SILVER' })).body.result.tierid).toBe('SILVER');
      const group = await call('/api/partner-group/delete', { partnergroupcode: 'BANKS' });
      expect(group.body.status).toEqual({ responsecode: CODES.IN_USE, responsemessage: 'Partner Group "BANKS" is used by Partner Group Member and cannot be deleted' });

      await call('/api/partner-group/create', { partnergroupcode: 'QZEMPTY', partnergroupname: 'Qz Empty Group' });
      expect((await call('/api/partner-group/delete', { partnergroupcode: 'QZEMPTY' })).body.status.responsecode).toBe(CODES.SUCCESS);
    });

    it('adds partners to a group in one call and removes them; a partner already in the group is refused', async () => {
      await call('/api/partner-group/create', { partnergroupcode: 'QZGROUP', partnergroupname: 'Qz Group' });
      const members = async () => ((await call('/api/partner-group-member/list', undefined, { parameter: { criteria: { partnergroupcode: 'QZGROUP' } } })).body.result as Row[]).map((r) => r.partnercode);
      const added = await call('/api/partner-group-member/createbulk', { rows: ['AVIS', 'HILTON'].map((partnercode) => ({ partnergroupcode: 'QZGROUP', partnercode })) });
      expect(added.body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await members()).toEqual(['AVIS', 'HILTON']);
      const again = await call('/api/partner-group-member/createbulk', { rows: ['BCA', 'AVIS'].map((partnercode) => ({ partnergroupcode: 'QZGROUP', partnercode })) });
      expect(again.body.status.responsemessage).toBe('Row 2: Partner "QZGROUP|AVIS" already exists');
      const unknown = await call('/api/partner-group-member/createbulk', { rows: [{ partnergroupcode: 'QZGROUP', partnercode: 'NOSUCH' }] });
      expect(unknown.body.status.responsemessage).toBe('Row 1: Partner "NOSUCH" does not exist');
      expect(await members()).toEqual(['AVIS', 'HILTON']);
      expect((await call('/api/partner-group-member/delete', { partnergroupcode: 'QZGROUP', partnercode: 'AVIS' })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await members()).toEqual(['HILTON']);
      // A partner is never deleted (its locations and co-brand cards are child-only screens of its record page): it is deactivated.
      expect((await call('/api/partner/delete', { partnercode: 'HILTON' })).body.status.responsecode).toBe(CODES.NOT_FOUND);
      expect((await call('/api/partner/deactivate', { partnercode: 'HILTON' })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await members()).toEqual(['HILTON']);
      expect((await call('/api/partner/activate', { partnercode: 'HILTON' })).body.status.responsecode).toBe(CODES.SUCCESS);
    });
  });

  it('seeds the demo programme data the record pages open', async () => {
    const count = async (resource: string, criteria: Row = {}) => (await call(`/api/${resource}/list`, undefined, { parameter: { criteria } })).body.paging!.totalrecord as number;
    expect(await count('airline')).toBeGreaterThanOrEqual(10);
    expect(await count('partner-group-member', { partnergroupcode: 'BANKS' })).toBe(3);
    expect(await count('accrual-rule-bc-detail', { rulecode: 'GA-2020' })).toBe(23);
    expect(await count('tier-duration', { tierid: 'PLATINUM' })).toBe(2);
    const vendors = (await call('/api/selector/options', { selector: 'vendor' })).body.result as Row[];
    expect(vendors.find((v) => v.value === 'DHL')).toMatchObject({ label: 'DHL Express', vendortype: 'COURIER', allregion: false, mailingproducts: ['CARDGOLD', 'CARDPLAT'] });
  });
});
