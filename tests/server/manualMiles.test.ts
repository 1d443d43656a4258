// Manual miles are maker-checker, on both databases: a person's air and non-air post, member activity,
// correction (and custom transaction, the manual bonus) and transfer above TRANSFER_APPROVAL_MILES becomes an
// approval request moving nothing unless the role holds the menu's POSTDIRECT function; the maker cannot
// decide it; approving credits exactly what a direct post credits, rejecting moves nothing; activity files
// still credit at once; the activity list says who entered each row and who approved it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { APPROVAL_TEXTS } from '../../engine/definition/approvals';
import { functionCatalogue } from '../../engine/definition/catalogue';
import { checkLedger } from '../../server/ledger/ledgerStore';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { activityFileJobHandlers } from '../../server/catalog/activityFiles/activityFileJobs';
import { loadCatalogue } from '../../server/platform/definitions';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

describe('the post-without-approval functions', () => {
  it('are declared on the menus of manual miles, so the Role screen lists them', () => {
    const codes = functionCatalogue(loadCatalogue()).map((f) => f.functioncode);
    expect(codes.filter((c) => c.endsWith('_POSTDIRECT')).sort()).toEqual(['CORRTRX_POSTDIRECT', 'MEMBER_POSTDIRECT', 'TRFMIL_POSTDIRECT']);
  });
});

