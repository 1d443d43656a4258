// The member screen on both databases: search and the summary list, the member detail, the
// profile navigator's sections (personal information saved on its own, addresses with the preferred one,
// aliases, cobrand cards; tier history, cards, activities, retro claims and the ledger read-only), the
// transaction detail's lots, the status changes (updatestatus, terminate, reactivate) and what a terminated
// member refuses, and BOD's Member Data (BMEMMGT): the same reads, every write refused with 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { TRANSACTION_LOTS_PATH } from '../../engine/definition/views';
import { credit, debit } from '../../server/ledger/ledgerStore';
import { MEMBER_SCREEN_TEXTS } from '../../server/memberManagement/members/memberHooks';
import { MEMBER_STATUS_TEXTS } from '../../server/memberManagement/members/memberStatusActions';
import { hashPassword } from '../../server/platform/session/passwordHash';
import { sha256Hex } from '../../server/platform/core/sha256';
import { startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, unknown>;

const ID = 'MSCR000001';
const OTHER = 'MSCR000002';
const CARD = '9988776655443';

describe.each(testDatabases)('member screen on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let reader: string;
  let officer: string;
  const as = (token: string) => (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
  let call: ReturnType<typeof as>;
  const db = () => server.database.db as unknown as import('kysely').Kysely<any>;

  /** A user whose role grants exactly these function codes. */
  async function userWith(name: string, codes: string[]): Promise<string> {
    const byMenu = new Map<string, { functioncode: string; grant: boolean }[]>();
    for (const code of codes) {
      const menucode = code.slice(0, code.lastIndexOf('_'));
      byMenu.set(menucode, [...(byMenu.get(menucode) ?? []), { functioncode: code, grant: true }]);
    }
    const rolecode = name.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const usermenu = [...byMenu].map(([menucode, functions]) => ({ menucode, functions }));
    expect((await call('/api/role/create', { rolecode, rolename: `Role ${rolecode}`, rowscope: 'ALL', roledescription: 'member screen test', usermenu })).body.status.responsecode).toBe('0000');
    const at = new Date().toISOString();
    await server.database.db
      .insertInto('app_user')
      .values({ username: name, userfullname: `${name} Officer`, email: `${name}@alms.example`, rolecode, partnercode: null, branchcode: 'JKTHO', tickoffid: 'JKT01', status: 'ACTIVE', passwordhash: await hashPassword(sha256Hex('Admin#2026')), passworddate: at, failedcount: 0, lockeduntil: null, createddate: at, updateddate: at })
      .execute();
    return (await server.login(name)).body.result.bearer as string;
  }

  async function addMember(memberid: string, cardnumber: string, firstname: string, lastname: string) {
    const at = new Date().toISOString();
    await db()
      .insertInto('member')
      .values({
        memberid, firstname, lastname, memberfullname: `${firstname} ${lastname}`, gender: 'FEMALE', birthdate: '1990-04-02', status: 'ACTIVE', email: `${memberid.toLowerCase()}@example.com`,
        username: cardnumber, cardnumber, membershipid: 'FFP', tierid: 'FFPGOLD', enrollmentdate: '2024-01-15', preferredaddress: 'PRIVATE', emailverified: 0, createddate: at, updateddate: at,
      })
      .execute();
    await db().insertInto('member_card').values({ cardnumber, memberid, membershipid: 'FFP', tierid: 'FFPGOLD', status: 'ACTIVE', issuedate: '2024-01-15' }).execute();
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    call = as(admin);
    await addMember(ID, CARD, 'Kartika', 'Wulandari');
    await addMember(OTHER, '9988776655450', 'Joko', 'Susanto');
    // Miles through the ledger only: an earning, then a redemption that consumes part of its lot.
    await server.database.db.transaction().execute(async (trx) => {
      await credit(trx, { memberid: ID, trxtype: 'EARNING', activitydate: '2025-03-01', awardmiles: 5000, tiermiles: 5000, segments: 2, source: 'rule:TEST', user: 'tester', now: new Date() });
      await debit(trx, { memberid: ID, trxtype: 'REDEMPTION', activitydate: '2025-06-01', awardmiles: 1200, source: 'request:R1', user: 'tester', now: new Date() });
    });
    reader = await userWith('bodreader', ['BMEMMGT_ACCESS']);
    officer = await userWith('memberofficer', ['MEMBER_ACCESS']);
  });
  afterAll(async () => server?.close());

  it('searches by card number (exact), name, status and enrollment date range, and lists the summary with balances', async () => {
    const byCard = await call('/api/member/list', undefined, { parameter: { criteria: { cardnumber: CARD } }, paging: { page: 1, limit: 10 } });
    expect(byCard.body.result.map((r: Row) => r.memberid)).toEqual([ID]);
    expect(byCard.body.result[0]).toMatchObject({ memberfullname: 'Kartika Wulandari', cardnumber: CARD, awardmiles: 3800, tiermiles: 5000, frequency: 2, status: 'ACTIVE' });
    // A card number is matched exactly, never as a part.
    const part = await call('/api/member/list', undefined, { parameter: { criteria: { cardnumber: CARD.slice(0, 8) } } });
    expect(part.body.result.map((r: Row) => r.memberid)).not.toContain(ID);
    for (const criteria of [{ memberfullname: '%Wulandar%' }, { status: 'ACTIVE', email: '%mscr000001%' }, { enrollmentdate: ['2024-01-01', '2024-01-31'] }]) {
      const found = await call('/api/member/list', undefined, { parameter: { criteria } });
      expect(found.body.result.map((r: Row) => r.memberid), JSON.stringify(criteria)).toContain(ID);
    }
  });

  it('answers the member detail with the summary the heading shows, and each section with its own fields', async () => {
    const detail = (await call('/api/member/detail', { memberid: ID })).body.result;
    expect(detail).toMatchObject({ memberid: ID, memberfullname: 'Kartika Wulandari', cardnumber: CARD, tierid: 'FFPGOLD', status: 'ACTIVE', awardmiles: 3800, username: CARD, emailverified: false });
    const personal = (await call('/api/member/section-personal-information-detail', { memberid: ID })).body.result;
    expect(personal).toMatchObject({ memberid: ID, firstname: 'Kartika', lastname: 'Wulandari', birthdate: '1990-04-02' });
    expect(personal).not.toHaveProperty('awardmiles');
  });

  it('saves personal information on its own (full name follows, one user log row) and refuses bad input and balances', async () => {
    const saved = await call('/api/member/section-personal-information', { memberid: ID, firstname: 'Kartika', lastname: 'Wulan', gender: 'FEMALE', birthdate: '1990-04-02', email: 'kartika@example.com' });
    expect(saved.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: MESSAGES.DATA_UPDATED });
    expect((await call('/api/member/detail', { memberid: ID })).body.result).toMatchObject({ memberfullname: 'Kartika Wulan', email: 'kartika@example.com' });
    const log = await server.database.db.selectFrom('user_log').select('legend').where('module', '=', 'MEMBER').where('recordkey', '=', ID).execute();
    expect(log.map((r) => r.legend)).toContain('UPDATE_PERSONAL_INFORMATION');

    const bad = await call('/api/member/section-personal-information', { memberid: ID, firstname: '', gender: 'FEMALE', birthdate: '1990-04-02' });
    expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(bad.body.result.fields.firstname).toBe('First Name is Required');
    // Balances are the ledger's: no section carries them.
    const miles = await call('/api/member/section-personal-information', { memberid: ID, firstname: 'Kartika', gender: 'FEMALE', birthdate: '1990-04-02', awardmiles: 999999 });
    expect(miles.http).toBe(400);
    expect((await call('/api/member/detail', { memberid: ID })).body.result.awardmiles).toBe(3800);
  });

  it('keeps private and business addresses, a company only on a business one, and one preferred address', async () => {
    const privateAddress = { memberid: ID, addresstype: 'PRIVATE', address: 'Jl. Melati 5', country: 'ID', postalcode: '10110', phonenumber: '8123456' };
    expect((await call('/api/member-address/create', privateAddress)).body.status.responsecode).toBe(CODES.SUCCESS);
    const company = await call('/api/member-address/create', { ...privateAddress, addresstype: 'PRIVATE', companyname: 'PT Maju' });
    expect(company.body.status.responsecode).not.toBe(CODES.SUCCESS);
    const business = await call('/api/member-address/create', { memberid: ID, addresstype: 'BUSINESS', address: 'Jl. Sudirman 1', country: 'ID', companyname: 'PT Maju Jaya', department: 'Finance' });
    expect(business.body.status.responsecode).toBe(CODES.SUCCESS);
    const listed = (await call('/api/member-address/list', undefined, { parameter: { criteria: { memberid: ID } } })).body.result as Row[];
    expect(listed.map((r) => [r.addresstype, r.preferred]).sort()).toEqual([['BUSINESS', false], ['PRIVATE', true]]);

    const preferred = await call('/api/member-address/set-preferred', { memberid: ID, addresstype: 'BUSINESS' });
    expect(preferred.body.status.responsecode).toBe(CODES.SUCCESS);
    const after = (await call('/api/member-address/list', undefined, { parameter: { criteria: { memberid: ID } } })).body.result as Row[];
    expect(after.map((r) => [r.addresstype, r.preferred]).sort()).toEqual([['BUSINESS', true], ['PRIVATE', false]]);
    expect((await call('/api/member/detail', { memberid: ID })).body.result.preferredaddress).toBe('BUSINESS');
    // The preferred address stays until another one is preferred.
    expect((await call('/api/member-address/delete', { memberid: ID, addresstype: 'BUSINESS' })).body.status.responsecode).toBe(CODES.VALIDATION);
  });

  it('adds aliases and cobrand cards; cards and retro claims are read-only lists (a tier history row is a manual tier change, tierChange.test.ts; activities are posted through accrual)', async () => {
    expect((await call('/api/member-alias/create', { memberid: ID, aliasname: 'Tika Wulan', aliastype: 'NICKNAME' })).body.status.responsecode).toBe(CODES.SUCCESS);
    // The cobrand code is one of the chosen partner's cobrand cards (partnercob), not free text.
    const foreign = await call('/api/member-cobrand/create', { memberid: ID, partnercode: 'BNI', cobrandcode: 'BCAGOLD', cobrandcardnumber: '4111111111' });
    expect(foreign.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(foreign.body.result.fields).toEqual({ cobrandcode: 'Cobrand Code "BCAGOLD" does not belong to the chosen Partner' });
    const unknown = await call('/api/member-cobrand/create', { memberid: ID, partnercode: 'BNI', cobrandcode: 'FREETEXT', cobrandcardnumber: '4111111111' });
    expect(unknown.body.result.fields).toEqual({ cobrandcode: 'Cobrand Code "FREETEXT" does not exist' });
    expect((await call('/api/member-cobrand/create', { memberid: ID, partnercode: 'BNI', cobrandcode: 'BNIGOLD', cobrandcardnumber: '4111111111' })).body.status.responsecode).toBe(CODES.SUCCESS);
    const cards = (await call('/api/member-card/list', undefined, { parameter: { criteria: { memberid: ID } } })).body.result as Row[];
    expect(cards.map((c) => c.cardnumber)).toEqual([CARD]);
    for (const resource of ['member-card', 'retro-claim', 'ledger-transaction']) {
      expect((await call(`/api/${resource}/create`, { memberid: ID })).http, resource).toBe(404);
    }
  });

  it('lists the ledger newest first with its types, and explains a transaction by its lots', async () => {
    const rows = (await call('/api/ledger-transaction/list', undefined, { parameter: { criteria: { memberid: ID } }, paging: { page: 1, limit: 10 } })).body;
    expect(rows.paging?.totalrecord).toBe(2);
    const [redemption, earning] = rows.result as Row[];
    expect([redemption!.trxtype, redemption!.awardmiles, earning!.trxtype, earning!.awardmiles]).toEqual(['REDEMPTION', -1200, 'EARNING', 5000]);

    const detail = (await call('/api/ledger-transaction/detail', { memberid: ID, trxid: earning!.trxid })).body.result;
    expect(detail).toMatchObject({ trxtype: 'EARNING', source: 'rule:TEST', createdby: 'tester' });
    // Another member's transaction is not this member's.
    expect((await call('/api/ledger-transaction/detail', { memberid: OTHER, trxid: earning!.trxid })).body.status.responsecode).toBe(CODES.NOT_FOUND);

    const lots = (await call(TRANSACTION_LOTS_PATH, { memberid: ID, trxid: earning!.trxid })).body.result;
    expect(lots.created).toMatchObject({ lotid: earning!.trxid, awardmiles: 5000, remaining: 3800 });
    expect(lots.consumedBy).toEqual([expect.objectContaining({ trxid: redemption!.trxid, amount: 1200, trxtype: 'REDEMPTION' })]);
    const used = (await call(TRANSACTION_LOTS_PATH, { memberid: ID, trxid: redemption!.trxid })).body.result;
    expect(used.created).toBeNull();
    expect(used.consumed).toEqual([expect.objectContaining({ lotid: earning!.trxid, amount: 1200 })]);
    expect((await call(TRANSACTION_LOTS_PATH, { memberid: OTHER, trxid: earning!.trxid })).body.status.responsecode).toBe(CODES.NOT_FOUND);
    expect((await call(TRANSACTION_LOTS_PATH, { memberid: ID, trxid: 'x' })).http).toBe(400);
  });

  it('updates the status, terminates (miles frozen, no ledger row), refuses every change of a terminated member, and reactivates', async () => {
    const bad = await call('/api/member/updatestatus', { memberid: ID, status: 'TERMINATED' });
    expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
    expect(bad.body.result.fields.status).toMatch(/ACTIVE, INACTIVE, SUSPENDED/);
    const suspended = await call('/api/member/updatestatus', { memberid: ID, status: 'SUSPENDED' });
    expect(suspended.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: MEMBER_STATUS_TEXTS.updated });
    expect((await call('/api/member/reactivate', { memberid: ID })).body.status.responsemessage).toBe(MEMBER_STATUS_TEXTS.notTerminated);

    const ledgerRows = async () => (await server.database.db.selectFrom('ledger_transaction').select('trxid').where('memberid', '=', ID).execute()).length;
    const before = await ledgerRows();
    expect((await call('/api/member/terminate', { memberid: ID })).body.status.responsemessage).toBe(MEMBER_STATUS_TEXTS.terminated);
    const terminated = (await call('/api/member/detail', { memberid: ID })).body.result;
    expect(terminated).toMatchObject({ status: 'TERMINATED', awardmiles: 3800 });
    expect(await ledgerRows()).toBe(before);

    for (const [path, data] of [
      ['/api/member/section-personal-information', { memberid: ID, firstname: 'Other', gender: 'FEMALE', birthdate: '1990-04-02' }],
      ['/api/member/updatestatus', { memberid: ID, status: 'ACTIVE' }],
      ['/api/member/terminate', { memberid: ID }],
      ['/api/member-alias/create', { memberid: ID, aliasname: 'Another Alias', aliastype: 'NICKNAME' }],
      ['/api/member-address/update', { memberid: ID, addresstype: 'PRIVATE', address: 'Elsewhere 9', country: 'ID' }],
    ] as const) {
      const refused = await call(path, data);
      expect(refused.body.status, path).toEqual({ responsecode: CODES.VALIDATION, responsemessage: MEMBER_SCREEN_TEXTS.terminated });
    }
    expect((await call('/api/member/detail', { memberid: ID })).body.result.firstname).not.toBe('Other');
    expect((await call('/api/member-alias/list', undefined, { parameter: { criteria: { memberid: ID } } })).body.result).toHaveLength(1);

    expect((await call('/api/member/reactivate', { memberid: ID })).body.status.responsemessage).toBe(MEMBER_STATUS_TEXTS.reactivated);
    expect((await call('/api/member/detail', { memberid: ID })).body.result).toMatchObject({ status: 'ACTIVE', awardmiles: 3800 });
    const legends = await server.database.db.selectFrom('user_log').select('legend').where('module', '=', 'MEMBER').where('recordkey', '=', ID).execute();
    expect(legends.map((r) => r.legend)).toEqual(expect.arrayContaining(['UPDATESTATUS', 'TERMINATE', 'REACTIVATE']));
    expect((await call('/api/member/terminate', { memberid: 'NOSUCHMEMBER' })).body.status.responsecode).toBe(CODES.MEMBER_NOT_FOUND);
  });

  it("BOD's Member Data (BMEMMGT) reads the member, its sections, children and lots, and every write answers 403", async () => {
    const read = as(reader);
    expect((await read('/api/member/list', undefined, { parameter: { criteria: { cardnumber: CARD } } })).body.result.map((r: Row) => r.memberid)).toEqual([ID]);
    expect((await read('/api/member/detail', { memberid: ID })).body.status.responsecode).toBe(CODES.SUCCESS);
    expect((await read('/api/member/section-personal-information-detail', { memberid: ID })).body.status.responsecode).toBe(CODES.SUCCESS);
    for (const resource of ['member-address', 'member-alias', 'member-tier', 'member-card', 'member-cobrand', 'member-activity', 'retro-claim', 'ledger-transaction']) {
      expect((await read(`/api/${resource}/list`, undefined, { parameter: { criteria: { memberid: ID } } })).body.status.responsecode, resource).toBe(CODES.SUCCESS);
    }
    const [trx] = (await read('/api/ledger-transaction/list', undefined, { parameter: { criteria: { memberid: ID } } })).body.result as Row[];
    expect((await read(TRANSACTION_LOTS_PATH, { memberid: ID, trxid: trx!.trxid })).body.status.responsecode).toBe(CODES.SUCCESS);

    const writes: [string, Row][] = [
      ['/api/member/section-personal-information', { memberid: ID, firstname: 'Bod', gender: 'FEMALE', birthdate: '1990-04-02' }],
      ['/api/member/updatestatus', { memberid: ID, status: 'INACTIVE' }],
      ['/api/member/terminate', { memberid: ID }],
      ['/api/member/reactivate', { memberid: ID }],
      ['/api/member/download', {}],
      ['/api/member/send-activation', { memberid: ID }],
      ['/api/member-address/create', { memberid: ID, addresstype: 'PRIVATE', address: 'X', country: 'ID' }],
      ['/api/member-address/set-preferred', { memberid: ID, addresstype: 'PRIVATE' }],
      ['/api/member-alias/delete', { memberid: ID, aliasname: 'Tika Wulan' }],
      ['/api/member-cobrand/create', { memberid: ID, partnercode: 'GA', cobrandcode: 'X', cobrandcardnumber: '1' }],
    ];
    for (const [path, data] of writes) expect((await read(path, data)).http, path).toBe(403);
    expect((await call('/api/member/detail', { memberid: ID })).body.result).toMatchObject({ status: 'ACTIVE', memberfullname: 'Kartika Wulan' });
  });

  it('guards every member call by its function code: ACCESS reads, no save, status change or child write without its code', async () => {
    const read = as(officer);
    expect((await read('/api/member/detail', { memberid: ID })).body.status.responsecode).toBe(CODES.SUCCESS);
    for (const [path, data] of [
      ['/api/member/section-personal-information', { memberid: ID, firstname: 'X', gender: 'FEMALE', birthdate: '1990-04-02' }],
      ['/api/member/updatestatus', { memberid: ID, status: 'INACTIVE' }],
      ['/api/member-alias/create', { memberid: ID, aliasname: 'No Grant', aliastype: 'NICKNAME' }],
    ] as const) {
      expect((await read(path, data)).http, path).toBe(403);
    }
    // Without a session nothing is read.
    expect((await server.call('/api/member/list')).http).toBe(401);
  });
});
