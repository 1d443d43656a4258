// Transfers, merges, corrections and custom transactions on both databases: the Transfer Mileage wizard's
// check and submit (limits, fee and VAT, same or inactive member), the merge and the correction as
// maker-checker creates (a field message at request time and again at approval, nothing changed when
// refused), custom transaction role grants, and the ledger check staying clean after all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { credit, checkLedger, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { transferCharge, transferLimitProblem, type TransferPolicy } from '../../server/memberManagement/memberOperations/transferRules';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

// The defaults of the configuration keys (brief and DOMAIN.md), retyped to pin them.
const POLICY: TransferPolicy = { minMiles: 500, maxMilesPerYear: 200_000, feePerMile: 150, currency: 'IDR', vatPercent: 11 };
const SUBMITTED = 'Your request has been submitted for approval';

describe('transfer rules', () => {
  it('charges the fee per mile plus VAT on the fee', () => {
    expect(transferCharge(500, POLICY)).toEqual({ fee: 75_000, vat: 8_250, total: 83_250, currency: 'IDR' });
    expect(transferCharge(1_234, { ...POLICY, feePerMile: 0.5, vatPercent: 11 })).toEqual({ fee: 617, vat: 67.87, total: 684.87, currency: 'IDR' });
  });
  it('keeps a transfer between the minimum and the yearly maximum, this transfer included', () => {
    expect(transferLimitProblem(499, 0, POLICY)).toBe('Transfer at least 500 award miles');
    expect(transferLimitProblem(500, 0, POLICY)).toBeUndefined();
    expect(transferLimitProblem(1_000, 199_000, POLICY)).toBeUndefined();
    expect(transferLimitProblem(1_001, 199_000, POLICY)).toBe('A member may transfer at most 200,000 award miles a calendar year: 199,000 transferred this year, 1,000 left');
  });
});

