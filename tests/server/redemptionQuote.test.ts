// What the clerk sees is what is taken, on both databases: for every kind of award the demo offers (flight
// awards, an upgrade, a hotel stay, a partner voucher; the member travelling or a nominee) the summary's quote
// (/api/redemption/quote) equals the miles Confirm debits, and the certificate update's quote equals the miles
// its approval debits; the balance before and after the quote shows is the member's before and after. Also the
// context the steps answer: the member (for Self Usage), the award's price, the certificate being changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { TRX_TYPES, credit } from '../../server/ledger/ledgerStore';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, unknown>;

// Demo member (server/demoPopulation/memberData.ts): Budi Santoso, GOLD; a BLUE member with 343 miles.
const BUDI = { memberid: 'MBR0000001', cardnumber: '5100000016' };
const BLUE = { cardnumber: '5100000206' };
const SELF = { name: 'Budi', familyname: 'Santoso', memberiduser: BUDI.cardnumber, birthdate: '1979-05-20', selfusage: true };
const SPOUSE = { name: 'Sari', familyname: 'Santoso', birthdate: '1986-04-12', selfusage: false };
const FLIGHT = { origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: 1 };
const draftOf = (awardcode: string, search: Row, passengers: Row[], step = 'step3') => ({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode }, [step]: search, step4: passengers });

/** [case, draft, the total the seed's rows make]: one per award kind and Self Usage. */
const CASES: [string, Row, number][] = [
  ['a domestic flight for the member', draftOf('AWD-DOM-Y', FLIGHT, [SELF]), 7500],
  ['a domestic return for the member and a nominee (the GOLD flight nominee fee)', draftOf('AWD-DOM-Y', { ...FLIGHT, isreturn: true, returndate: '2027-02-17', passenger: 2 }, [SELF, SPOUSE]), 7500 * 4 + 1000],
  ['an international Business flight for a nominee', draftOf('AWD-INT-C', { ...FLIGHT, destination: 'SIN', compartmentcode: 'C' }, [SPOUSE]), 40000 + 1000],
  ['an upgrade for the member', draftOf('UPG-DOM', { ...FLIGHT, compartmentcode: 'Y-C', paidbookingclass: 'Y' }, [SELF]), 5000],
  ['an upgrade for a nominee (the fee for every award type)', draftOf('UPG-DOM', { ...FLIGHT, compartmentcode: 'Y-C', paidbookingclass: 'Y' }, [SPOUSE]), 5000 + 2000],
  ['a Hilton stay, Self Usage Yes', draftOf('HTL-HILTON', { departuredate: '2027-02-10', passenger: 1 }, [SELF], 'usage'), 25000],
  ['a Hilton stay, Self Usage No (the hotel nominee fee)', draftOf('HTL-HILTON', { departuredate: '2027-02-10', passenger: 1 }, [SPOUSE], 'usage'), 25000 + 1500],
  ['a partner voucher, Self Usage Yes', draftOf('VCH-SARINAH', { departuredate: '2027-02-10', passenger: 1 }, [SELF], 'usage'), 6000],
  ['a partner voucher, Self Usage No', draftOf('VCH-SARINAH', { departuredate: '2027-02-10', passenger: 1 }, [SPOUSE], 'usage'), 6000 + 2000],
];

