// Merge requests on both databases: Suspect Duplicate's Request Merge opens the same Merging Account
// request /merging-account makes, linked to the suspect, whose status then follows the decision; one waiting
// merge per account; an approval whose account was closed or merged meanwhile fails with a message, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { recordSuspects } from '../../server/memberManagement/enrollment/duplicateCheck';
import { checkLedger, credit, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

const SUBMITTED = 'Your request has been submitted for approval';

describe.each(testDatabases)('merge requests on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  let seq = 0;
  const as = (token: string) => (path: string, data?: unknown) => server.call(path, data, { token });
  const db = () => server.database.db;
  const any = () => definitionDb(server.database.db);

  /** A member of the test's own with one card (also its member card number) and an opening balance. */
  async function member(awardmiles: number): Promise<{ memberid: string; card: string; name: string }> {
    seq += 1;
    const memberid = `MR${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `98${target.name === 'sqlite' ? 1 : 2}${String(Date.now()).slice(-6)}${String(seq).padStart(4, '0')}`;
    const at = new Date().toISOString();
    const name = `Mergetest Member${seq}`;
    await any().insertInto('member').values({ memberid, cardnumber: card, firstname: 'Mergetest', lastname: `Member${seq}`, memberfullname: name, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
    const tier = await db().selectFrom('member_card').select(['membershipid', 'tierid']).executeTakeFirst();
    await db().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: tier?.membershipid ?? 'FFP', tierid: tier?.tierid ?? 'BLUE', status: 'ACTIVE', issuedate: at.slice(0, 10) }).execute();
    if (awardmiles > 0) await db().transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: at.slice(0, 10), awardmiles, user: 'test', now: new Date() }));
    return { memberid, card, name };
  }
  /** `newer` suspected of duplicating `older` by the e-mail rule, as an enrollment records it. */
  async function suspect(newer: { memberid: string; card: string; name: string }, older: { memberid: string; card: string; name: string }) {
    await db().transaction().execute((trx) =>
      recordSuspects(
        trx,
        { memberid: newer.memberid, cardnumber: newer.card, memberfullname: newer.name, firstname: 'Mergetest', lastname: '', birthdate: null, email: 'same@example.com', idcardno: null, passportno: null },
        [{ matchedmemberid: older.memberid, matchedcardnumber: older.card, matchedmembername: older.name, matchrule: 'EMAIL', matchedvalue: 'same@example.com' }],
        'admin',
        new Date(),
      ),
    );
    return { memberid: newer.memberid, matchedmemberid: older.memberid, matchrule: 'EMAIL' };
  }
  const suspectRow = (key: { memberid: string; matchedmemberid: string }) =>
    any().selectFrom('suspect_duplicate').select(['status', 'mergeid']).where('memberid', '=', key.memberid).where('matchedmemberid', '=', key.matchedmemberid).executeTakeFirstOrThrow();
  const balance = (memberid: string) => db().selectFrom('member').select(['awardmiles', 'status']).where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const requests = () => db().selectFrom('approval_request').select(['requestid', 'status']).where('menucode', '=', 'MERACC').execute();
  const requestMerge = (fromcardnumber: string, intocardnumber: string) => as(admin)('/api/account-merge/create', { fromcardnumber, intocardnumber, reason: 'Duplicate enrollment' });
  const approve = (requestid: number) => as(checker)('/api/merging-account-approval/approve', { requestid });
  const reject = (requestid: number) => as(checker)('/api/merging-account-approval/reject', { requestid, reason: 'Not the same person' });

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
  });
  afterAll(async () => server?.close());

  describe('Request Merge on Suspect Duplicate', () => {
    it('opens a Merging Account request (newer into older), links the suspect, and the suspect follows the approval', async () => {
      const older = await member(1_000);
      const newer = await member(500);
      const key = await suspect(newer, older);
      const before = (await requests()).length;

      const noReason = await as(admin)('/api/suspect-duplicate/merge-request', key);
      expect(noReason.body.result?.fields).toEqual({ reason: 'Reason is Required' });
      expect(await suspectRow(key)).toEqual({ status: 'OPEN', mergeid: null });
      expect(await requests()).toHaveLength(before);

      const asked = await as(admin)('/api/suspect-duplicate/merge-request', { ...key, reason: 'Same e-mail, same person' });
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual({ responsecode: '0000', responsemessage: expect.stringMatching(new RegExp(`^${SUBMITTED}\\. It can be approved by: .+$`)) });
      const { requestid, mergeid } = asked.body.result as { requestid: number; mergeid: string };
      expect(await suspectRow(key)).toEqual({ status: 'MERGE_REQUESTED', mergeid });
      const request = await db().selectFrom('approval_request').selectAll().where('requestid', '=', requestid).executeTakeFirstOrThrow();
      expect(request).toMatchObject({ menucode: 'MERACC', action: 'create', resource: 'account-merge', recordkey: mergeid, status: 'PENDING', requestedby: 'admin' });
      expect(JSON.parse(request.requestdata)).toMatchObject({ fromcardnumber: newer.card, intocardnumber: older.card, reason: 'Same e-mail, same person' });
      expect(JSON.parse(request.proposedvalue!)).toMatchObject({ frommemberid: newer.memberid, intomemberid: older.memberid, awardmiles: 500 });
      const queue = await as(checker)('/api/merging-account-approval/list', undefined);
      expect(queue.body.result.some((r: { requestid: number }) => r.requestid === requestid)).toBe(true);
      const listed = await server.call('/api/suspect-duplicate/list', undefined, { token: admin, paging: { limit: 10, page: 1 }, parameter: { criteria: { mergeid } } });
      expect(listed.body.result).toEqual([expect.objectContaining({ memberid: newer.memberid, status: 'MERGE_REQUESTED', mergeid })]);

      // Asked once: a second Request Merge (or Not Duplicate) of the same suspect is refused and stores nothing.
      const again = await as(admin)('/api/suspect-duplicate/merge-request', { ...key, reason: 'Again' });
      expect(again.body.status.responsecode).toBe(CODES.ALREADY_DECIDED);
      expect((await as(admin)('/api/suspect-duplicate/not-duplicate', key)).body.status.responsecode).toBe(CODES.ALREADY_DECIDED);
      expect(await requests()).toHaveLength(before + 1);

      const approved = await approve(requestid);
      expect(approved.body.status.responsecode, JSON.stringify(approved.body)).toBe('0000');
      expect(await suspectRow(key)).toEqual({ status: 'MERGED', mergeid });
      expect(await balance(newer.memberid)).toEqual({ awardmiles: 0, status: 'CLOSED' });
      expect(await balance(older.memberid)).toEqual({ awardmiles: 1_500, status: 'ACTIVE' });
      const logged = await db().selectFrom('user_log').select(['legend', 'aftervalue']).where('module', '=', 'SUSPDUP').where('recordkey', '=', `${key.memberid}|${key.matchedmemberid}|EMAIL`).orderBy('logid').execute();
      expect(logged.map((l) => [l.legend, JSON.parse(l.aftervalue!).status])).toEqual([
        ['MERGE-REQUEST', 'MERGE_REQUESTED'],
        ['APPROVE', 'MERGED'],
      ]);
      expect(await checkLedger(db())).toEqual([]);
    });

    it('marks the suspect Merge Rejected when the request is rejected, moving nothing', async () => {
      const older = await member(100);
      const newer = await member(200);
      const key = await suspect(newer, older);
      const asked = await as(admin)('/api/suspect-duplicate/merge-request', { ...key, reason: 'Looks the same' });
      expect(asked.body.status.responsecode, JSON.stringify(asked.body)).toBe('0000');
      expect((await reject(asked.body.result.requestid)).body.status.responsecode).toBe('0000');
      expect(await suspectRow(key)).toEqual({ status: 'MERGE_REJECTED', mergeid: asked.body.result.mergeid });
      expect(await balance(newer.memberid)).toEqual({ awardmiles: 200, status: 'ACTIVE' });
    });

    it('answers the merge check on a suspect whose account is closed, leaving the suspect open and no request', async () => {
      const older = await member(0);
      const newer = await member(0);
      const key = await suspect(newer, older);
      await db().updateTable('member').set({ status: 'CLOSED' }).where('memberid', '=', older.memberid).execute();
      const before = (await requests()).length;
      const answer = await as(admin)('/api/suspect-duplicate/merge-request', { ...key, reason: 'Same person' });
      expect(answer.body.status.responsemessage).toBe(`The account of card number "${older.card}" is closed`);
      expect(await suspectRow(key)).toEqual({ status: 'OPEN', mergeid: null });
      expect(await requests()).toHaveLength(before);
    });
  });

  describe('one waiting merge per account', () => {
    it('refuses a second merge request naming either account while the first waits, on that field', async () => {
      const x = await member(100);
      const y = await member(0);
      const z = await member(0);
      const first = await requestMerge(x.card, y.card);
      expect(first.body.status.responsecode, JSON.stringify(first.body)).toBe('0000');
      const mergeid = (await db().selectFrom('approval_request').select('recordkey').where('requestid', '=', first.body.result.requestid).executeTakeFirstOrThrow()).recordkey;
      const before = (await requests()).length;

      const sameFrom = await requestMerge(x.card, z.card);
      expect(sameFrom.body.status.responsecode).toBe(CODES.APPROVAL_PENDING);
      expect(sameFrom.body.result.fields).toEqual({ fromcardnumber: `Card number "${x.card}" is already in merge request ${mergeid}, waiting for approval` });
      const sameInto = await requestMerge(z.card, y.card);
      expect(sameInto.body.result.fields).toEqual({ intocardnumber: `Card number "${y.card}" is already in merge request ${mergeid}, waiting for approval` });
      const crossed = await requestMerge(z.card, x.card);
      expect(crossed.body.result.fields).toEqual({ intocardnumber: `Card number "${x.card}" is already in merge request ${mergeid}, waiting for approval` });
      // From Suspect Duplicate too: the suspect stays open.
      const key = await suspect(z, x);
      const fromSuspect = await as(admin)('/api/suspect-duplicate/merge-request', { ...key, reason: 'Same person' });
      expect(fromSuspect.body.result.fields).toEqual({ intocardnumber: `Card number "${x.card}" is already in merge request ${mergeid}, waiting for approval` });
      expect(await suspectRow(key)).toEqual({ status: 'OPEN', mergeid: null });
      expect(await requests()).toHaveLength(before);

      // Decided, the account is free for another request.
      expect((await reject(first.body.result.requestid)).body.status.responsecode).toBe('0000');
      expect((await requestMerge(x.card, z.card)).body.status.responsecode).toBe('0000');
    });

    it('fails the approval of a merge whose duplicate was merged elsewhere meanwhile, changing nothing', async () => {
      const dup = await member(300);
      const keep = await member(0);
      const other = await member(0);
      // Two waiting requests for one account, as two makers at the same moment could leave them.
      const first = await requestMerge(dup.card, keep.card);
      await db().updateTable('approval_request').set({ status: 'REJECTED' }).where('requestid', '=', first.body.result.requestid).execute();
      const second = await requestMerge(dup.card, other.card);
      expect(second.body.status.responsecode, JSON.stringify(second.body)).toBe('0000');
      await db().updateTable('approval_request').set({ status: 'PENDING' }).where('requestid', '=', first.body.result.requestid).execute();

      expect((await approve(second.body.result.requestid)).body.status.responsecode).toBe('0000');
      expect(await balance(other.memberid)).toEqual({ awardmiles: 300, status: 'ACTIVE' });
      // The duplicate's card now belongs to `other`: approving the first would merge `other` into `keep`.
      const refused = await approve(first.body.result.requestid);
      expect(refused.body.status.responsemessage).toBe(`The account of card number "${dup.card}" has been merged into member ${other.memberid} meanwhile`);
      expect((await db().selectFrom('approval_request').select('status').where('requestid', '=', first.body.result.requestid).executeTakeFirstOrThrow()).status).toBe('PENDING');
      expect(await balance(other.memberid)).toEqual({ awardmiles: 300, status: 'ACTIVE' });
      expect(await balance(keep.memberid)).toEqual({ awardmiles: 0, status: 'ACTIVE' });
      expect(await checkLedger(db())).toEqual([]);
    });

    it('merges two accounts enrolled on one day in one tier: the tier history keeps one row per period', async () => {
      const dup = await member(100);
      const keep = await member(0);
      const period = { membershipid: 'FFP', tierid: 'BLUE', startdate: '2026-01-05', enddate: '2027-01-04', tierreason: 'ENROLLMENT', createdby: 'test', createddate: '2026-01-05T00:00:00.000Z', updatedby: 'test', updateddate: '2026-01-05T00:00:00.000Z' };
      await any().insertInto('member_tier').values([{ ...period, memberid: dup.memberid }, { ...period, memberid: keep.memberid }, { ...period, memberid: dup.memberid, startdate: '2025-01-05' }]).execute();
      const asked = await requestMerge(dup.card, keep.card);
      const approved = await approve(asked.body.result.requestid);
      expect(approved.body.status.responsecode, JSON.stringify(approved.body)).toBe('0000');
      const history = await any().selectFrom('member_tier').select(['memberid', 'startdate']).where('memberid', 'in', [dup.memberid, keep.memberid]).orderBy('memberid').orderBy('startdate').execute();
      expect(history).toEqual([
        { memberid: dup.memberid, startdate: '2026-01-05' },
        { memberid: keep.memberid, startdate: '2025-01-05' },
        { memberid: keep.memberid, startdate: '2026-01-05' },
      ]);
    });

    it('fails the approval of a merge whose duplicate was closed meanwhile, changing nothing', async () => {
      const dup = await member(400);
      const keep = await member(0);
      const asked = await requestMerge(dup.card, keep.card);
      await db().updateTable('member').set({ status: 'CLOSED' }).where('memberid', '=', dup.memberid).execute();
      const refused = await approve(asked.body.result.requestid);
      expect(refused.body.status.responsemessage).toBe(`The account of card number "${dup.card}" is closed`);
      expect(await balance(keep.memberid)).toEqual({ awardmiles: 0, status: 'ACTIVE' });
      expect(await balance(dup.memberid)).toEqual({ awardmiles: 400, status: 'CLOSED' });
    });
  });
});
