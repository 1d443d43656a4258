// Individual enrollment (/enrollment) on both databases: the Submit makes the member with its card
// from the card inventory, tier history, account period, addresses, co-brand card, enrollment bonus, card
// order, activation mail and user log in one transaction; typed card numbers, enrollment access, age and the
// rules are refused on their step and field with nothing stored; duplicates are enrolled and recorded as
// suspects; concurrent enrollments never share a number; the card inventory keeps its counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { CARD_TEXTS } from '../../server/mailingProduct/cards/cardInventoryStore';
import { isValidCardNumber } from '../../server/mailingProduct/cards/cardNumbers';
import { ENROLL_TEXTS } from '../../server/memberManagement/enrollment/enrollmentStore';
import { demoDay } from '../../server/platform/seed/seedDates';
import { latestMail } from './outbox';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const SUBMIT = '/api/enrollment/create';
const CHECK_MEMBERSHIP = '/api/enrollment/check-membership';
const CHECK_PERSONAL = '/api/enrollment/check-personal';

type Values = Record<string, unknown>;
type Draft = Record<string, Values>;

const today = () => new Date().toISOString().slice(0, 10);
const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

let serial = 0;
/** A draft every rule accepts, with a name, e-mail and documents of its own. */
function validDraft(over: { membership?: Values; personal?: Values; privateaddress?: Values; businessaddress?: Values; cobrand?: Values } = {}): Draft {
  const n = ++serial;
  const letters = String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
  return {
    membership: { membershipid: 'FFP', enrollmentdate: today(), enrollchannel: 'BO', ...over.membership },
    cobrand: { ...over.cobrand },
    personal: {
      salutation: undefined,
      firstname: `Ratna${letters}`,
      lastname: 'Sari Dewi',
      gender: 'FEMALE',
      birthdate: '1990-04-12',
      nationality: 'ID',
      idcardno: `3171${String(n).padStart(12, '0')}`,
      passportno: `C${String(n).padStart(7, '0')}`,
      email: `ratna.${n}@example.id`,
      mobilephonecode: '+62',
      mobilephonenumber: `81234${String(n).padStart(5, '0')}`,
      hobbies: ['READING'],
      preferredaddress: 'PRIVATE',
      nameoncard: `RATNA${letters} SARI DEWI`.slice(0, 24).trim(),
      ...over.personal,
    },
    privateaddress: { address: 'Jl. Kemang Raya No. 8', country: 'ID', postalcode: '12730', phonecode: '+62', phoneregion: '21', phonenumber: '7190001', ...over.privateaddress },
    businessaddress: { ...over.businessaddress },
  };
}

