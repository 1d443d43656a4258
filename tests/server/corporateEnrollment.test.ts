// The corporate enrollment wizard's server on both databases: the Submit stores the corporate with its account
// and card number, its tour codes and coordinators in one transaction (all or nothing), every bad field is
// refused with the rule's message and the step to go back to, taken codes are refused, the step check on
// Next, the guard, bad requests, and two enrollments of one code at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const SUBMIT = '/api/corporate-enrollment/create';
const CHECK = '/api/corporate-enrollment/check';

type Values = Record<string, unknown>;

let serial = 0;
/** A draft every rule accepts, with codes of its own. */
function validDraft(): { corporatedetail: Values; tourcode: Values[]; travelcoordinator: Values[] } {
  const n = ++serial;
  return {
    corporatedetail: {
      corporatecode: `QZCORP${n}`,
      corporatename: `Qz Nusantara Energi ${n}`,
      corporatetype: 'SOE',
      businessfield: 'ENERGY',
      tradebusinesslicense: `503/${n}/SIUP/2026`,
      taxnumber: '01.234.567.8-901.000',
      corporateemail: `travel${n}@qz-energi.co.id`,
      phonenum: '+62215550100',
      langcode: 'id',
      address: 'Jl. Jend. Sudirman Kav. 52-53, Senayan',
      countrycode: 'ID',
      statecode: 'ID-JK',
      citycode: 'IDJKT',
      username: `qz.corp${n}`,
      unlimited: false,
      maxmember: 250,
      startdate: '2026-01-01',
      enddate: '2027-12-31',
      contactname: 'Rahmat Hidayat',
      contactidtype: 'IDCARD',
      contactidnum: '3174012345670001',
      contactemail: `rahmat${n}@qz-energi.co.id`,
      contactphonenum: '+628121234567',
    },
    tourcode: [
      { tourcode: `QZTC${n}A`, startdate: '2026-01-01', enddate: '2026-12-31' },
      { tourcode: `QZTC${n}B`, startdate: '2026-06-01', enddate: '2027-12-31' },
    ],
    travelcoordinator: [
      { name: 'Dewi Anggraini', email: `dewi${n}@qz-energi.co.id`, phonenum: '+628129876543' },
      { name: 'Agus Salim', email: `agus${n}@qz-energi.co.id`, phonenum: '081298765432', cardnumber: '' },
    ],
  };
}