describe.each(testDatabases)('member operations on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  let seq = 0;
  const as = (token: string) => (path: string, data?: unknown) => server.call(path, data, { token });
  const db = () => server.database.db;
  const any = () => definitionDb(server.database.db);

  /** A member of the test's own with one card and an opening balance credited through the ledger. */
  async function member(awardmiles: number, status = 'ACTIVE', tiermiles = 0): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `T${target.name.slice(0, 1)}${String(seq).padStart(6, '0')}`;
    const card = `99${target.name === 'sqlite' ? 1 : 2}${String(Date.now()).slice(-6)}${String(seq).padStart(4, '0')}`;
    const at = new Date().toISOString();
    await db().insertInto('member').values({ memberid, firstname: 'Opstest', lastname: `Member${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
    const tier = await db().selectFrom('member_card').select(['membershipid', 'tierid']).executeTakeFirst();
    await db().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: tier?.membershipid ?? 'GA', tierid: tier?.tierid ?? 'BLUE', status: 'ACTIVE', issuedate: at.slice(0, 10) }).execute();
    if (awardmiles > 0 || tiermiles > 0) {
      await db().transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: at.slice(0, 10), awardmiles, tiermiles, user: 'test', now: new Date() }));
    }
    if (status !== 'ACTIVE') await db().updateTable('member').set({ status }).where('memberid', '=', memberid).execute();
    return { memberid, card };
  }
  const balance = async (memberid: string) => db().selectFrom('member').select(['awardmiles', 'tiermiles', 'frequency', 'status']).where('memberid', '=', memberid).executeTakeFirstOrThrow();
  const ledgerRows = (memberid: string) => db().selectFrom('ledger_transaction').selectAll().where('memberid', '=', memberid).orderBy('trxid').execute();
  const transfers = () => any().selectFrom('mileage_transfer').select('transferid').execute();
  const checkStep = (token: string, values: Record<string, unknown>) => as(token)('/api/transfer-mileage/check', values);
  const submit = (token: string, values: Record<string, unknown>) => as(token)('/api/transfer-mileage/transfer', { transfer: values });
  const approve = (requestid: number) => as(checker)('/api/my-approval/approve', { requestid });

  beforeAll(async () => {
    // The test makes its own members: no demo population.
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
    // Corrections here are a maker's, waiting for the checker: the admin role without Correction Transaction's post-without-approval function.
    await definitionDb(server.database.db).updateTable('role_permission').set({ granted: 0 }).where('rolecode', '=', 'ADMIN').where('functioncode', '=', 'CORRTRX_POSTDIRECT').execute();
  });
  afterAll(async () => server?.close());

  describe('transfer mileage', () => {
    it('prices a transfer on Next: both members, their balances, fee, VAT and total', async () => {
      const from = await member(10_000);
      const to = await member(100);
      const checked = await checkStep(admin, { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 1_000 });
      expect(checked.body.status.responsecode, JSON.stringify(checked.body)).toBe('0000');
      expect(checked.body.result).toMatchObject({
        frommemberid: from.memberid,
        frombalance: 10_000,
        tomemberid: to.memberid,
        tobalance: 100,
        awardmiles: 1_000,
        yearmiles: 0,
        fee: 150_000,
        vat: 16_500,
        total: 166_500,
        currency: 'IDR',
      });
      expect(checked.body.result.frommembername).toMatch(/^Opstest Member\d+$/);
      // Next changes nothing.
      expect((await balance(from.memberid)).awardmiles).toBe(10_000);
    });

    it('moves award miles only, with the log row and two ledger rows in one transaction', async () => {
      const from = await member(10_000, 'ACTIVE', 3_000);
      const to = await member(0);
      const done = await submit(admin, { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 2_500 });
      expect(done.body.status, JSON.stringify(done.body)).toEqual({ responsecode: '0000', responsemessage: 'Award miles have been transferred' });
      expect(done.body.result).toMatchObject({ awardmiles: 2_500, fee: 375_000, vat: 41_250, total: 416_250, transferredby: 'admin' });
      expect(await balance(from.memberid)).toMatchObject({ awardmiles: 7_500, tiermiles: 3_000 });
      expect(await balance(to.memberid)).toMatchObject({ awardmiles: 2_500, tiermiles: 0 });
      const [, out] = await ledgerRows(from.memberid);
      const [into] = await ledgerRows(to.memberid);
      expect(out).toMatchObject({ trxtype: 'TRANSFEROUT', awardmiles: -2_500, tiermiles: 0, source: `transfer:${done.body.result.transferid}` });
      expect(into).toMatchObject({ trxtype: 'TRANSFERIN', awardmiles: 2_500, tiermiles: 0, relatedtrxid: out!.trxid });
      const log = await as(admin)('/api/mileage-transfer/list', undefined);
      expect(log.body.result.some((r: { transferid: string }) => r.transferid === done.body.result.transferid)).toBe(true);
    });

    it.each([
      ['fewer miles than the minimum', (f: string, t: string) => ({ fromcardnumber: f, tocardnumber: t, awardmiles: 499 }), 'awardmiles', 'Transfer at least 500 award miles'],
      ['the same member', (f: string) => ({ fromcardnumber: f, tocardnumber: f, awardmiles: 500 }), 'tocardnumber', 'Both card numbers belong to the same member'],
      ['an unknown card', (f: string) => ({ fromcardnumber: f, tocardnumber: '9999999999999', awardmiles: 500 }), 'tocardnumber', 'Card number "9999999999999" was not found'],
      ['more miles than the balance', (f: string, t: string) => ({ fromcardnumber: f, tocardnumber: t, awardmiles: 5_001 }), 'awardmiles', 'Insufficient award miles: the balance is 5,000'],
    ])('refuses %s on its field at Next and at Submit, changing nothing', async (_name, values, field, message) => {
      const from = await member(5_000);
      const to = await member(0);
      const before = (await transfers()).length;
      const checked = await checkStep(admin, values(from.card, to.card));
      expect(checked.body.status.responsemessage).toBe(message);
      expect(checked.body.result).toMatchObject({ step: 'transfer', fields: { [field]: message } });
      const submitted = await submit(admin, values(from.card, to.card));
      expect(submitted.body.status.responsemessage).toBe(message);
      expect(submitted.body.result).toMatchObject({ step: 'transfer', fields: { [field]: message } });
      expect((await balance(from.memberid)).awardmiles).toBe(5_000);
      expect((await transfers()).length).toBe(before);
    });

    it('refuses an inactive or closed member on its card field', async () => {
      const from = await member(5_000);
      for (const status of ['SUSPENDED', 'CLOSED']) {
        const to = await member(0, status);
        const answer = await submit(admin, { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 500 });
        expect(answer.body.result.fields).toEqual({ tocardnumber: `The member of card number "${to.card}" is ${status.toLowerCase()}: only active members can transfer miles` });
      }
      expect((await balance(from.memberid)).awardmiles).toBe(5_000);
    });

    it('keeps a member within the yearly maximum, read from configuration', async () => {
      const setMax = async (value: string) => {
        const updated = await any().updateTable('general_config').set({ value }).where('key', '=', 'TRANSFER_MAX_MILES_PER_YEAR').executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) await as(admin)('/api/general-config/create', { key: 'TRANSFER_MAX_MILES_PER_YEAR', value, description: 'Transfer limit', active: true });
      };
      await setMax('1200');
      try {
        const from = await member(5_000);
        const to = await member(0);
        expect((await submit(admin, { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 700 })).body.status.responsecode).toBe('0000');
        const over = await submit(admin, { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 501 });
        expect(over.body.result?.fields, JSON.stringify(over.body)).toEqual({ awardmiles: 'A member may transfer at most 1,200 award miles a calendar year: 700 transferred this year, 500 left' });
        expect((await submit(admin, { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 500 })).body.status.responsecode).toBe('0000');
        expect((await balance(from.memberid)).awardmiles).toBe(3_800);
      } finally {
        await setMax('200000');
      }
    });

    it('is guarded by TRFMIL_CREATE', async () => {
      const answer = await server.call('/api/transfer-mileage/transfer', { transfer: {} }, { token: checker });
      expect(answer.http).toBe(403);
    });
  });

  describe('merging account', () => {
    const requestMerge = (fromcardnumber: string, intocardnumber: string, reason = 'Duplicate enrollment') => as(admin)('/api/account-merge/create', { fromcardnumber, intocardnumber, reason });

    it('answers a self-merge and a closed account on the field at request time, storing no request', async () => {
      const a = await member(1_000);
      const closed = await member(0, 'CLOSED');
      const before = await db().selectFrom('approval_request').select('requestid').execute();
      const self = await requestMerge(a.card, a.card);
      expect(self.body.status.responsemessage).toBe('An account cannot be merged into itself');
      expect(self.body.result.fields).toEqual({ intocardnumber: 'An account cannot be merged into itself' });
      const gone = await requestMerge(closed.card, a.card);
      expect(gone.body.result.fields).toEqual({ fromcardnumber: `The account of card number "${closed.card}" is closed` });
      const noReason = await as(admin)('/api/account-merge/create', { fromcardnumber: closed.card, intocardnumber: a.card });
      expect(noReason.body.result.fields).toEqual({ reason: 'Reason is Required' });
      expect(await db().selectFrom('approval_request').select('requestid').execute()).toHaveLength(before.length);
    });

    it('moves ledger, cards and balances on approval by another user, closes the duplicate, ledger check clean', async () => {
      const dup = await member(4_000, 'ACTIVE', 1_500);
      const keep = await member(1_000);
      const asked = await requestMerge(dup.card, keep.card);
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual({ responsecode: '0000', responsemessage: expect.stringMatching(new RegExp(`^${SUBMITTED}\\. It can be approved by: .+$`)) });
      const { requestid } = asked.body.result;
      // Nothing moved yet; the checker sees who and what would move.
      expect((await balance(dup.memberid)).awardmiles).toBe(4_000);
      const request = await db().selectFrom('approval_request').selectAll().where('requestid', '=', requestid).executeTakeFirstOrThrow();
      expect(JSON.parse(request.proposedvalue!)).toMatchObject({ frommemberid: dup.memberid, intomemberid: keep.memberid, awardmiles: 4_000, tiermiles: 1_500, cardsmoved: 1 });
      const listed = await as(checker)('/api/merging-account-approval/list', undefined);
      expect(listed.body.result.some((r: { requestid: number }) => r.requestid === requestid)).toBe(true);
      // Nobody approves their own request.
      const own = await as(admin)('/api/merging-account-approval/approve', { requestid });
      expect(own.body.status.responsecode).toBe(CODES.OWN_REQUEST);
      const approved = await as(checker)('/api/merging-account-approval/approve', { requestid });
      expect(approved.body.status, JSON.stringify(approved.body)).toEqual({ responsecode: '0000', responsemessage: 'The request has been approved' });
      expect(await balance(dup.memberid)).toMatchObject({ awardmiles: 0, tiermiles: 0, status: 'CLOSED' });
      expect(await balance(keep.memberid)).toMatchObject({ awardmiles: 5_000, tiermiles: 1_500, status: 'ACTIVE' });
      expect(await db().selectFrom('member_card').select('memberid').where('cardnumber', '=', dup.card).executeTakeFirstOrThrow()).toEqual({ memberid: keep.memberid });
      expect((await ledgerRows(keep.memberid)).map((r) => r.mergedfrom)).toContain(dup.memberid);
      const merged = await any().selectFrom('account_merge').selectAll().where('mergeid', '=', request.recordkey).executeTakeFirstOrThrow();
      expect(merged).toMatchObject({ frommemberid: dup.memberid, intomemberid: keep.memberid, awardmiles: 4_000, createdby: 'checker' });
      expect(await checkLedger(db())).toEqual([]);
      // The duplicate is closed now: merging it again is refused on its field.
      const again = await requestMerge(keep.card, dup.card);
      expect(again.body.result.fields).toEqual({ intocardnumber: 'An account cannot be merged into itself' });
    });

    it('re-checks at approval: an account closed meanwhile refuses the approval and changes nothing', async () => {
      const dup = await member(700);
      const keep = await member(0);
      const { requestid } = (await requestMerge(dup.card, keep.card)).body.result;
      await db().updateTable('member').set({ status: 'CLOSED' }).where('memberid', '=', keep.memberid).execute();
      const refused = await approve(requestid);
      expect(refused.body.status.responsemessage).toBe(`The account of card number "${keep.card}" is closed`);
      expect((await db().selectFrom('approval_request').select('status').where('requestid', '=', requestid).executeTakeFirstOrThrow()).status).toBe('PENDING');
      expect((await balance(dup.memberid)).awardmiles).toBe(700);
    });
  });

  describe('correction transaction', () => {
    const today = () => new Date().toISOString().slice(0, 10);
    const correct = (card: string, values: Record<string, unknown>) =>
      as(admin)('/api/correction-transaction/create', { cardnumber: card, direction: 'CREDIT', awardmiles: 0, tiermiles: 0, segments: 0, activitydate: today(), reason: 'Missing flight credit', ...values });

    it('posts a credit through the ledger on approval, with the request as its source', async () => {
      const m = await member(100);
      const asked = await correct(m.card, { awardmiles: 1_200, tiermiles: 800, segments: 1 });
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual({ responsecode: '0000', responsemessage: expect.stringMatching(new RegExp(`^${SUBMITTED}\\. It can be approved by: .+$`)) });
      expect((await balance(m.memberid)).awardmiles).toBe(100);
      const approved = await approve(asked.body.result.requestid);
      expect(approved.body.status.responsecode, JSON.stringify(approved.body)).toBe('0000');
      expect(await balance(m.memberid)).toMatchObject({ awardmiles: 1_300, tiermiles: 800, frequency: 1 });
      const row = (await ledgerRows(m.memberid)).at(-1)!;
      expect(row).toMatchObject({ trxtype: 'CORRECTION', awardmiles: 1_200, source: `approval:${asked.body.result.requestid}`, reason: 'Missing flight credit', createdby: 'checker' });
      const detail = await as(admin)('/api/correction-transaction/list', undefined);
      expect(detail.body.result.find((r: { cardnumber: string }) => r.cardnumber === m.card)).toMatchObject({ trxtype: 'CORRECTION', direction: 'CREDIT', awardmiles: 1_200 });
    });

    it('refuses a debit below zero on its field at request time, storing nothing', async () => {
      const m = await member(300);
      const before = await db().selectFrom('approval_request').select('requestid').execute();
      const asked = await correct(m.card, { direction: 'DEBIT', awardmiles: 301 });
      expect(asked.body.status).toEqual({ responsecode: '1002', responsemessage: 'Insufficient award miles: the balance is 300' });
      expect(asked.body.result.fields).toEqual({ awardmiles: 'Insufficient award miles: the balance is 300' });
      const nothing = await correct(m.card, {});
      expect(nothing.body.result.fields).toEqual({ awardmiles: 'Enter award miles, tier miles or segments' });
      const noReason = await correct(m.card, { awardmiles: 5, reason: '' });
      expect(noReason.body.result.fields).toEqual({ reason: 'Reason is Required' });
      expect(await db().selectFrom('approval_request').select('requestid').execute()).toHaveLength(before.length);
      expect((await balance(m.memberid)).awardmiles).toBe(300);
    });

    it('refuses at approval a debit the balance no longer covers, and the request stays pending', async () => {
      const m = await member(1_000);
      const asked = await correct(m.card, { direction: 'DEBIT', awardmiles: 800 });
      expect(asked.body.status.responsecode).toBe('0000');
      const spend = await correct(m.card, { direction: 'DEBIT', awardmiles: 500 });
      expect((await approve(spend.body.result.requestid)).body.status.responsecode).toBe('0000');
      const refused = await approve(asked.body.result.requestid);
      expect(refused.body.status).toEqual({ responsecode: '1002', responsemessage: 'Insufficient award miles: the balance is 500' });
      expect((await db().selectFrom('approval_request').select('status').where('requestid', '=', asked.body.result.requestid).executeTakeFirstOrThrow()).status).toBe('PENDING');
      expect((await balance(m.memberid)).awardmiles).toBe(500);
      expect(await checkLedger(db())).toEqual([]);
    });
  });

  describe('custom transactions', () => {
    it('post only for a role granted the type, within its direction, miles type and maximum', async () => {
      const code = `GW${target.name.slice(0, 2).toUpperCase()}`;
      const made = await as(admin)('/api/custom-transaction/create', { customtrxcode: code, customtrxname: 'Goodwill', direction: 'CREDIT', milestype: 'AWARD', maxmiles: 2_000, periodmiles: 12, validfortransfer: false });
      expect(made.body.status.responsecode, JSON.stringify(made.body)).toBe('0000');
      const m = await member(0);
      const post = (values: Record<string, unknown>) =>
        as(admin)('/api/correction-transaction/create', { cardnumber: m.card, customtrxcode: code, direction: 'CREDIT', awardmiles: 1_000, tiermiles: 0, segments: 0, activitydate: '2026-01-15', reason: 'Goodwill for a delay', ...values });

      const ungranted = await post({});
      expect(ungranted.body.status).toEqual({ responsecode: CODES.FORBIDDEN, responsemessage: `Your role may not post custom transaction "${code}"` });
      expect(ungranted.body.result.fields).toEqual({ customtrxcode: `Your role may not post custom transaction "${code}"` });

      const granted = await as(admin)('/api/custom-transaction-role/create', { rolecode: 'ADMIN', customtrxcode: code });
      expect(granted.body.status.responsecode, JSON.stringify(granted.body)).toBe('0000');
      expect((await post({ direction: 'DEBIT' })).body.result.fields).toEqual({ direction: 'Custom transaction "Goodwill" is a credit' });
      expect((await post({ tiermiles: 10 })).body.result.fields).toEqual({ tiermiles: 'Custom transaction "Goodwill" posts award miles only' });
      expect((await post({ awardmiles: 2_001 })).body.result.fields).toEqual({ awardmiles: 'Custom transaction "Goodwill" posts at most 2,000 miles a transaction' });

      const asked = await post({});
      expect(asked.body.status, JSON.stringify(asked.body)).toEqual({ responsecode: '0000', responsemessage: expect.stringMatching(new RegExp(`^${SUBMITTED}\\. It can be approved by: .+$`)) });
      // The checker's own role holds no grant: the maker's role is the one checked.
      expect((await approve(asked.body.result.requestid)).body.status.responsecode).toBe('0000');
      const row = (await ledgerRows(m.memberid)).at(-1)!;
      expect(row).toMatchObject({ trxtype: 'CUSTOM', awardmiles: 1_000, expirydate: '2027-01-15' });

      // A revoked grant stops the next request.
      await as(admin)('/api/custom-transaction-role/deactivate', { rolecode: 'ADMIN', customtrxcode: code });
      expect((await post({})).body.status.responsecode).toBe(CODES.FORBIDDEN);
      expect(await checkLedger(db())).toEqual([]);
    });
  });
});