describe.each(testDatabases)('individual enrollment on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let branch: string;
  const db = () => definitionDb(server.database.db);
  const submit = (data: unknown, token = admin) => server.call(SUBMIT, data, { token });
  const count = async (table: string, where: Values = {}) => {
    let query = db().selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const range = (code: string) => db().selectFrom('card_inventory').selectAll().where('inventorycode', '=', code).executeTakeFirstOrThrow();
  /** Every table an enrollment writes, counted: a refusal leaves them all as they were. */
  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        ['member', 'member_card', 'member_tier', 'member_account', 'member_address', 'member_cobrand', 'ledger_transaction', 'suspect_duplicate', 'card_order', 'outbox'].map(
          async (table) => [table, await count(table)] as const,
        ),
      ),
    );
  const ranges = async () => (await db().selectFrom('card_inventory').select(['inventorycode', 'nextnumber', 'issuedcount', 'usedcount', 'leftcount']).orderBy('inventorycode').execute()).map((r) => Object.values(r).map(String).join(' '));

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '40' });
    admin = (await server.login('admin')).body.result.bearer;
    branch = (await server.login('branch')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('offers only the memberships the role may enroll in (spec 000 §6)', async () => {
    const options = async (token: string) => (await server.call('/api/selector/options', { selector: 'enrollment-membership' }, { token })).body.result.map((o: Values) => o.value).sort();
    expect(await options(admin)).toEqual(['COBRAND', 'CORPORATE', 'FFP']);
    expect(await options(branch)).toEqual(['COBRAND', 'FFP']);
    // The plain membership selector is not narrowed.
    expect((await server.call('/api/selector/options', { selector: 'membership' }, { token: branch })).body.result).toHaveLength(3);
  });

  it('enrolls a member in one transaction: card from the inventory, entry tier, history, account, address, bonus, card order, activation mail, user log', async () => {
    const draft = validDraft();
    const before = await range('FFP2026');
    const { http, body } = await submit(draft);
    expect(http).toBe(200);
    expect(body.status).toEqual({ responsecode: '0000', responsemessage: ENROLL_TEXTS.enrolled });
    const result = body.result as Values;
    const card = String(result.cardnumber);
    // The first free number of the FFP range, Luhn-checked.
    expect(card).toMatch(/^515\d{7}$/);
    expect(isValidCardNumber(card)).toBe(true);
    expect(Number(card.slice(2, 9))).toBe(Number(before.nextnumber));
    // Tier duration of Blue: the latest row in effect (12 months): the period ends the day before.
    const enrolled = today();
    const end = new Date(`${enrolled}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + 12);
    end.setUTCDate(end.getUTCDate() - 1);
    expect(result).toEqual({
      memberid: `M${card}`,
      username: card,
      email: draft.personal!.email,
      tiername: 'Blue',
      nameoncard: draft.personal!.nameoncard,
      cardnumber: card,
      expireddate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      urlcard: `${server.config.publicUrl}/card-template/BLUE.svg`,
      membersince: enrolled,
      suspectduplicates: 0,
    });
    const memberid = String(result.memberid);

    const member = await db().selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      membershipid: 'FFP',
      tierid: 'BLUE',
      cardnumber: card,
      enrollmentdate: enrolled,
      enrollchannel: 'BO',
      memberfullname: `${draft.personal!.firstname} Sari Dewi`,
      status: 'ACTIVE',
      username: card,
      passwordhash: null,
      preferredaddress: 'PRIVATE',
      createdby: 'admin',
    });
    expect(JSON.parse(member.hobbies)).toEqual(['READING']);
    expect(Number(member.awardmiles)).toBe(500);
    expect(await db().selectFrom('member_card').select(['cardnumber', 'membershipid', 'tierid', 'status', 'issuedate']).where('memberid', '=', memberid).execute()).toEqual([
      { cardnumber: card, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: enrolled },
    ]);
    expect(await db().selectFrom('member_tier').select(['tierid', 'startdate', 'enddate', 'tierreason']).where('memberid', '=', memberid).execute()).toEqual([
      { tierid: 'BLUE', startdate: enrolled, enddate: result.expireddate, tierreason: 'ENROLLMENT' },
    ]);
    expect(await db().selectFrom('member_account').select(['startperiod', 'endperiod']).where('memberid', '=', memberid).execute()).toEqual([{ startperiod: enrolled, endperiod: result.expireddate }]);
    const addresses = await db().selectFrom('member_address').selectAll().where('memberid', '=', memberid).execute();
    expect(addresses.map((a) => [a.addresstype, a.address, a.country, Number(a.preferred)])).toEqual([['PRIVATE', 'Jl. Kemang Raya No. 8', 'ID', 1]]);
    // The enrollment bonus of FFP (Enroll Bonus) through the ledger.
    expect(await db().selectFrom('ledger_transaction').select(['trxtype', 'awardmiles', 'activitydate', 'source']).where('memberid', '=', memberid).execute()).toEqual([
      { trxtype: 'ENROLLBONUS', awardmiles: expect.anything(), activitydate: enrolled, source: `rule:ENRBONUS:FFP:${demoDay('2025-01-01')}` },
    ]);
    expect(await db().selectFrom('card_order').select(['cardnumber', 'reason', 'status', 'reordernumber']).where('memberid', '=', memberid).execute()).toEqual([
      { cardnumber: card, reason: 'ENROLLMENT', status: 'PAYMENT_SUCCESS', reordernumber: 0 },
    ]);
    // Every row enrollment wrote into a resource table says who wrote it and when, as the generic create does.
    for (const table of ['member', 'member_card', 'member_tier', 'member_address', 'card_order']) {
      const stamps = await (db() as any).selectFrom(table).select(['createdby', 'createddate', 'updatedby', 'updateddate']).where('memberid', '=', memberid).execute();
      expect(stamps.length, table).toBeGreaterThan(0);
      for (const stamp of stamps) expect(stamp, table).toEqual({ createdby: 'admin', createddate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), updatedby: 'admin', updateddate: stamp.createddate });
    }
    const mail = await latestMail(server.database.db, String(draft.personal!.email), 'ACTIVATION');
    expect(mail?.body).toContain('/activation/');
    expect(await count('user_log', { module: 'ENROLL', recordkey: memberid })).toBe(1);
    // The range moved on by one: issued, used, left.
    const after = await range('FFP2026');
    expect([Number(after.nextnumber), Number(after.issuedcount), Number(after.usedcount), Number(after.leftcount)]).toEqual([
      Number(before.nextnumber) + 1,
      Number(before.issuedcount) + 1,
      Number(before.usedcount) + 1,
      Number(before.leftcount) - 1,
    ]);
  });

  it('takes a typed card number of the range once; a taken, invalid or foreign number is refused on the field and nothing is stored', async () => {
    const free = (await range('FFP2026')).lastnumber as number;
    const { cardNumberOf } = await import('../../server/mailingProduct/cards/cardNumbers');
    const card = cardNumberOf('51', Number(free));
    const first = await submit(validDraft({ membership: { cardnumber: card } }));
    expect(first.body.status.responsecode).toBe('0000');
    expect(first.body.result.cardnumber).toBe(card);

    const cases: [string, string, string][] = [
      [card, CODES.DUPLICATE, CARD_TEXTS.taken.replace('{value}', card)],
      ['5150000001', CODES.VALIDATION, CARD_TEXTS.notValid.replace('{value}', '5150000001')],
      [cardNumberOf('52', 5_000_100), CODES.VALIDATION, CARD_TEXTS.notInRange.replace('{value}', cardNumberOf('52', 5_000_100)).replace('{membership}', 'FFP')],
    ];
    for (const [typed, code, message] of cases) {
      const before = [await snapshot(), await ranges()];
      const draft = validDraft({ membership: { cardnumber: typed } });
      for (const answer of [await server.call(CHECK_MEMBERSHIP, draft.membership, { token: admin }), await submit(draft)]) {
        expect(answer.body.status).toEqual({ responsecode: code, responsemessage: message });
        expect(answer.body.result).toEqual({ step: 'membership', fields: { cardnumber: message } });
      }
      expect([await snapshot(), await ranges()]).toEqual(before);
    }
  });

  it('refuses a membership outside the enrollment access, an under-age birth date and a taken username, on their steps', async () => {
    const before = [await snapshot(), await ranges()];
    const corporate = validDraft({ membership: { membershipid: 'CORPORATE' } });
    const notGranted = ENROLL_TEXTS.notGranted.replace('{membership}', 'CORPORATE');
    for (const answer of [await submit(corporate, branch), await server.call(CHECK_MEMBERSHIP, corporate.membership, { token: branch })]) {
      expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: notGranted });
      expect(answer.body.result).toEqual({ step: 'membership', fields: { membershipid: notGranted } });
    }
    const young = validDraft({ personal: { birthdate: yearsAgo(1) } });
    const underAge = ENROLL_TEXTS.underAge.replace('{years}', '2');
    for (const answer of [await submit(young), await server.call(CHECK_PERSONAL, young.personal, { token: admin })]) {
      expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: underAge });
      expect(answer.body.result).toEqual({ step: 'personal', fields: { birthdate: underAge } });
    }
    const taken = (await db().selectFrom('member').select('username').where('username', 'like', '%@%').executeTakeFirst())?.username ?? 'siti.rahmawati@example.com';
    const username = validDraft({ membership: { username: taken } });
    const usernameTaken = ENROLL_TEXTS.usernameTaken.replace('{value}', taken);
    expect((await submit(username)).body).toMatchObject({ status: { responsecode: CODES.DUPLICATE, responsemessage: usernameTaken }, result: { step: 'membership', fields: { username: usernameTaken } } });
    expect([await snapshot(), await ranges()]).toEqual(before);

    // The minimum age is configuration: at 0 years the same draft enrolls.
    await db().updateTable('general_config').set({ value: '0' }).where('key', '=', 'ENROLL_MIN_AGE_YEARS').execute();
    try {
      expect((await submit(young)).body.status.responsecode).toBe('0000');
    } finally {
      await db().updateTable('general_config').set({ value: '2' }).where('key', '=', 'ENROLL_MIN_AGE_YEARS').execute();
    }
  });

  it('checks every step with the definitions rules: each bad field answers its message and step, and nothing is stored', async () => {
    const cases: [string, Parameters<typeof validDraft>[0], string, string, string][] = [
      ['first name missing', { personal: { firstname: undefined } }, 'personal', 'firstname', 'First Name is Required'],
      ['name on card with digits', { personal: { nameoncard: 'RATNA 2' } }, 'personal', 'nameoncard', 'Name on Card'],
      ['bad e-mail', { personal: { email: 'ratna@' } }, 'personal', 'email', 'Email format is not valid'],
      ['enrollment date in the future', { membership: { enrollmentdate: '2999-01-01' } }, 'membership', 'enrollmentdate', ENROLL_TEXTS.enrollDateAhead],
      ['business preferred, no business address', { personal: { preferredaddress: 'BUSINESS' } }, 'businessaddress', 'address', 'Address is Required'],
      ['private preferred, no private address', { privateaddress: { address: undefined, country: undefined, postalcode: undefined, phonecode: undefined, phoneregion: undefined, phonenumber: undefined } }, 'privateaddress', 'address', 'Address is Required'],
      ['co-brand channel without its card', { membership: { enrollchannel: 'COBRAND' } }, 'cobrand', 'partnercode', 'Partner'],
      ['a business address begun but not finished', { businessaddress: { companyname: 'PT Maju' } }, 'businessaddress', 'address', 'Address is Required'],
    ];
    const before = [await snapshot(), await ranges()];
    for (const [name, over, step, field, message] of cases) {
      const { http, body } = await submit(validDraft(over));
      expect(http, name).toBe(200);
      expect(body.status.responsecode, name).toBe(CODES.VALIDATION);
      expect(body.result.step, name).toBe(step);
      expect(body.result.fields[field], name).toContain(message);
    }
    // Malformed drafts are bad requests.
    expect((await submit({ personal: { nosuchfield: 1 } })).http).toBe(400);
    expect((await submit({ nosuchstep: {} })).http).toBe(400);
    expect((await submit({ personal: { birthdate: 19900412 } })).http).toBe(400);
    expect([await snapshot(), await ranges()]).toEqual(before);
    // Without the grant: 403.
    const bod = (await server.login('bod')).body.result.bearer;
    expect((await submit(validDraft(), bod)).http).toBe(403);
  });

  it('enrolls a co-brand card holder with a business address preferred', async () => {
    const draft = validDraft({
      membership: { membershipid: 'COBRAND', enrollchannel: 'COBRAND' },
      cobrand: { partnercode: 'BNI', cobrandcode: 'BNIGOLD', cobrandcardnumber: '4111222233334444' },
      personal: { preferredaddress: 'BUSINESS' },
      businessaddress: { companyname: 'PT Maju Jaya', department: 'Finance', address: 'Jl. Sudirman 1', country: 'ID' },
    });
    const { body } = await submit(draft);
    expect(body.status.responsecode).toBe('0000');
    const memberid = body.result.memberid as string;
    expect(body.result.cardnumber).toMatch(/^525\d{7}$/);
    expect(body.result.tiername).toBe('Blue');
    expect(await db().selectFrom('member').select('tierid').where('memberid', '=', memberid).executeTakeFirst()).toEqual({ tierid: 'CBBLUE' });
    const addresses = await db().selectFrom('member_address').select(['addresstype', 'companyname', 'preferred']).where('memberid', '=', memberid).orderBy('addresstype').execute();
    expect(addresses.map((a) => [a.addresstype, a.companyname, Number(a.preferred)])).toEqual([
      ['BUSINESS', 'PT Maju Jaya', 1],
      ['PRIVATE', null, 0],
    ]);
    expect(await db().selectFrom('member_cobrand').select(['partnercode', 'cobrandcode', 'cobrandcardnumber', 'status']).where('memberid', '=', memberid).execute()).toEqual([
      { partnercode: 'BNI', cobrandcode: 'BNIGOLD', cobrandcardnumber: '4111222233334444', status: 'ACTIVE' },
    ]);
  });

  it('enrolls a suspected duplicate and records each matching rule; staff decide each suspect once', async () => {
    const original = validDraft();
    const first = await submit(original);
    const firstId = first.body.result.memberid as string;
    const copy = validDraft({
      personal: {
        firstname: String(original.personal!.firstname).toLowerCase(),
        birthdate: original.personal!.birthdate,
        email: original.personal!.email,
        idcardno: original.personal!.idcardno,
        passportno: original.personal!.passportno,
      },
    });
    const second = await submit(copy);
    expect(second.body.status.responsecode).toBe('0000');
    expect(second.body.result.suspectduplicates).toBe(4);
    const secondId = second.body.result.memberid as string;
    const listed = await server.call('/api/suspect-duplicate/list', undefined, { token: admin, paging: { limit: 10, page: 1 }, parameter: { criteria: { memberid: secondId } } });
    expect(listed.body.result.map((r: Values) => [r.matchedmemberid, r.matchrule, r.status]).sort()).toEqual(
      [
        [firstId, 'EMAIL', 'OPEN'],
        [firstId, 'IDCARD', 'OPEN'],
        [firstId, 'NAME_BIRTHDATE', 'OPEN'],
        [firstId, 'PASSPORT', 'OPEN'],
      ].sort(),
    );
    const key = { memberid: secondId, matchedmemberid: firstId, matchrule: 'EMAIL' };
    expect((await server.call('/api/suspect-duplicate/not-duplicate', key, { token: admin })).body.status.responsecode).toMatch(/^0/);
    const again = await server.call('/api/suspect-duplicate/merge-request', key, { token: admin });
    expect(again.body.status.responsecode).toBe(CODES.ALREADY_DECIDED);
    const merge = await server.call('/api/suspect-duplicate/merge-request', { ...key, matchrule: 'IDCARD', reason: 'Same ID card' }, { token: admin });
    expect(merge.body.status.responsecode, JSON.stringify(merge.body)).toMatch(/^0/);
    const statuses = await db().selectFrom('suspect_duplicate').select(['matchrule', 'status']).where('memberid', '=', secondId).orderBy('matchrule').execute();
    expect(statuses).toEqual([
      { matchrule: 'EMAIL', status: 'NOT_DUPLICATE' },
      { matchrule: 'IDCARD', status: 'MERGE_REQUESTED' },
      { matchrule: 'NAME_BIRTHDATE', status: 'OPEN' },
      { matchrule: 'PASSPORT', status: 'OPEN' },
    ]);
  });

  it('never gives two concurrent enrollments one number, and answers clearly when a range runs out', async () => {
    // A range of five numbers for CORPORATE alone.
    await server.call('/api/card-inventory/deactivate', { inventorycode: 'CORP2026' }, { token: admin });
    const created = await server.call('/api/card-inventory/create', { inventorycode: 'CORPTEST', membershipid: 'CORPORATE', prefix: '53', firstnumber: 7_000_000, lastnumber: 7_000_004 }, { token: admin });
    expect(created.body.status.responsecode).toBe('0000');
    expect(await ranges()).toContain('CORPTEST 7000000 0 0 5');

    const answers = await Promise.all(Array.from({ length: 7 }, () => submit(validDraft({ membership: { membershipid: 'CORPORATE' } }))));
    const enrolled = answers.filter((a) => a.body.status.responsecode === '0000').map((a) => a.body.result.cardnumber as string);
    expect(enrolled).toHaveLength(5);
    expect(new Set(enrolled).size).toBe(5);
    expect(enrolled.map((c) => Number(c.slice(2, 9))).sort()).toEqual([7_000_000, 7_000_001, 7_000_002, 7_000_003, 7_000_004]);
    const noNumber = CARD_TEXTS.noNumberLeft.replace('{membership}', 'CORPORATE');
    for (const answer of answers.filter((a) => a.body.status.responsecode !== '0000')) {
      expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: noNumber });
      expect(answer.body.result).toEqual({ step: 'membership', fields: { cardnumber: noNumber } });
    }
    expect(await ranges()).toContain('CORPTEST 7000005 5 5 0');
    expect(await count('member', { membershipid: 'CORPORATE', createdby: 'admin' })).toBe(5);
  });

  it('keeps card number ranges apart: counters start at the first number, overlaps and a last number below the issued ones are refused', async () => {
    const create = (data: Values) => server.call('/api/card-inventory/create', data, { token: admin });
    const overlap = await create({ inventorycode: 'FFPX', membershipid: 'FFP', prefix: '51', firstnumber: 5_999_000, lastnumber: 6_000_500 });
    expect(overlap.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(overlap.body.result?.fields?.firstnumber ?? overlap.body.status.responsemessage).toContain('FFP2026');
    const backwards = await create({ inventorycode: 'FFPY', membershipid: 'FFP', prefix: '51', firstnumber: 6_000_010, lastnumber: 6_000_000 });
    expect(backwards.body.status.responsemessage).toBe(CARD_TEXTS.lastBeforeFirst);
    expect(await count('card_inventory', { inventorycode: 'FFPX' })).toBe(0);

    const { inventorycode, membershipid, prefix, firstnumber } = (await server.call('/api/card-inventory/detail', { inventorycode: 'CORPTEST' }, { token: admin })).body.result;
    const detail = { inventorycode, membershipid, prefix, firstnumber };
    const shrink = await server.call('/api/card-inventory/update', { ...detail, lastnumber: 7_000_002 }, { token: admin });
    expect(shrink.body.status.responsemessage).toBe(CARD_TEXTS.lastBeforeIssued.replace('{value}', '7000004'));
    const grow = await server.call('/api/card-inventory/update', { ...detail, lastnumber: 7_000_009 }, { token: admin });
    expect(grow.body.status.responsecode).toBe('0000');
    expect(await ranges()).toContain('CORPTEST 7000005 5 5 5');
  });
});
