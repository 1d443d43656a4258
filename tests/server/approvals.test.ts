// Maker-checker on both databases: General Configuration's update and delete wait for approval
// ("approval": { "actions": ["update", "delete"] }), decided on My Approval by another user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { APPROVAL_TEXTS } from '../../engine/definition/approvals';
import { startTestServer, testDatabases, type TestServer } from './harness';

// Spec 000 §4 / 001 §8 for the decisions' confirmation; the product's own texts for the rest, retyped to pin them.
const SUBMITTED = 'Your request has been submitted for approval';
/** The answer names who may approve: the seeded roles holding My Approval's Approve (General Configuration's requests). */
const SUBMITTED_TO_CHECKERS = `${SUBMITTED}. It can be approved by: Administrator, Checker`;

describe.each(testDatabases)('approvals on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  let branch: string;
  const as = (token: string) => (path: string, data?: unknown, extra: Record<string, unknown> = {}) => server.call(path, data, { token, ...extra });
  const config = (key: string) => as(admin)('/api/general-config/detail', { key });
  const queue = (token: string, criteria: Record<string, unknown> = {}) =>
    as(token)('/api/my-approval/list', undefined, { paging: { limit: 10, page: 1 }, parameter: { criteria } });
  const userLog = (module: string, legend: string, recordkey: string) =>
    server.database.db.selectFrom('user_log').selectAll().where('module', '=', module).where('legend', '=', legend).where('recordkey', '=', recordkey).execute();
  const requestOf = (requestid: number) => server.database.db.selectFrom('approval_request').selectAll().where('requestid', '=', requestid).executeTakeFirstOrThrow();

  /** A config key of the test's own, created directly (create needs no approval). */
  async function newKey(key: string, value = 'before') {
    const created = await as(admin)('/api/general-config/create', { key, value, description: 'Approval test', active: true });
    expect(created.body.status.responsecode).toBe('0000');
  }
  async function requestUpdate(key: string, value: string): Promise<number> {
    const answer = await as(admin)('/api/general-config/update', { key, value, description: 'Approval test', active: true });
    expect(answer.body.status, JSON.stringify(answer.body)).toEqual({ responsecode: '0000', responsemessage: SUBMITTED_TO_CHECKERS });
    return answer.body.result.requestid as number;
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
    branch = (await server.login('branch')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  it('stores the maker\'s update as a PENDING request and changes nothing else', async () => {
    await newKey('QZ_APPR.UPDATE', '11');
    const requestid = await requestUpdate('QZ_APPR.UPDATE', '12');
    expect(APPROVAL_TEXTS.submitted).toBe(SUBMITTED);
    expect((await config('QZ_APPR.UPDATE')).body.result.value).toBe('11');
    const stored = await requestOf(requestid);
    expect(stored).toMatchObject({ menucode: 'GENCONF', action: 'update', resource: 'general-config', recordkey: 'QZ_APPR.UPDATE', status: 'PENDING', requestedby: 'admin', decidedby: null });
    expect(JSON.parse(stored.beforevalue!)).toMatchObject({ key: 'QZ_APPR.UPDATE', value: '11' });
    expect(JSON.parse(stored.proposedvalue!)).toMatchObject({ key: 'QZ_APPR.UPDATE', value: '12' });
    // The user log has the request, and no update.
    expect(await userLog('GENCONF', 'REQUEST_APPROVAL', 'QZ_APPR.UPDATE')).toHaveLength(1);
    expect(await userLog('GENCONF', 'UPDATE', 'QZ_APPR.UPDATE')).toHaveLength(0);
  });

  it('checks the maker\'s values with the definition\'s rules at once, storing no request', async () => {
    const before = await server.database.db.selectFrom('approval_request').select('requestid').execute();
    const bad = await as(admin)('/api/general-config/update', { key: 'QZ_APPR.UPDATE', value: '' });
    expect(bad.body.status).toEqual({ responsecode: '1002', responsemessage: 'Value is Required' });
    expect(bad.body.result.fields).toEqual({ value: 'Value is Required' });
    const missing = await as(admin)('/api/general-config/update', { key: 'QZ_NO_SUCH_KEY', value: 'x' });
    expect(missing.body.status).toEqual({ responsecode: '1004', responsemessage: 'General Configuration "QZ_NO_SUCH_KEY" was not found' });
    expect(await server.database.db.selectFrom('approval_request').select('requestid').execute()).toHaveLength(before.length);
  });

  it('takes no second request for a record whose request still waits', async () => {
    const again = await as(admin)('/api/general-config/update', { key: 'QZ_APPR.UPDATE', value: '13' });
    expect(again.body.status).toEqual({ responsecode: CODES.APPROVAL_PENDING, responsemessage: 'General Configuration "QZ_APPR.UPDATE" already has a request waiting for approval' });
  });

  it('of requests for one record at the same moment only one is stored', async () => {
    await newKey('QZ_APPR.TWICE', 't1');
    const answers = await Promise.all(['t2', 't3', 't4', 't5'].map((value) => as(admin)('/api/general-config/update', { key: 'QZ_APPR.TWICE', value, description: 'Approval test', active: true })));
    expect(answers.map((a) => a.body.status.responsecode).sort()).toEqual(['0000', CODES.APPROVAL_PENDING, CODES.APPROVAL_PENDING, CODES.APPROVAL_PENDING]);
    const stored = await server.database.db.selectFrom('approval_request').select('status').where('resource', '=', 'general-config').where('recordkey', '=', 'QZ_APPR.TWICE').execute();
    expect(stored).toEqual([{ status: 'PENDING' }]);
  });

  it('lists the request to another user with its change against the current values, and to its maker as their own (read-only)', async () => {
    const own = await queue(admin, { record: '%QZ_APPR.UPDATE%' });
    expect(own.body.paging!.totalrecord).toBe(1);
    // A configuration key is its own name: the Record is the key alone.
    expect(own.body.result[0]).toMatchObject({ record: 'QZ_APPR.UPDATE', recordkey: 'QZ_APPR.UPDATE', requestedby: 'admin', status: 'PENDING', mine: true });
    const theirs = await queue(checker, { record: '%qz_appr.update%' });
    expect(theirs.body.paging).toEqual({ page: 1, limit: 10, totalrecord: 1 });
    const [row] = theirs.body.result;
    expect(row).toMatchObject({ menucode: 'GENCONF', action: 'update', recordkey: 'QZ_APPR.UPDATE', requestedby: 'admin', status: 'PENDING', mine: false });
    const detail = await as(checker)('/api/my-approval/detail', { requestid: row.requestid });
    expect(detail.body.result.changes).toEqual([{ field: 'value', label: 'Value', current: '11', proposed: '12' }]);
  });

  it('refuses a decision on one\'s own request', async () => {
    const [{ requestid }] = await server.database.db.selectFrom('approval_request').select('requestid').where('recordkey', '=', 'QZ_APPR.UPDATE').execute();
    const own = await as(admin)('/api/my-approval/approve', { requestid });
    expect(own.body.status).toEqual({ responsecode: CODES.OWN_REQUEST, responsemessage: 'You cannot approve or reject your own request' });
    const ownReject = await as(admin)('/api/my-approval/reject', { requestid, reason: 'Mine' });
    expect(ownReject.body.status.responsecode).toBe(CODES.OWN_REQUEST);
    expect((await requestOf(requestid)).status).toBe('PENDING');
  });

  it('approving applies the change through the same write, once, with the user log', async () => {
    const [{ requestid }] = await server.database.db.selectFrom('approval_request').select('requestid').where('recordkey', '=', 'QZ_APPR.UPDATE').execute();
    const approved = await as(checker)('/api/my-approval/approve', { requestid });
    expect(approved.body.status).toEqual({ responsecode: '0000', responsemessage: 'The request has been approved' });
    expect((await config('QZ_APPR.UPDATE')).body.result).toMatchObject({ value: '12', updatedby: 'checker' });
    expect(await requestOf(requestid)).toMatchObject({ status: 'APPROVED', decidedby: 'checker', reason: null });
    const [update] = await userLog('GENCONF', 'UPDATE', 'QZ_APPR.UPDATE');
    expect(JSON.parse(update!.beforevalue!).value).toBe('11');
    expect(JSON.parse(update!.aftervalue!).value).toBe('12');
    expect(await userLog('MYAPPR', 'APPROVE', String(requestid))).toHaveLength(1);
    const again = await as(checker)('/api/my-approval/approve', { requestid });
    expect(again.body.status).toEqual({ responsecode: CODES.ALREADY_DECIDED, responsemessage: 'This request has already been approved' });
    expect((await queue(checker, { record: '%QZ_APPR.UPDATE%' })).body.paging!.totalrecord).toBe(0);
  });

  it('rejecting needs a reason, and changes nothing', async () => {
    await newKey('QZ_APPR.DELETE');
    const asked = await as(admin)('/api/general-config/delete', { key: 'QZ_APPR.DELETE' });
    expect(asked.body.status).toEqual({ responsecode: '0000', responsemessage: SUBMITTED_TO_CHECKERS });
    const { requestid } = asked.body.result;
    for (const reason of [undefined, null, '', '   ']) {
      const bare = await as(checker)('/api/my-approval/reject', reason === undefined ? { requestid } : { requestid, reason });
      expect(bare.body.status, String(reason)).toEqual({ responsecode: '1002', responsemessage: 'Reason is Required' });
      expect(bare.body.result.fields).toEqual({ reason: 'Reason is Required' });
    }
    const long = await as(checker)('/api/my-approval/reject', { requestid, reason: 'x'.repeat(501) });
    expect(long.body.status.responsemessage).toBe('Reason max length 500');
    expect((await requestOf(requestid)).status).toBe('PENDING');
    const rejected = await as(checker)('/api/my-approval/reject', { requestid, reason: 'Still read by the VAT report' });
    expect(rejected.body.status).toEqual({ responsecode: '0000', responsemessage: 'The request has been rejected' });
    expect(await requestOf(requestid)).toMatchObject({ status: 'REJECTED', decidedby: 'checker', reason: 'Still read by the VAT report' });
    expect((await config('QZ_APPR.DELETE')).body.status.responsecode).toBe('0000');
    expect(await userLog('MYAPPR', 'REJECT', String(requestid))).toHaveLength(1);
    const late = await as(checker)('/api/my-approval/approve', { requestid });
    expect(late.body.status).toEqual({ responsecode: CODES.ALREADY_DECIDED, responsemessage: 'This request has already been rejected' });
  });

  it('an approved delete removes the record', async () => {
    const asked = await as(admin)('/api/general-config/delete', { key: 'QZ_APPR.DELETE' });
    const approved = await as(checker)('/api/my-approval/approve', { requestid: asked.body.result.requestid });
    expect(approved.body.status.responsecode).toBe('0000');
    expect((await config('QZ_APPR.DELETE')).body.status.responsecode).toBe('1004');
  });

  it('refuses to approve a request whose record changed meanwhile, changing nothing', async () => {
    await newKey('QZ_APPR.STALE', 'v1');
    const requestid = await requestUpdate('QZ_APPR.STALE', 'v2');
    // Another process (a domain job, another app server's domain code) changes the record meanwhile.
    await (server.database.db as never as import('kysely').Kysely<any>).updateTable('general_config').set({ value: 'v1b' }).where('key', '=', 'QZ_APPR.STALE').execute();
    const detail = await as(checker)('/api/my-approval/detail', { requestid });
    expect(detail.body.result.changes).toEqual([{ field: 'value', label: 'Value', current: 'v1b', proposed: 'v2' }]);
    const stale = await as(checker)('/api/my-approval/approve', { requestid });
    expect(stale.body.status).toEqual({
      responsecode: CODES.RECORD_CHANGED,
      responsemessage: 'General Configuration "QZ_APPR.STALE" has changed since the request was made: reject this request and ask for a new one',
    });
    expect((await config('QZ_APPR.STALE')).body.result.value).toBe('v1b');
    expect((await requestOf(requestid)).status).toBe('PENDING');
    expect(await userLog('MYAPPR', 'APPROVE', String(requestid))).toHaveLength(0);
  });

  it('of two approvals at the same moment only one applies', async () => {
    await newKey('QZ_APPR.RACE', 'r1');
    const requestid = await requestUpdate('QZ_APPR.RACE', 'r2');
    const answers = await Promise.all([1, 2, 3].map(() => as(checker)('/api/my-approval/approve', { requestid })));
    const codes = answers.map((a) => a.body.status.responsecode).sort();
    expect(codes).toEqual(['0000', CODES.ALREADY_DECIDED, CODES.ALREADY_DECIDED]);
    expect(await userLog('GENCONF', 'UPDATE', 'QZ_APPR.RACE')).toHaveLength(1);
    expect(await userLog('MYAPPR', 'APPROVE', String(requestid))).toHaveLength(1);
  });

  it('guards each page by its own menu codes, and shows a page only its menus\' requests', async () => {
    await newKey('QZ_APPR.GUARD');
    const requestid = await requestUpdate('QZ_APPR.GUARD', 'after');
    // The branch role has no approval grant: 403 to list and to decide.
    expect((await queue(branch)).http).toBe(403);
    const forbidden = await as(branch)('/api/my-approval/approve', { requestid });
    expect(forbidden.http).toBe(403);
    expect(forbidden.body.status.responsecode).toBe(CODES.FORBIDDEN);
    // Approval Buy Mileage lists member buy-mileage requests only: this one is not its to see or decide.
    const other = await as(checker)('/api/approval-buy-mileage/approve', { requestid });
    expect(other.body.status).toEqual({ responsecode: '1004', responsemessage: `Approval request "${requestid}" was not found` });
    expect((await as(checker)('/api/approval-buy-mileage/list', undefined, { paging: { limit: 10, page: 1 } })).body.paging!.totalrecord).toBe(0);
    expect((await requestOf(requestid)).status).toBe('PENDING');
  });

  describe('the record a request is about, by its name', () => {
    const any = () => server.database.db as unknown as import('kysely').Kysely<any>;
    /** An active member of the test's own, with one card. */
    async function member(memberid: string, card: string, firstname: string, lastname: string) {
      const at = new Date().toISOString();
      await any().insertInto('member').values({ memberid, cardnumber: card, firstname, lastname, memberfullname: `${firstname} ${lastname}`, gender: 'FEMALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
      await any().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: at.slice(0, 10) }).execute();
    }
    const NAME = 'Sari Wulandari 9710000001 into Sari Wulan 9710000002';
    let requestid: number;
    let recordkey: string;

    beforeAll(async () => {
      await member('QZRN000001', '9710000001', 'Sari', 'Wulandari');
      await member('QZRN000002', '9710000002', 'Sari', 'Wulan');
      // Merging Account names its records '{frommembername} {fromcardnumber} into {intomembername} {intocardnumber}'.
      const asked = await as(admin)('/api/account-merge/create', { fromcardnumber: '9710000001', intocardnumber: '9710000002', reason: 'One person, two cards' });
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual({ responsecode: '0000', responsemessage: SUBMITTED_TO_CHECKERS });
      requestid = asked.body.result.requestid;
      recordkey = (await requestOf(requestid)).recordkey;
    });

    it('stores the name with the request and shows it before the key, in the list and the detail', async () => {
      expect(await requestOf(requestid)).toMatchObject({ resource: 'account-merge', recordname: NAME });
      const [row] = (await queue(checker, { record: recordkey })).body.result;
      expect(row).toMatchObject({ requestid, menucode: 'MERACC', record: `${NAME} (${recordkey})`, recordkey });
      expect((await as(checker)('/api/my-approval/detail', { requestid })).body.result.record).toBe(`${NAME} (${recordkey})`);
    });

    it('finds it by a piece of its name, in any case, as by its key', async () => {
      for (const text of ['wulandari 97', 'SARI WULAN', '%into Sari%']) {
        const found = await queue(checker, { record: text });
        expect(found.body.result.map((r: { requestid: number }) => r.requestid), text).toEqual([requestid]);
      }
      expect((await queue(checker, { record: 'Wulandari Putri' })).body.paging!.totalrecord).toBe(0);
      // Sorted by the name it shows ('Sari …' after the configuration keys 'QZ_APPR.…').
      for (const direction of ['asc', 'desc'] as const) {
        const sorted = await as(checker)('/api/my-approval/list', undefined, { paging: { limit: 100, page: 1 }, parameter: { sort: { record: direction } } });
        const ids = sorted.body.result.map((r: { requestid: number }) => r.requestid);
        const keys = sorted.body.result.flatMap((r: { requestid: number; record: string }, i: number) => (r.record.startsWith('QZ_APPR.') ? [i] : []));
        expect(keys.length, direction).toBeGreaterThan(0);
        const at = ids.indexOf(requestid);
        expect(keys.every((i: number) => (direction === 'asc' ? i < at : i > at)), direction).toBe(true);
      }
    });

    it('keeps the name it was asked under when the member is renamed later', async () => {
      await any().updateTable('member').set({ lastname: 'Putri', memberfullname: 'Sari Putri' }).where('memberid', '=', 'QZRN000001').execute();
      const [row] = (await queue(checker, { record: 'wulandari' })).body.result;
      expect(row).toMatchObject({ requestid, record: `${NAME} (${recordkey})` });
      expect((await queue(checker, { record: 'Sari Putri' })).body.paging!.totalrecord).toBe(0);
    });

    it('shows the key alone for a request stored before requests kept a name', async () => {
      await any().updateTable('approval_request').set({ recordname: null }).where('requestid', '=', requestid).execute();
      const [row] = (await queue(checker, { record: recordkey })).body.result;
      expect(row).toMatchObject({ requestid, record: recordkey });
      expect((await as(checker)('/api/my-approval/reject', { requestid, reason: 'Asked in a test' })).body.status.responsecode).toBe('0000');
    });
  });

  it('answers bad input with clear envelopes', async () => {
    const cases: [string, unknown, number, string][] = [
      ['/api/my-approval/approve', { requestid: 'one' }, 400, '1001'],
      ['/api/my-approval/approve', {}, 400, '1001'],
      ['/api/my-approval/approve', { requestid: 1, extra: true }, 400, '1001'],
      ['/api/my-approval/reject', { requestid: 1, reason: 7 }, 400, '1001'],
      ['/api/my-approval/approve', { requestid: 999_999 }, 200, '1004'],
    ];
    for (const [path, data, http, code] of cases) {
      const answer = await as(checker)(path, data);
      expect([answer.http, answer.body.status.responsecode], `${path} ${JSON.stringify(data)}`).toEqual([http, code]);
      expect(answer.text).not.toMatch(/select|insert|stack|at \w+ \(/i);
    }
    const criteria = await queue(checker, { requestedby: { $ne: 'x' } });
    expect([criteria.http, criteria.body.status.responsecode]).toEqual([400, '1001']);
    const unknown = await queue(checker, { beforevalue: '%1%' });
    expect(unknown.body.status.responsemessage).toBe('Invalid request: cannot search by "beforevalue"');
    const sort = await as(checker)('/api/my-approval/list', undefined, { parameter: { sort: { 'requestdate; drop table x': 'asc' } } });
    expect(sort.body.status.responsemessage).toBe('Invalid request: cannot sort by "requestdate; drop table x"');
    const range = await queue(checker, { requestdate: ['2026-01-01', 'tomorrow'] });
    expect(range.body.status.responsemessage).toBe('Invalid request: criteria.requestdate must be a [from, to] pair of dates (YYYY-MM-DD)');
  });
});