describe.each(testDatabases)('manual miles on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  let branch: string;
  let seq = 0;
  const catalogue = loadCatalogue();
  const as = (token: string) => (path: string, data?: unknown) => server.call(path, data, { token });
  const any = () => definitionDb(server.database.db);

  async function member(awardmiles = 0): Promise<{ memberid: string; card: string; name: string }> {
    seq += 1;
    const memberid = `M${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `76${target.name === 'sqlite' ? 1 : 2}${String(seq).padStart(7, '0')}`;
    const at = new Date().toISOString();
    await any()
      .insertInto('member')
      // Of the Branch Office user's branch: they serve its members only.
      .values({ memberid, branchcode: 'DPSBO', firstname: 'Manual', lastname: `Member${seq}`, memberfullname: `Manual Member${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at, tierid: 'GOLD', membershipid: 'FFP', enrollmentdate: '2020-01-01', cardnumber: card })
      .execute();
    await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid: 'GOLD', status: 'ACTIVE', issuedate: '2020-01-01' }).execute();
    if (awardmiles > 0) {
      const { credit, TRX_TYPES } = await import('../../server/ledger/ledgerStore');
      await server.database.db.transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: at.slice(0, 10), awardmiles, tiermiles: 0, user: 'test', now: new Date() }));
    }
    return { memberid, card, name: `Manual Member${seq}` };
  }

  /** GOLD on CGK-SIN in Y: 685 award and 548 tier miles (tests/server/accrual.test.ts). */
  const flight = (card: string, flightnumber = '832') => ({ cardnumber: card, activitydate: '2026-03-10', carrier: 'GA', flightnumber, origin: 'CGK', destination: 'SIN', bookingclass: 'Y', ticketnumber: '1262400000001', ticketissuedate: '2026-03-01' });
  const balance = async (memberid: string) => {
    const m = (await any().selectFrom('member').select(['awardmiles', 'tiermiles']).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
    return [Number(m.awardmiles), Number(m.tiermiles)];
  };
  const ledger = (memberid: string) => any().selectFrom('ledger_transaction').selectAll().where('memberid', '=', memberid).orderBy('trxid').execute() as Promise<Row[]>;
  const activities = (memberid: string) => any().selectFrom('member_activity').selectAll().where('memberid', '=', memberid).orderBy('activityid').execute() as Promise<Row[]>;
  const request = (requestid: number) => any().selectFrom('approval_request').selectAll().where('requestid', '=', requestid).executeTakeFirstOrThrow() as Promise<Row>;
  const approve = (requestid: number, token = checker) => as(token)('/api/my-approval/approve', { requestid });
  const reject = (requestid: number) => as(checker)('/api/my-approval/reject', { requestid, reason: 'No boarding pass' });
  // The answer goes on to name the roles that may approve: My Approval's Approve is held by the administrator, the
  // checker, and here Branch Office too (granted My Approval below, to show it cannot decide its own requests).
  const submitted = { responsecode: CODES.SUCCESS, responsemessage: `${APPROVAL_TEXTS.submitted}. It can be approved by: Administrator, Branch Office, Checker` };

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
    branch = (await server.login('branch')).body.result.bearer;
    // Branch Office may also enter corrections and transfers, and sees My Approval (to show it cannot decide its own
    // requests): every function of those menus but the post-without-approval ones.
    const codes = (await any().selectFrom('role_permission').select('functioncode').where('rolecode', '=', 'BRANCH').execute()).map((r: Row) => String(r.functioncode));
    const wanted = codes.filter((c) => /^(CORRTRX|TRFMIL|MYAPPR)_/.test(c) && !c.endsWith('_POSTDIRECT'));
    await any().updateTable('role_permission').set({ granted: 1 }).where('rolecode', '=', 'BRANCH').where('functioncode', 'in', wanted).execute();
  });
  afterAll(async () => server?.close());

  describe('manual activity', () => {
    it("a Branch Office post becomes a request moving nothing; its maker cannot approve it; the checker's approval credits what a direct post credits", async () => {
      const m = await member();
      const ledgerBefore = await ledger(m.memberid);
      const asked = await as(branch)('/api/accrual/air', flight(m.card));
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual(submitted);
      expect(asked.body.result.status).toBe('PENDING');
      expect(await balance(m.memberid)).toEqual([0, 0]);
      expect(await ledger(m.memberid)).toEqual(ledgerBefore);
      expect(await activities(m.memberid)).toEqual([]);
      const stored = await request(asked.body.result.requestid);
      // Named as its member: an activity is a child of the member's record.
      expect(stored).toMatchObject({ menucode: 'MEMBER', action: 'manual-air', resource: 'member-activity', recordname: `${m.name} ${m.card}`, status: 'PENDING', requestedby: 'branch' });
      expect(JSON.parse(stored.proposedvalue)).toMatchObject({ ticketnumber: '1262400000001', awardmiles: 685, tiermiles: 548, memberid: m.memberid });

      // The same flight again waits on the first request.
      const twice = await as(branch)('/api/accrual/air', flight(m.card));
      expect(twice.body.status.responsecode).toBe(CODES.APPROVAL_PENDING);

      const own = await approve(asked.body.result.requestid, branch);
      expect(own.body.status).toEqual({ responsecode: CODES.OWN_REQUEST, responsemessage: APPROVAL_TEXTS.ownRequest });
      expect(await balance(m.memberid)).toEqual([0, 0]);

      const approved = await approve(asked.body.result.requestid);
      expect(approved.body.status, JSON.stringify(approved.body)).toEqual({ responsecode: CODES.SUCCESS, responsemessage: APPROVAL_TEXTS.approved });
      expect(await balance(m.memberid)).toEqual([685, 548]);
      const [row] = await activities(m.memberid);
      expect(row).toMatchObject({ status: 'CREDITED', ticketnumber: '1262400000001', enteredby: 'branch', approvedby: 'checker' });
      expect(Number(row!.awardmiles)).toBe(685);
      expect((await request(asked.body.result.requestid)).status).toBe('APPROVED');

      // Exactly what a direct post of the same flight credits.
      const d = await member();
      const direct = await as(admin)('/api/accrual/air', flight(d.card));
      expect(direct.body.result).toMatchObject({ status: 'CREDITED', awardmiles: 685, tiermiles: 548 });
      expect(await balance(d.memberid)).toEqual([685, 548]);
      const detail = async (memberid: string) => {
        const [trx] = (await ledger(memberid)).filter((l) => String(l.source).startsWith('activity:'));
        return (await any().selectFrom('ledger_detail').select(['criterion', 'rulecode', 'awardmiles', 'tiermiles']).where('trxid', '=', trx!.trxid).orderBy('lineno').execute()).map((l: Row) => [l.criterion, l.rulecode, Number(l.awardmiles), Number(l.tiermiles)]);
      };
      expect(await detail(m.memberid)).toEqual(await detail(d.memberid));
      expect(await checkLedger(server.database.db)).toEqual([]);
    });

    it('refuses a bad post at once, storing no request', async () => {
      const m = await member();
      const count = async () => Number(((await any().selectFrom('approval_request').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
      const before = await count();
      const bad = await as(branch)('/api/accrual/air', { ...flight(m.card), origin: 'ZZZ' });
      expect(bad.body.status.responsecode).toBe(CODES.VALIDATION);
      expect(Object.keys(bad.body.result.fields)).toContain('origin');
      expect(await count()).toBe(before);
    });

    it('a rejected request moves nothing', async () => {
      const m = await member();
      const asked = await as(branch)('/api/accrual/non-air', { cardnumber: m.card, activitydate: '2026-05-02', partnercode: 'BNI', activitycode: 'CARDSPEND', amount: 1_000_000, currencycode: 'IDR' });
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual(submitted);
      expect((await request(asked.body.result.requestid)).action).toBe('manual-non-air');
      const rejected = await reject(asked.body.result.requestid);
      expect(rejected.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: APPROVAL_TEXTS.rejected });
      expect(await balance(m.memberid)).toEqual([0, 0]);
      expect(await activities(m.memberid)).toEqual([]);
      expect(await ledger(m.memberid)).toEqual([]);
    });

    it("the member page's Activity tab asks for approval too, with its boarding pass image", async () => {
      const m = await member();
      const evidence = 'data:image/png;base64,iVBORw0KGgo=';
      const asked = await as(branch)('/api/member-activity/create', { memberid: m.memberid, activitytype: 'AIR', ...flight(m.card, '834'), cardnumber: undefined, evidence });
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual(submitted);
      expect((await request(asked.body.result.requestid)).recordname).toBe(`${m.name} ${m.card}`);
      expect(await balance(m.memberid)).toEqual([0, 0]);
      expect(await activities(m.memberid)).toEqual([]);
      expect((await approve(asked.body.result.requestid)).body.status.responsecode).toBe(CODES.SUCCESS);
      const [row] = await activities(m.memberid);
      expect(row).toMatchObject({ status: 'CREDITED', channel: 'STAFF', enteredby: 'branch', approvedby: 'checker', evidence });
      expect(await balance(m.memberid)).toEqual([685, 548]);

      // A changed booking class re-rates the activity: a correction of its miles, waiting for the checker too.
      const changed = await as(branch)('/api/member-activity/update', { memberid: m.memberid, activityid: row!.activityid, bookingclass: 'C' });
      expect(changed.body.status, JSON.stringify(changed.body)).toEqual(submitted);
      expect(await balance(m.memberid)).toEqual([685, 548]);
      expect((await approve(changed.body.result.requestid)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect((await activities(m.memberid))[0]!.bookingclass).toBe('C');
      expect((await balance(m.memberid))[0]).toBeGreaterThan(685);
    });

    it('an admin holding MEMBER_POSTDIRECT posts at once; an activity file credits at once', async () => {
      const m = await member();
      const posted = await as(admin)('/api/accrual/air', flight(m.card, '836'));
      expect(posted.body.result.status).toBe('CREDITED');
      const f = await member();
      const header = 'cardnumber,activitydate,carrier,flightnumber,origin,destination,bookingclass,ticketnumber,ticketissuedate,operatingcarrier';
      const up = await as(admin)('/api/activity-file/upload', { filename: 'feed.csv', content: `${header}\r\n${f.card},2026-03-10,GA,832,CGK,SIN,Y,1262400000001,2026-03-01,\r\n` });
      expect(up.body.status.responsecode, JSON.stringify(up.body)).toBe(CODES.SUCCESS);
      expect((await as(admin)('/api/activity-file/process-park', { fileid: up.body.result.fileid })).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await createJobWorker({ db: server.database.db, owner: 'test', handlers: activityFileJobHandlers(catalogue), pollMs: 60_000 }).tick()).toBe(1);
      expect(await balance(f.memberid)).toEqual([685, 548]);

      // The activity list shows who entered each row and who approved it.
      const list = async (memberid: string) => (await as(admin)('/api/member-activity/list', undefined)).body.result.filter((r: Row) => r.memberid === memberid);
      expect((await list(m.memberid)).map((r: Row) => [r.channel, r.enteredby, r.approvedby])).toEqual([['API', 'admin', null]]);
      expect((await list(f.memberid)).map((r: Row) => [r.channel, r.enteredby, r.approvedby])).toEqual([['FILE', 'admin', null]]);
      expect(await checkLedger(server.database.db)).toEqual([]);
    });
  });

  describe('corrections and manual bonuses', () => {
    const correct = (token: string, card: string, values: Row = {}) =>
      as(token)('/api/correction-transaction/create', { cardnumber: card, direction: 'CREDIT', awardmiles: 1_000, tiermiles: 0, segments: 0, activitydate: new Date().toISOString().slice(0, 10), reason: 'Goodwill for a delay', ...values });
    const correction = (card: string) => any().selectFrom('correction_transaction').selectAll().where('cardnumber', '=', card).executeTakeFirst() as Promise<Row | undefined>;

    it("a Branch Office goodwill bonus waits for the checker; an admin's correction posts at once", async () => {
      const m = await member();
      const asked = await correct(branch, m.card, { customtrxcode: 'GOODWILL' });
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual(submitted);
      expect((await request(asked.body.result.requestid)).recordname).toBe(`${m.name} ${m.card}`);
      expect(await balance(m.memberid)).toEqual([0, 0]);
      expect(await correction(m.card)).toBeUndefined();
      expect((await approve(asked.body.result.requestid, branch)).body.status.responsecode).toBe(CODES.OWN_REQUEST);
      expect((await approve(asked.body.result.requestid)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await balance(m.memberid)).toEqual([1_000, 0]);
      expect(await correction(m.card)).toMatchObject({ trxtype: 'CUSTOM', approvedby: 'checker' });

      const d = await member();
      const direct = await correct(admin, d.card);
      expect(direct.body.status.responsecode, JSON.stringify(direct.body)).toBe(CODES.SUCCESS);
      expect(direct.body.status.responsemessage).not.toBe(APPROVAL_TEXTS.submitted);
      expect(await balance(d.memberid)).toEqual([1_000, 0]);
      expect(await correction(d.card)).toMatchObject({ trxtype: 'CORRECTION', approvedby: null });

      const r = await member();
      const rejected = await correct(branch, r.card);
      expect((await reject(rejected.body.result.requestid)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await balance(r.memberid)).toEqual([0, 0]);
      expect(await checkLedger(server.database.db)).toEqual([]);
    });
  });

  describe('transfers', () => {
    const transfer = (token: string, from: string, to: string, awardmiles: number) => as(token)('/api/transfer-mileage/transfer', { transfer: { fromcardnumber: from, tocardnumber: to, awardmiles } });

    it('above TRANSFER_APPROVAL_MILES (10,000) a Branch Office transfer waits for the checker; at or below it, or by an admin, it moves at once', async () => {
      const from = await member(50_000);
      const to = await member();
      const asked = await transfer(branch, from.card, to.card, 10_001);
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual(submitted);
      expect((await request(asked.body.result.requestid)).recordname).toBe(`${from.name} ${from.card} to ${to.name} ${to.card}`);
      expect(await balance(from.memberid)).toEqual([50_000, 0]);
      expect(await balance(to.memberid)).toEqual([0, 0]);
      // Refused at once when the transfer itself is bad.
      expect((await transfer(branch, from.card, to.card, 60_000)).body.status.responsemessage).toBe('Insufficient award miles: the balance is 50,000');

      const below = await transfer(branch, from.card, to.card, 10_000);
      expect(below.body.status, JSON.stringify(below.body)).toEqual({ responsecode: CODES.SUCCESS, responsemessage: 'Award miles have been transferred' });
      expect(await balance(to.memberid)).toEqual([10_000, 0]);

      expect((await approve(asked.body.result.requestid)).body.status.responsecode).toBe(CODES.SUCCESS);
      expect(await balance(from.memberid)).toEqual([50_000 - 20_001, 0]);
      expect(await balance(to.memberid)).toEqual([20_001, 0]);
      const log = (await any().selectFrom('mileage_transfer').selectAll().where('frommemberid', '=', from.memberid).execute()) as Row[];
      expect(log.map((r) => [Number(r.awardmiles), r.transferredby]).sort()).toEqual([[10_000, 'branch'], [10_001, 'branch']]);

      const byAdmin = await transfer(admin, from.card, to.card, 15_000);
      expect(byAdmin.body.status.responsemessage).toBe('Award miles have been transferred');
      expect(await balance(to.memberid)).toEqual([35_001, 0]);
      expect(await checkLedger(server.database.db)).toEqual([]);
    });
  });
});