describe.each(testDatabases)('redemption quote on $name', (target) => {
  let server: TestServer;
  let admin: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  let checker: typeof admin;
  const db = () => definitionDb(server.database.db);
  const balance = async () => Number((await db().selectFrom('member').select('awardmiles').where('memberid', '=', BUDI.memberid).executeTakeFirstOrThrow()).awardmiles);
  const lastDebit = async () => (await db().selectFrom('ledger_transaction').select(['trxtype', 'awardmiles']).where('memberid', '=', BUDI.memberid).orderBy('trxid', 'desc').executeTakeFirstOrThrow()) as Row;

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    const login = async (username: string) => {
      const token = (await server.login(username)).body.result.bearer as string;
      return (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
    };
    admin = await login('admin');
    checker = await login('checker');
    // A branch the partner voucher is redeemable at, and miles for every case below.
    await db().updateTable('member').set({ branchcode: 'JKTHO' }).where('memberid', '=', BUDI.memberid).execute();
    await server.database.db.transaction().execute((trx) =>
      credit(trx, { memberid: BUDI.memberid, trxtype: TRX_TYPES.CUSTOM, activitydate: '2026-11-01', awardmiles: 300_000, source: 'test', user: 'test', now: new Date() }),
    );
  }, 180_000);
  afterAll(async () => server?.close());

  it.each(CASES)('quotes %s as Confirm debits it', async (_case, draft, total) => {
    const before = await balance();
    const quote = await admin('/api/redemption/quote', draft);
    expect(quote.body.status.responsecode).toBe('0000');
    expect(quote.body.result).toMatchObject({ totalmileage: total, balance: before, balanceafter: before - total });
    const { awardprice, nomineefee, totalmileage } = quote.body.result as Record<string, number>;
    expect(awardprice + nomineefee).toBe(totalmileage);
    // The quote stored nothing.
    expect(await balance()).toBe(before);

    const confirmed = await admin('/api/redemption/confirm', draft);
    expect(confirmed.body.status.responsecode).toBe('0000');
    expect(confirmed.body.result.totalmileage).toBe(total);
    expect(await balance()).toBe(quote.body.result.balanceafter);
    expect(await lastDebit()).toMatchObject({ trxtype: 'REDEMPTION', awardmiles: -total });
  });

  it('refuses a quote the balance does not cover on the step the award is dated on, nothing stored', async () => {
    const hotel = { step1: { cardnumber: BLUE.cardnumber }, step2: { awardcode: 'HTL-HILTON' }, usage: { departuredate: '2027-02-10', passenger: 1 }, step4: [{ ...SPOUSE, name: 'Blue' }] };
    const answer = await admin('/api/redemption/quote', hotel);
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(answer.body.result).toEqual({ step: 'usage', fields: { passenger: 'The balance of 343 miles is less than the 26,500 miles this redemption costs' } });
    // A draft without the date the award needs: told on that step.
    const undated = await admin('/api/redemption/quote', { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step4: [SELF] });
    expect(undated.body.result).toMatchObject({ step: 'step3', fields: { departuredate: 'Departure Date is Required' } });
  });

  it('answers the member for Self Usage, the award\'s category and price while it is chosen', async () => {
    const member = await admin('/api/redemption/member', { cardnumber: BUDI.cardnumber });
    expect(member.body.result).toMatchObject({ firstname: 'Budi', lastname: 'Santoso', cardnumber: BUDI.cardnumber, awardmiles: await balance() });
    const earlier = { step1: { cardnumber: BUDI.cardnumber } };
    const hotel = await admin('/api/redemption/award', { values: { awardcode: 'HTL-HILTON' }, earlier });
    expect(hotel.body.result).toMatchObject({ categorytype: 'NON_AIR', priceaward: 25000 });
    const flight = await admin('/api/redemption/award', { values: { awardcode: 'AWD-DOM-Y' }, earlier });
    expect(flight.body.result).toMatchObject({ categorytype: 'AIR', pricefrom: 7500 });
    expect(flight.body.result).not.toHaveProperty('priceaward');
  });

  it('quotes a certificate update as its approval debits it: the new price, the update fee, the balance after', async () => {
    const made = await admin('/api/redemption/confirm', draftOf('AWD-DOM-Y', FLIGHT, [SELF]));
    const redemptionid = String(made.body.result.redemptionid);
    const step1 = { certificateid: `${redemptionid}-1` };
    // The certificate as it stands, shown on the first step.
    const current = await admin('/api/certificate-update/certificate', step1);
    expect(current.body.result).toMatchObject({ redemptionid, holder: 'Budi Santoso', awardcode: 'AWD-DOM-Y', origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', compartmentcode: 'Y', passenger: 1, oldtotal: 7500 });
    // Into the year-end peak season: 11,250 plus the award's update fee of 500.
    const step2 = { activityairtype: 'freeflight', departuredate: '2026-12-20', compartmentcode: 'Y' };
    const before = await balance();
    const quote = await admin('/api/certificate-update/quote', { step1, step2 });
    expect(quote.body.result).toEqual({ oldtotal: 7500, newtotal: 11250, updatefee: 500, difference: 4250, balance: before, balanceafter: before - 4250 });
    expect((await admin('/api/certificate-update/request', { step1, step2 })).body.status.responsecode).toBe('0000');
    const queue = (await checker('/api/approval-redemption-update/list', undefined, { paging: { limit: -1, page: 1 } })).body.result as Row[];
    const request = queue.find((r) => String(r.recordkey).includes(redemptionid))!;
    expect((await checker('/api/approval-redemption-update/approve', { requestid: request.requestid })).body.status.responsecode).toBe('0000');
    expect(await balance()).toBe(quote.body.result.balanceafter);
    expect(await lastDebit()).toMatchObject({ trxtype: 'REDEMPTION', awardmiles: -4250 });
  });
});