describe.each(testDatabases)('corporate enrollment on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const db = () => definitionDb(server.database.db);
  const submit = (data: unknown, token = admin) => server.call(SUBMIT, data, { token });
  const count = async (table: string, column: string, value: unknown) =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', value).executeTakeFirstOrThrow()).n);
  /** Nothing of this draft is stored anywhere. */
  const expectNothingStored = async (draft: ReturnType<typeof validDraft>, corporatesWithUsername = 0) => {
    expect(await count('corporate', 'corporatecode', draft.corporatedetail.corporatecode)).toBe(0);
    expect(await count('corporate', 'username', draft.corporatedetail.username)).toBe(corporatesWithUsername);
    for (const row of draft.tourcode) expect(await count('corporate_tourcode', 'tourcode', row.tourcode)).toBe(0);
    for (const row of draft.travelcoordinator) expect(await count('corporate_travelcoordinator', 'email', row.email)).toBe(0);
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('seeds the demo corporates through the same enrollment: cards, tour codes, coordinators linked to member cards', async () => {
    const seeded = await db().selectFrom('corporate').selectAll().where('createdby', '=', 'system').orderBy('corporatecode').execute();
    expect(seeded.map((c) => c.corporatecode)).toEqual(['BALITOURS', 'KEMENHUB', 'PTNUSAENERGI']);
    for (const corporate of seeded) {
      expect(corporate).toMatchObject({ enrollchannel: 'CORPORATE', status: 'ACTIVE' });
      expect(corporate.cardnumber).toMatch(/^54\d{8}$/);
      expect(await count('corporate_tourcode', 'corporatecode', corporate.corporatecode)).toBeGreaterThan(0);
    }
    const linked = await db().selectFrom('corporate_travelcoordinator').innerJoin('member_card', 'member_card.cardnumber', 'corporate_travelcoordinator.cardnumber').select('name').orderBy('name').execute();
    expect(linked.map((c) => c.name)).toEqual(['Hendra Gunawan', 'Rina Kusumawati']);
  });

  it('stores the corporate with its account and card number, its tour codes and coordinators, and logs it', async () => {
    const draft = validDraft();
    const { http, body } = await submit(draft);
    expect(http).toBe(200);
    expect(body.status).toEqual({ responsecode: '0000', responsemessage: 'Corporate has been enrolled' });
    const code = draft.corporatedetail.corporatecode;
    const today = new Date().toISOString().slice(0, 10);
    expect(body.result).toMatchObject({ corporatecode: code, username: draft.corporatedetail.username, enrollchannel: 'CORPORATE', enrollmentdate: today, travelcoordinators: 2 });
    expect(body.result.tourcodes.map((t: Values) => t.tourcode)).toEqual(['QZTC' + String(code).slice(6) + 'A', 'QZTC' + String(code).slice(6) + 'B']);
    expect(body.result.tourcodes.every((t: Values) => Number.isInteger(t.tourcodeid))).toBe(true);

    // The corporate's account number: 10 digits in the corporate range with a Luhn check digit.
    const card = body.result.cardnumber as string;
    expect(card).toMatch(/^54\d{8}$/);
    const luhn = [...card].reverse().reduce((sum, digit, i) => sum + (i % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(digit)]! : Number(digit)), 0);
    expect(luhn % 10).toBe(0);

    // The Member Corporate screen shows it, with what the server set.
    const detail = (await server.call('/api/corporate/detail', { corporatecode: code }, { token: admin })).body.result;
    expect(detail).toMatchObject({ ...draft.corporatedetail, cardnumber: card, enrollchannel: 'CORPORATE', enrollmentdate: today, status: 'ACTIVE', createdby: 'admin' });
    const list = await server.call('/api/corporate/list', undefined, { token: admin, paging: { limit: 10, page: 1 }, parameter: { criteria: { corporatecode: code } } });
    expect(list.body.result.map((r: Values) => r.corporatecode)).toEqual([code]);
    const selector = await server.call('/api/selector/options', { selector: 'corporate', criteria: { corporatecode: code } }, { token: admin });
    expect(selector.body.result).toEqual([{ value: code, label: draft.corporatedetail.corporatename, cardnumber: card }]);

    const tours = await db().selectFrom('corporate_tourcode').selectAll().where('corporatecode', '=', code).orderBy('tourcode').execute();
    expect(tours.map((t) => [t.tourcode, t.startdate, t.enddate, t.createdby])).toEqual(draft.tourcode.map((t) => [t.tourcode, t.startdate, t.enddate, 'admin']));
    const coordinators = await db().selectFrom('corporate_travelcoordinator').selectAll().where('corporatecode', '=', code).orderBy('name').execute();
    expect(coordinators.map((c) => [c.name, c.cardnumber])).toEqual([['Agus Salim', null], ['Dewi Anggraini', null]]);

    const log = await db().selectFrom('user_log').selectAll().where('module', '=', 'ENROLLCORP').where('recordkey', '=', code).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ username: 'admin', legend: 'CREATE', beforevalue: null });
    expect(JSON.parse(log[0].aftervalue)).toMatchObject({ corporatecode: code, cardnumber: card, tourcode: body.result.tourcodes });
  });

  it('keeps no maximum for an unlimited corporate, and links a coordinator to an existing member card', async () => {
    const draft = validDraft();
    draft.corporatedetail.unlimited = true;
    draft.corporatedetail.maxmember = 40;
    const existing = (await db().selectFrom('member_card').select('cardnumber').where('membershipid', '=', 'FFP').executeTakeFirstOrThrow()).cardnumber;
    draft.travelcoordinator[0]!.cardnumber = existing;
    expect((await submit(draft)).body.status.responsecode).toBe('0000');
    const row = await db().selectFrom('corporate').selectAll().where('corporatecode', '=', draft.corporatedetail.corporatecode).executeTakeFirstOrThrow();
    expect([row.unlimited, row.maxmember]).toEqual([1, null]);
    expect(await count('corporate_travelcoordinator', 'cardnumber', existing)).toBe(1);
  });

  // Each bad draft: the step it fails at, the field (or row) and the exact message; nothing is stored.
  const BAD: [string, (d: ReturnType<typeof validDraft>) => void, { step: string; row?: number; field?: string; message: string }][] = [
    ['no corporate code', (d) => delete d.corporatedetail.corporatecode, { step: 'corporatedetail', field: 'corporatecode', message: 'Corporate Code is Required' }],
    ['a lower-case corporate code', (d) => (d.corporatedetail.corporatecode = 'qzcorp'), { step: 'corporatedetail', field: 'corporatecode', message: 'Corporate Code can be filled with uppercase letters and numbers only' }],
    ['a corporate e-mail without @', (d) => (d.corporatedetail.corporateemail = 'travel.qz-energi.co.id'), { step: 'corporatedetail', field: 'corporateemail', message: 'Corporate Email format is not valid (e.g. name@example.com)' }],
    ['letters in the phone number', (d) => (d.corporatedetail.phonenum = '021-CALL-US'), { step: 'corporatedetail', field: 'phonenum', message: 'Phone Number can be filled with number only' }],
    ['no maximum while not unlimited', (d) => delete d.corporatedetail.maxmember, { step: 'corporatedetail', field: 'maxmember', message: 'Max Member is Required' }],
    ['a maximum of 0', (d) => (d.corporatedetail.maxmember = 0), { step: 'corporatedetail', field: 'maxmember', message: 'Max Member minimum 1' }],
    ['an end date before the start date', (d) => (d.corporatedetail.enddate = '2025-12-31'), { step: 'corporatedetail', field: 'enddate', message: 'End Date must not be before Start Date' }],
    ['an unknown corporate type', (d) => (d.corporatedetail.corporatetype = 'PIRATE'), { step: 'corporatedetail', field: 'corporatetype', message: 'Corporate Type must be one of Private Company, State-Owned Enterprise, Government Agency, Non-Profit Organisation' }],
    ['a country that does not exist', (d) => Object.assign(d.corporatedetail, { countrycode: 'QQ', statecode: null, citycode: null }), { step: 'corporatedetail', field: 'countrycode', message: 'Country "QQ" does not exist' }],
    ['a city of another state', (d) => (d.corporatedetail.citycode = 'IDDPS'), { step: 'corporatedetail', field: 'citycode', message: 'City "IDDPS" does not belong to the chosen State' }],
    ['no tour code', (d) => (d.tourcode = []), { step: 'tourcode', message: 'Add at least 1 Tour Code' }],
    ['a tour code twice', (d) => (d.tourcode[1]!.tourcode = d.tourcode[0]!.tourcode), { step: 'tourcode', row: 1, field: 'tourcode', message: 'Tour Code 2: Tour Code "{tour}" is already in the list' }],
    ['a tour code ending before it starts', (d) => (d.tourcode[0]!.enddate = '2025-06-30'), { step: 'tourcode', row: 0, field: 'enddate', message: 'Tour Code 1: End Date must not be before Start Date' }],
    ['a tour code starting before the corporate', (d) => (d.tourcode[0]!.startdate = '2025-12-01'), { step: 'tourcode', row: 0, field: 'startdate', message: 'Tour Code 1: Start Date must not be before the corporate Start Date (01/01/2026)' }],
    ['a tour code ending after the corporate', (d) => (d.tourcode[1]!.enddate = '2028-01-31'), { step: 'tourcode', row: 1, field: 'enddate', message: 'Tour Code 2: End Date must not be after the corporate End Date (31/12/2027)' }],
    ['no travel coordinator', (d) => (d.travelcoordinator = []), { step: 'travelcoordinator', message: 'Add at least 1 Travel Coordinator' }],
    ['a coordinator e-mail without @', (d) => (d.travelcoordinator[1]!.email = 'agus'), { step: 'travelcoordinator', row: 1, field: 'email', message: 'Travel Coordinator 2: Email format is not valid (e.g. name@example.com)' }],
    ['a coordinator card that does not exist', (d) => (d.travelcoordinator[0]!.cardnumber = '5399999990'), { step: 'travelcoordinator', row: 0, field: 'cardnumber', message: 'Travel Coordinator 1: Member Card Number "5399999990" does not exist' }],
  ];

  it.each(BAD)('refuses %s with the step, the field and the rule message, storing nothing', async (_case, spoil, expected) => {
    const draft = validDraft();
    spoil(draft);
    const { http, body } = await submit(draft);
    const message = expected.message.replace('{tour}', String(draft.tourcode[0]?.tourcode));
    expect(http).toBe(200);
    expect(body.status.responsemessage).toBe(message);
    expect(['1002', '1009']).toContain(body.status.responsecode);
    expect(body.result.step).toBe(expected.step);
    expect(body.result.row).toBe(expected.row);
    if (expected.field) expect(Object.keys(body.result.fields)).toEqual([expected.field]);
    await expectNothingStored(draft);
  });

  it('refuses a taken corporate code or username on the detail step (1009), and a taken tour code, all or nothing', async () => {
    const first = validDraft();
    expect((await submit(first)).body.status.responsecode).toBe('0000');

    const sameCode = validDraft();
    sameCode.corporatedetail.corporatecode = first.corporatedetail.corporatecode;
    let answer = (await submit(sameCode)).body;
    expect(answer.status).toEqual({ responsecode: CODES.DUPLICATE, responsemessage: `Corporate Code "${String(first.corporatedetail.corporatecode)}" already exists` });
    expect(answer.result).toEqual({ step: 'corporatedetail', fields: { corporatecode: answer.status.responsemessage } });

    const sameUsername = validDraft();
    sameUsername.corporatedetail.username = first.corporatedetail.username;
    answer = (await submit(sameUsername)).body;
    expect(answer.result.fields).toEqual({ username: `Username "${String(first.corporatedetail.username)}" is already used` });
    // The one corporate with that username is the first.
    await expectNothingStored(sameUsername, 1);

    // The second tour code belongs to the first corporate: the corporate and its first tour code go too.
    const takenTour = validDraft();
    takenTour.tourcode[1]!.tourcode = first.tourcode[0]!.tourcode;
    answer = (await submit(takenTour)).body;
    expect(answer.status).toEqual({ responsecode: CODES.DUPLICATE, responsemessage: `Tour Code 2: Tour Code "${String(first.tourcode[0]!.tourcode)}" already exists` });
    expect(answer.result).toMatchObject({ step: 'tourcode', row: 1 });
    expect(await count('corporate', 'corporatecode', takenTour.corporatedetail.corporatecode)).toBe(0);
    expect(await count('corporate_tourcode', 'tourcode', takenTour.tourcode[0]!.tourcode)).toBe(0);
  });

  it('two enrollments of one code at once: one is stored, the other refused, never a fault', async () => {
    const a = validDraft();
    const b = validDraft();
    b.corporatedetail.corporatecode = a.corporatedetail.corporatecode;
    const answers = await Promise.all([submit(a), submit(b)]);
    expect(answers.map((r) => r.http)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.status.responsecode).sort()).toEqual(['0000', CODES.DUPLICATE]);
    expect(await count('corporate', 'corporatecode', a.corporatedetail.corporatecode)).toBe(1);
    // Different corporates at once each get a card number of their own.
    const several = await Promise.all([validDraft(), validDraft(), validDraft()].map((draft) => submit(draft)));
    expect(several.map((r) => r.body.status.responsecode)).toEqual(['0000', '0000', '0000']);
    expect(new Set(several.map((r) => r.body.result.cardnumber)).size).toBe(3);
  });

  it('checks the detail step on Next: its rules, its references and the codes already taken', async () => {
    const draft = validDraft();
    expect((await server.call(CHECK, draft.corporatedetail, { token: admin })).body.status.responsecode).toBe('0000');
    const missing = await server.call(CHECK, { ...draft.corporatedetail, corporatename: '' }, { token: admin });
    expect(missing.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Corporate Name is Required' });
    expect(missing.body.result).toEqual({ step: 'corporatedetail', fields: { corporatename: 'Corporate Name is Required' } });
    const state = await server.call(CHECK, { ...draft.corporatedetail, statecode: 'QQ-XX', citycode: null }, { token: admin });
    expect(state.body.result.fields).toEqual({ statecode: 'State "QQ-XX" does not exist' });
    expect((await submit(draft)).body.status.responsecode).toBe('0000');
    const taken = await server.call(CHECK, draft.corporatedetail, { token: admin });
    expect(taken.body.status.responsecode).toBe(CODES.DUPLICATE);
    expect(Object.keys(taken.body.result.fields).sort()).toEqual(['corporatecode', 'username']);
  });

  it.each([
    ['data that is not an object', [], 'Invalid request: body.parameter.data must be object'],
    ['an unknown step', { ...validDraft(), summary: {} }, 'Invalid request: unknown step "summary"'],
    ['a field the server sets', { ...validDraft(), corporatedetail: { ...validDraft().corporatedetail, cardnumber: '5400000001' } }, 'Invalid request: unknown field "data.corporatedetail.cardnumber"'],
    ['a maximum that is not a number', { ...validDraft(), corporatedetail: { ...validDraft().corporatedetail, maxmember: 'ten' } }, 'Invalid request: data.corporatedetail.maxmember must be a whole number'],
    ['rows that are not a list', { ...validDraft(), tourcode: { tourcode: 'QZ1' } }, 'Invalid request: data.tourcode must be a list'],
    ['a row that is not an object', { ...validDraft(), travelcoordinator: ['Dewi'] }, 'Invalid request: data.travelcoordinator.0 must be an object'],
    ['a date that is not a date', { ...validDraft(), tourcode: [{ tourcode: 'QZBAD1', startdate: '2026-02-30', enddate: '2026-03-01' }] }, 'Invalid request: data.tourcode.0.startdate must be a date (YYYY-MM-DD)'],
  ])('answers 1001 for %s', async (_case, data, message) => {
    const { http, body } = await submit(data);
    expect(http).toBe(400);
    expect(body.status).toEqual({ responsecode: CODES.BAD_REQUEST, responsemessage: message });
  });

  it('needs ENROLLCORP_CREATE: a branch user is refused with 403 and nothing is stored', async () => {
    const branch = (await server.login('branch')).body.result.bearer;
    const draft = validDraft();
    for (const path of [SUBMIT, CHECK]) {
      const { http, body } = await server.call(path, path === SUBMIT ? draft : draft.corporatedetail, { token: branch });
      expect(http).toBe(403);
      expect(body.status.responsecode).toBe(CODES.FORBIDDEN);
    }
    await expectNothingStored(draft);
  });
});
