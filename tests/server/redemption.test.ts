// Redemption on both databases (spec 001 §3.3): each wizard step's check (the member by card with
// balance, tier and age band; the award's eligibility; the price list with peak seasons and blackouts), each bad
// input a message on its step's field with nothing deducted, Confirm in one transaction (the ledger's REDEMPTION
// debit, the redemption, one certificate per passenger with its traveller type by spec 000 §9's age bands, a
// voucher code for a non-air award), the approval above the configured miles (miles reserved, issued on
// approval, redeposited on rejection) and the cancellation through Approval Redemption Cancel (REDEPOSIT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { TRX_TYPES, credit } from '../../server/ledger/ledgerStore';
import { REDEMPTION_TEXTS } from '../../server/awardManagement/redemption/redemptionRules';
import { awardBookChanged } from '../../server/awardManagement/redemption/redemptionStore';
import { ON_DEMO_DAY, startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, unknown>;

// Demo members (server/demoPopulation/memberData.ts): Budi Santoso, GOLD, 62,700 miles; a BLUE member with 343 miles.
const BUDI = { memberid: 'MBR0000001', cardnumber: '5100000016' };
const BLUE = { memberid: 'MBR0000020', cardnumber: '5100000206' };
const ONE_WAY = { origin: 'CGK', destination: 'DPS', departuredate: '2027-02-10', isreturn: false, compartmentcode: 'Y', passenger: 1 };
const RETURN = { ...ONE_WAY, isreturn: true, returndate: '2027-02-17', passenger: 2 };
const SELF = { name: 'Budi', familyname: 'Santoso', memberiduser: BUDI.cardnumber, birthdate: '1979-05-20', selfusage: true };
const SPOUSE = { name: 'Sari', familyname: 'Santoso', birthdate: '1986-04-12', selfusage: false };
/** Who may decide a redemption's requests in the demo roles: the maker's answer names them. */
const APPROVERS = '. It can be approved by: Administrator, Checker';
/** A redemption's request shows its member (name, card) and award by name, then its key. */
const BUDI_DOMESTIC = `Budi Santoso ${BUDI.cardnumber} · Domestic Economy Award`;

/** [case, step check path, values, earlier steps, field, message] — each a message on its step's field. */
const BAD_STEPS: [string, string, Row, Row, string, string][] = [
  ['a card that is no member\'s', '/api/redemption/member', { cardnumber: '9999999999' }, {}, 'cardnumber', 'Card number "9999999999" is not a member\'s card'],
  ['an award not offered to the member\'s tier', '/api/redemption/award', { awardcode: 'AWD-INT-C' }, { step1: { cardnumber: BLUE.cardnumber } }, 'awardcode', 'Award AWD-INT-C is not offered to tier BLUE'],
  ['an award not offered at the member\'s branch', '/api/redemption/award', { awardcode: 'VCH-SARINAH' }, { step1: { cardnumber: '5100000198' } }, 'awardcode', 'Award VCH-SARINAH is not redeemable at branch BTHBO'],
  ['a terminated award', '/api/redemption/award', { awardcode: 'AWD-INT-F' }, { step1: { cardnumber: BUDI.cardnumber } }, 'awardcode', 'Award AWD-INT-F is not active'],
  [
    'more passengers than the award takes',
    '/api/redemption/price',
    { ...ONE_WAY, destination: 'SIN', compartmentcode: 'C', passenger: 5 },
    { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-INT-C' } },
    'passenger',
    'Award AWD-INT-C is for at most 4 passengers',
  ],
  [
    'a departure inside a blackout',
    '/api/redemption/price',
    { ...ONE_WAY, departuredate: '2026-12-25' },
    { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' } },
    'departuredate',
    'Award AWD-DOM-Y is not available on 2026-12-25: blackout BO-CGK-DPS-NYE',
  ],
  [
    'a return inside a blackout',
    '/api/redemption/price',
    { ...ONE_WAY, departuredate: '2026-12-20', isreturn: true, returndate: '2027-01-02' },
    { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' } },
    'returndate',
    'Award AWD-DOM-Y is not available on 2027-01-02: blackout BO-DPS-CGK-NYE',
  ],
  [
    'a balance too small',
    '/api/redemption/price',
    ONE_WAY,
    { step1: { cardnumber: BLUE.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' } },
    'passenger',
    'The balance of 343 miles is less than the 7,500 miles this redemption costs',
  ],
  [
    'a route without an award zone',
    '/api/redemption/price',
    { ...ONE_WAY, destination: 'JFK' },
    { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' } },
    'destination',
    'No award zone is set for the route CGK - JFK',
  ],
];

describe.each(testDatabases)('redemption on $name', (target) => {
  let server: TestServer;
  let admin: (path: string, data?: unknown, extra?: Record<string, unknown>) => ReturnType<TestServer['call']>;
  let checker: typeof admin;
  const db = () => definitionDb(server.database.db);
  const balance = async (memberid: string) => Number((await db().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow()).awardmiles);
  const redemptions = async (memberid: string) => db().selectFrom('member_redemption').selectAll().where('memberid', '=', memberid).orderBy('redemptionid').execute();
  const certificates = async (redemptionid: string) => db().selectFrom('redemption_certificate').selectAll().where('redemptionid', '=', redemptionid).orderBy('passengerno').execute();
  const ledger = async (memberid: string) => db().selectFrom('ledger_transaction').select(['trxid', 'trxtype', 'awardmiles', 'relatedtrxid']).where('memberid', '=', memberid).orderBy('trxid').execute();
  const setConfig = async (key: string, value: string) => {
    await db().updateTable('general_config').set({ value, active: 1 }).where('key', '=', key).execute();
    // Written beside the API (whose writes go through the approval): the cached award book is told so.
    awardBookChanged(server.database.db);
  };
  const confirm = (draft: Row) => admin('/api/redemption/confirm', draft);
  const pending = async (page: string) => ((await checker(`/api/${page}/list`, undefined, { paging: { limit: -1, page: 1 } })).body.result as Row[]) ?? [];

  beforeAll(async () => {
    server = await startTestServer(target, {}, [], undefined, ON_DEMO_DAY);
    const login = async (username: string) => {
      const token = (await server.login(username)).body.result.bearer as string;
      return (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
    };
    admin = await login('admin');
    checker = await login('checker');
    // Enough miles for every redemption below (the demo balance covers one or two).
    await server.database.db.transaction().execute((trx) =>
      credit(trx, { memberid: BUDI.memberid, trxtype: TRX_TYPES.CUSTOM, activitydate: '2026-11-01', awardmiles: 200_000, source: 'test', user: 'test', now: new Date() }),
    );
  }, 180_000);
  afterAll(async () => server?.close());

  it('step 1 answers the member by card: name, balance, tier and age band', async () => {
    const answer = await admin('/api/redemption/member', { cardnumber: BUDI.cardnumber });
    expect(answer.body.status.responsecode).toBe('0000');
    expect(answer.body.result).toMatchObject({ memberid: BUDI.memberid, membername: 'Budi Santoso', awardmiles: await balance(BUDI.memberid), tierid: 'GOLD', agegroup: 'ADULT' });
  });

  it('step 3 prices the search: departure and return, nominee-free, peak season applied', async () => {
    const earlier = { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' } };
    const normal = await admin('/api/redemption/price', { values: { ...RETURN, passenger: 1 }, earlier });
    expect(normal.body.result).toMatchObject({ zonecode: 'DOM-1', pricedeparture: 7500, pricereturn: 7500, peakseason: null, mileage: 15000, totalmileage: 15000 });
    // Lebaran 2026 is a peak season: half as much again.
    const peak = await admin('/api/redemption/price', { values: { ...ONE_WAY, departuredate: '2026-03-20' }, earlier });
    expect(peak.body.result).toMatchObject({ pricedeparture: 11250, pricereturn: 0, peakseason: 'LEBARAN-26', totalmileage: 11250 });
  });

  it.each(BAD_STEPS)('refuses %s with a message on its field', async (_case, path, values, earlier, field, message) => {
    const before = await balance(BUDI.memberid);
    const answer = await admin(path, Object.keys(earlier).length > 0 ? { values, earlier } : values);
    const expected = message;
    expect(answer.http).toBe(200);
    expect(answer.body.status.responsemessage).toBe(expected);
    expect(answer.body.result.fields).toEqual({ [field]: expected });
    expect(await balance(BUDI.memberid)).toBe(before);
  });

  it('refuses an award for a member of another country', async () => {
    await db().updateTable('member').set({ nationality: 'SG' }).where('memberid', '=', BLUE.memberid).execute();
    try {
      const answer = await admin('/api/redemption/award', { values: { awardcode: 'HTL-HILTON' }, earlier: { step1: { cardnumber: BLUE.cardnumber } } });
      expect(answer.body.result.fields).toEqual({ awardcode: 'Award HTL-HILTON is not offered in country SG' });
    } finally {
      await db().updateTable('member').set({ nationality: 'ID' }).where('memberid', '=', BLUE.memberid).execute();
    }
  });

  it('confirms a return redemption for the member and a nominee in one transaction: debit, redemption, certificates', async () => {
    const before = await balance(BUDI.memberid);
    const child = { name: 'Raka', familyname: 'Santoso', birthdate: '2020-06-01', selfusage: false };
    const infant = { name: 'Ayu', familyname: 'Santoso', birthdate: '2025-06-01', selfusage: false };
    const answer = await confirm({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: { ...RETURN, passenger: 3 }, step4: [SELF, child, infant] });
    expect(answer.body.status.responsecode).toBe('0000');
    // 7,500 each way for three, plus the GOLD flight nominee fee (1,000) for each of the two nominees.
    const total = 7500 * 2 * 3 + 1000 * 2;
    expect(answer.body.result).toMatchObject({ status: 'ISSUED', pricedeparture: 7500, pricereturn: 7500, activityprice: 15000, mileage: 45000, certificateprice: 2000, totalmileage: total });
    expect(answer.body.status.responsemessage).toBe(`Redemption ${String(answer.body.result.redemptionid)} is confirmed: 47,000 miles redeemed, 3 certificate(s) issued`);
    expect(await balance(BUDI.memberid)).toBe(before - total);
    const redemptionid = String(answer.body.result.redemptionid);
    const certs = await certificates(redemptionid);
    expect(certs.map((c) => [c.certificateid, c.travelertype, Number(c.certificateprice), c.status])).toEqual([
      [`${redemptionid}-1`, 'ADULT', 15000, 'ISSUED'],
      [`${redemptionid}-2`, 'CHILD', 16000, 'ISSUED'],
      [`${redemptionid}-3`, 'INFANT', 16000, 'ISSUED'],
    ]);
    const rows = await ledger(BUDI.memberid);
    expect(rows.at(-1)).toMatchObject({ trxtype: 'REDEMPTION', awardmiles: -total });
    // The detail cards' read: the redemption and its certificates.
    const cards = await admin('/api/member-redemption/cards', { memberid: BUDI.memberid, redemptionid });
    expect((cards.body.result.certificates as Row[]).map((c) => c.name)).toEqual(['Budi', 'Raka', 'Ayu']);
    // Refund it for the tests after (through the approval, as staff would).
    await admin('/api/member-redemption/cancel', { memberid: BUDI.memberid, redemptionid });
    const [request] = (await pending('approval-redemption-cancel')).filter((r) => String(r.recordkey).includes(redemptionid));
    expect((await checker('/api/approval-redemption-cancel/approve', { requestid: request!.requestid })).body.status.responsecode).toBe('0000');
    expect(await balance(BUDI.memberid)).toBe(before);
  });

  it('issues a voucher code of the award\'s partner for a non-air award', async () => {
    const answer = await confirm({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'HTL-HILTON' }, step3: { departuredate: '2026-12-01', passenger: 1 }, step4: [SELF] });
    expect(answer.body.status.responsecode).toBe('0000');
    expect(answer.body.result).toMatchObject({ categorytype: 'NON_AIR', partnercode: 'HILTON', totalmileage: 25000, origin: null });
    const [cert] = await certificates(String(answer.body.result.redemptionid));
    expect(cert).toMatchObject({ partnercode: 'HILTON', status: 'ISSUED' });
    expect(String(cert!.vouchercode)).toMatch(/^HILTON-[A-Z2-9]{10}$/);

    // Voucher Verification: only a partner's user, only that partner's vouchers, used once.
    const code = String(cert!.vouchercode);
    await db().updateTable('app_user').set({ partnercode: 'HILTON' }).where('username', '=', 'partner').execute();
    const token = (await server.login('partner')).body.result.bearer as string;
    const hilton = (path: string, data: unknown) => server.call(path, data, { token });
    const checked = await hilton('/api/voucher-verification/check', { vouchercode: code.toLowerCase() });
    expect(checked.body.result).toMatchObject({ vouchercode: code, awardcode: 'HTL-HILTON', name: 'Budi Santoso', status: 'ISSUED' });
    const used = await hilton('/api/voucher-verification/use', { voucher: { vouchercode: code } });
    expect(used.body.status.responsemessage).toBe(`Voucher "${code}" is marked as used`);
    expect((await certificates(String(answer.body.result.redemptionid)))[0]).toMatchObject({ status: 'USED', usedby: 'partner' });
    const twice = await hilton('/api/voucher-verification/use', { voucher: { vouchercode: code } });
    expect(twice.body.result).toMatchObject({ step: 'voucher', fields: { vouchercode: expect.stringMatching(new RegExp(`^Voucher "${code}" was already used on \\d{2}/\\d{2}/\\d{4}$`)) } });
    const unknown = await hilton('/api/voucher-verification/check', { vouchercode: 'HILTON-NOSUCHCODE' });
    expect(unknown.body.result.fields).toEqual({ vouchercode: 'Voucher "HILTON-NOSUCHCODE" is not a voucher of partner HILTON' });
    // Another partner's user does not find it; a user without a partner code is told so.
    await db().updateTable('app_user').set({ partnercode: 'SARINAH' }).where('username', '=', 'partner').execute();
    const sarinah = (await server.login('partner')).body.result.bearer as string;
    const elsewhere = await server.call('/api/voucher-verification/check', { vouchercode: code }, { token: sarinah });
    expect(elsewhere.body.result.fields).toEqual({ vouchercode: `Voucher "${code}" is not a voucher of partner SARINAH` });
    const staff = await admin('/api/voucher-verification/check', { vouchercode: code });
    expect(staff.body.result.fields).toEqual({ vouchercode: 'Only a user with a partner code can verify vouchers' });
    await db().updateTable('app_user').set({ partnercode: 'BNI' }).where('username', '=', 'partner').execute();
  });

  /** [case, draft, step, field, message]: Confirm refused on a step, nothing deducted, nothing stored. */
  const BAD_CONFIRMS: [string, Row, string, string, string][] = [
    [
      'fewer passengers than searched',
      { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: RETURN, step4: [SELF] },
      'step4',
      'name',
      'Enter 2 passengers: the search is for 2',
    ],
    [
      'two passengers both the member',
      { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: RETURN, step4: [SELF, { ...SELF, name: 'Budi2' }] },
      'step4',
      'selfusage',
      REDEMPTION_TEXTS.oneSelf,
    ],
    [
      'a balance too small',
      { step1: { cardnumber: BLUE.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: ONE_WAY, step4: [SELF] },
      'step3',
      'passenger',
      'The balance of 343 miles is less than the 7,500 miles this redemption costs',
    ],
    [
      'a date inside a blackout',
      { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: { ...ONE_WAY, departuredate: '2026-12-26' }, step4: [SELF] },
      'step3',
      'departuredate',
      'Award AWD-DOM-Y is not available on 2026-12-26: blackout BO-CGK-DPS-NYE',
    ],
    [
      'an award not offered to the tier',
      { step1: { cardnumber: BLUE.cardnumber }, step2: { awardcode: 'AWD-INT-C' }, step3: { ...ONE_WAY, destination: 'SIN', compartmentcode: 'C' }, step4: [SELF] },
      'step2',
      'awardcode',
      'Award AWD-INT-C is not offered to tier BLUE',
    ],
  ];

  it.each(BAD_CONFIRMS)('refuses a confirmation with %s on its step, nothing deducted', async (_case, draft, step, field, message) => {
    const memberid = (draft.step1 as Row).cardnumber === BLUE.cardnumber ? BLUE.memberid : BUDI.memberid;
    const before = [await balance(memberid), (await redemptions(memberid)).length, (await ledger(memberid)).length];
    const answer = await confirm(draft);
    expect(answer.http).toBe(200);
    expect(answer.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(answer.body.status.responsemessage).toBe(message);
    expect(answer.body.result).toMatchObject({ step, fields: { [field]: message } });
    expect([await balance(memberid), (await redemptions(memberid)).length, (await ledger(memberid)).length]).toEqual(before);
  });

  it('above the configured miles waits on Approval Redemption with the miles reserved: issued on approval, redeposited on rejection', async () => {
    await setConfig('REDEMPTION_APPROVAL_MILES', '10000');
    try {
      const start = await balance(BUDI.memberid);
      const draft = { step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: RETURN, step4: [SELF, SPOUSE] };
      const first = await confirm(draft);
      expect(first.body.result).toMatchObject({ status: 'PENDING', totalmileage: 31000 });
      expect(first.body.status.responsemessage).toBe(`Redemption ${String(first.body.result.redemptionid)} is waiting for approval: 31,000 miles are reserved${APPROVERS}`);
      expect(await balance(BUDI.memberid)).toBe(start - 31000);
      const second = await confirm(draft);
      expect(await balance(BUDI.memberid)).toBe(start - 62000);
      const queue = await pending('approval-redemption');
      const requestOf = (r: Call) => queue.find((q) => String(q.recordkey).includes(String(r.body.result.redemptionid)))!.requestid;
      type Call = Awaited<ReturnType<typeof confirm>>;
      expect(queue.find((q) => q.requestid === requestOf(first))!.record).toBe(`${BUDI_DOMESTIC} (${BUDI.memberid}|${String(first.body.result.redemptionid)})`);
      expect((await checker('/api/approval-redemption/list', undefined, { parameter: { criteria: { record: 'domestic economy' } } })).body.result.map((r: Row) => r.requestid).sort()).toEqual([requestOf(first), requestOf(second)].sort());
      // The maker cannot decide; the checker approves the first and rejects the second.
      expect((await admin('/api/approval-redemption/approve', { requestid: requestOf(first) })).body.status.responsecode).not.toBe('0000');
      expect((await checker('/api/approval-redemption/approve', { requestid: requestOf(first) })).body.status.responsecode).toBe('0000');
      expect((await certificates(String(first.body.result.redemptionid))).map((c) => c.status)).toEqual(['ISSUED', 'ISSUED']);
      expect((await checker('/api/approval-redemption/reject', { requestid: requestOf(second), reason: 'Not allowed' })).body.status.responsecode).toBe('0000');
      expect(await balance(BUDI.memberid)).toBe(start - 31000);
      expect((await certificates(String(second.body.result.redemptionid))).map((c) => c.status)).toEqual(['CANCELLED', 'CANCELLED']);
      const rows = await redemptions(BUDI.memberid);
      expect(rows.find((r) => r.redemptionid === second.body.result.redemptionid)!.status).toBe('REJECTED');
      expect((await ledger(BUDI.memberid)).at(-1)).toMatchObject({ trxtype: 'REDEPOSIT', awardmiles: 31000 });

      // Cancelling the approved one: nothing moves until approved, then a REDEPOSIT and CANCELLED certificates.
      const key = { memberid: BUDI.memberid, redemptionid: first.body.result.redemptionid };
      const asked = await admin('/api/member-redemption/cancel', key);
      expect(asked.body.result).toMatchObject({ status: 'PENDING' });
      expect(asked.body.status.responsemessage).toBe(`Your request has been submitted for approval${APPROVERS}`);
      expect(await balance(BUDI.memberid)).toBe(start - 31000);
      const twice = await admin('/api/member-redemption/cancel', key);
      expect(twice.body.status.responsecode).toBe(CODES.APPROVAL_PENDING);
      const [cancelRequest] = (await pending('approval-redemption-cancel')).filter((r) => String(r.recordkey).includes(String(key.redemptionid)));
      expect(cancelRequest!.record).toBe(`${BUDI_DOMESTIC} (${BUDI.memberid}|${String(key.redemptionid)})`);
      expect((await checker('/api/approval-redemption-cancel/approve', { requestid: cancelRequest!.requestid })).body.status.responsecode).toBe('0000');
      expect(await balance(BUDI.memberid)).toBe(start);
      expect((await certificates(String(key.redemptionid))).map((c) => c.status)).toEqual(['CANCELLED', 'CANCELLED']);
      const again = await admin('/api/member-redemption/cancel', key);
      expect(again.body.status.responsemessage).toBe(`Redemption "${String(key.redemptionid)}" is CANCELLED: only an issued redemption can be cancelled`);
    } finally {
      await setConfig('REDEMPTION_APPROVAL_MILES', '100000');
    }
  });

  it('refuses to cancel a redemption whose certificate is already used', async () => {
    const answer = await confirm({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: ONE_WAY, step4: [SELF] });
    const redemptionid = String(answer.body.result.redemptionid);
    await db().updateTable('redemption_certificate').set({ status: 'USED' }).where('redemptionid', '=', redemptionid).execute();
    const before = await balance(BUDI.memberid);
    const refused = await admin('/api/member-redemption/cancel', { memberid: BUDI.memberid, redemptionid });
    expect(refused.body.status.responsemessage).toBe(`Certificate ${redemptionid}-1 is already used: the redemption cannot be cancelled`);
    expect(await balance(BUDI.memberid)).toBe(before);
    expect((await pending('approval-redemption-cancel')).filter((r) => String(r.recordkey).includes(redemptionid))).toEqual([]);
  });

  it('updates a certificate through Approval Redemption Update: the difference debited, or given back', async () => {
    const made = await confirm({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: ONE_WAY, step4: [SELF] });
    const redemptionid = String(made.body.result.redemptionid);
    const certificateid = `${redemptionid}-1`;
    const step1 = { certificateid };
    const first = await admin('/api/certificate-update/certificate', step1);
    expect(first.body.result).toMatchObject({ redemptionid, oldtotal: 7500 });
    // An upgrade to the same compartment is refused on its field.
    const same = await admin('/api/certificate-update/price', { values: { activityairtype: 'upgrade', departuredate: '2027-02-12', compartmentcode: 'Y' }, earlier: { step1 } });
    expect(same.body.result.fields).toEqual({ compartmentcode: 'An upgrade must move to a higher compartment than Economy' });
    // A free flight moved into the year-end peak season: 11,250 plus the award's update fee of 500.
    const activity = { activityairtype: 'freeflight', departuredate: '2026-12-20', compartmentcode: 'Y' };
    const priced = await admin('/api/certificate-update/price', { values: activity, earlier: { step1 } });
    expect(priced.body.result).toMatchObject({ pricedeparture: 11250, newtotal: 11250, updatefee: 500, difference: 4250 });
    const before = await balance(BUDI.memberid);
    const asked = await admin('/api/certificate-update/request', { step1, step2: activity });
    expect(asked.body.status.responsemessage).toBe(`The update of certificate ${certificateid} is waiting for approval: 4,250 miles${APPROVERS}`);
    expect(await balance(BUDI.memberid)).toBe(before);
    const [request] = (await pending('approval-redemption-update')).filter((r) => String(r.recordkey).includes(redemptionid));
    expect(request!.record).toBe(`${BUDI_DOMESTIC} (${BUDI.memberid}|${redemptionid})`);
    expect((await checker('/api/approval-redemption-update/approve', { requestid: request!.requestid })).body.status.responsecode).toBe('0000');
    expect(await balance(BUDI.memberid)).toBe(before - 4250);
    const [row] = (await redemptions(BUDI.memberid)).filter((r) => r.redemptionid === redemptionid);
    expect(row).toMatchObject({ departuredate: '2026-12-20', totalmileage: 11750 });
    // Back to an ordinary day: 7,500 plus the fee, 3,750 given back.
    const back = { activityairtype: 'freeflight', departuredate: '2027-02-20', compartmentcode: 'Y' };
    await admin('/api/certificate-update/request', { step1, step2: back });
    const [again] = (await pending('approval-redemption-update')).filter((r) => String(r.recordkey).includes(redemptionid));
    expect((await checker('/api/approval-redemption-update/approve', { requestid: again!.requestid })).body.status.responsecode).toBe('0000');
    expect(await balance(BUDI.memberid)).toBe(before - 500);
    expect((await ledger(BUDI.memberid)).at(-1)).toMatchObject({ trxtype: 'REDEPOSIT', awardmiles: 3750 });
    // Cancelled after its updates: the whole redemption's total comes back (the debit reversed, the update's 500 too).
    await admin('/api/member-redemption/cancel', { memberid: BUDI.memberid, redemptionid });
    const [cancel] = (await pending('approval-redemption-cancel')).filter((r) => String(r.recordkey).includes(redemptionid));
    expect((await checker('/api/approval-redemption-cancel/approve', { requestid: cancel!.requestid })).body.status.responsecode).toBe('0000');
    expect(await balance(BUDI.memberid)).toBe(before + 7500);
    // A cancelled certificate is not updated; nor is a used one.
    const cancelled = await admin('/api/certificate-update/certificate', step1);
    expect(cancelled.body.result.fields).toEqual({ certificateid: `Certificate "${certificateid}" is CANCELLED: only an issued certificate can be updated` });
    await db().updateTable('redemption_certificate').set({ status: 'USED' }).where('certificateid', '=', certificateid).execute();
    const used = await admin('/api/certificate-update/certificate', step1);
    expect(used.body.result.fields).toEqual({ certificateid: `Certificate "${certificateid}" is USED: only an issued certificate can be updated` });
  });

  it('always waits for approval when configured so, whatever the miles', async () => {
    await setConfig('REDEMPTION_APPROVAL_ALWAYS', 'true');
    try {
      const answer = await confirm({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: ONE_WAY, step4: [SELF] });
      expect(answer.body.result).toMatchObject({ status: 'PENDING', totalmileage: 7500 });
    } finally {
      await setConfig('REDEMPTION_APPROVAL_ALWAYS', 'false');
    }
  });

  // Confirmations arriving together share SQLite's commits (server/platform/db/groupCommit.ts): each still all or nothing.
  it('confirmations sent at once each stand alone: those the balance covers stored, the others refused with nothing stored', async () => {
    await server.database.db.transaction().execute((trx) =>
      credit(trx, { memberid: BLUE.memberid, trxtype: TRX_TYPES.CUSTOM, activitydate: '2026-11-01', awardmiles: 20_000, source: 'test', user: 'test', now: new Date() }),
    );
    const blueBefore = await balance(BLUE.memberid);
    const budiBefore = await balance(BUDI.memberid);
    const blueRedemptions = (await redemptions(BLUE.memberid)).length;
    const blueLedger = (await ledger(BLUE.memberid)).length;
    // 20,343 miles: two one-way seats of 7,500, not three.
    const covered = Math.floor(blueBefore / 7500);
    expect(covered).toBe(2);
    const blueSelf = { name: 'Blue', familyname: 'Member', birthdate: '1990-01-01', selfusage: true };
    const drafts = [
      ...Array.from({ length: 4 }, () => ({ step1: { cardnumber: BLUE.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: ONE_WAY, step4: [blueSelf] })),
      ...Array.from({ length: 2 }, () => ({ step1: { cardnumber: BUDI.cardnumber }, step2: { awardcode: 'AWD-DOM-Y' }, step3: ONE_WAY, step4: [SELF] })),
    ];
    const answers = await Promise.all(drafts.map((draft) => confirm(draft)));
    const blue = answers.slice(0, 4);
    const confirmed = blue.filter((a) => a.body.status.responsecode === '0000');
    const refused = blue.filter((a) => a.body.status.responsecode !== '0000');
    expect(confirmed).toHaveLength(covered);
    for (const answer of refused) {
      expect(answer.http).toBe(200);
      expect(answer.body.result.step).toBe('step3');
      expect(Object.keys(answer.body.result.fields)).toEqual(['passenger']);
    }
    expect(answers.slice(4).map((a) => a.body.status.responsecode)).toEqual(['0000', '0000']);
    // Exactly the confirmed ones stored: their debits, redemptions and certificates; nothing of the refused.
    expect(await balance(BLUE.memberid)).toBe(blueBefore - covered * 7500);
    expect(await balance(BUDI.memberid)).toBe(budiBefore - 2 * 7500);
    const stored = (await redemptions(BLUE.memberid)).slice(blueRedemptions);
    expect(stored.map((r) => String(r.redemptionid)).sort()).toEqual(confirmed.map((a) => String(a.body.result.redemptionid)).sort());
    for (const redemption of stored) expect((await certificates(String(redemption.redemptionid))).map((c) => c.status)).toEqual(['ISSUED']);
    const rows = (await ledger(BLUE.memberid)).slice(blueLedger);
    expect(rows.map((r) => [r.trxtype, Number(r.awardmiles)])).toEqual(Array.from({ length: covered }, () => ['REDEMPTION', -7500]));
  });
});
