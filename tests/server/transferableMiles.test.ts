// Miles a custom transaction type not valid for transfer credited stay with the member, on both
// databases: the transferable balance is the balance less what is left of those lots; Transfer Mileage shows it
// on its summary and refuses more on the miles field, a transfer takes only transferable lots (whatever expires
// first), spending takes any lot, a merge keeps the lots' kind, and the ledger check stays clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, credit, LedgerError, transfer, transferableMiles, TRX_TYPES } from '../../server/ledger/ledgerStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { definitionDb } from '../../server/platform/db/definitionDb';

describe.each(testDatabases)('transferable miles on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let checker: string;
  let seq = 0;
  const as = (token: string) => (path: string, data?: unknown) => server.call(path, data, { token });
  const db = () => server.database.db;
  const any = () => definitionDb(server.database.db);
  const suffix = target.name === 'sqlite' ? 'S' : 'P';

  async function member(awardmiles: number): Promise<{ memberid: string; card: string }> {
    seq += 1;
    const memberid = `TM${suffix}${String(seq).padStart(6, '0')}`;
    const card = `97${target.name === 'sqlite' ? 1 : 2}${String(Date.now()).slice(-6)}${String(seq).padStart(4, '0')}`;
    const at = new Date().toISOString();
    await any().insertInto('member').values({ memberid, cardnumber: card, firstname: 'Transfer', lastname: `Member${seq}`, gender: 'MALE', status: 'ACTIVE', email: null, username: card, passwordhash: null, emailverified: 0, createddate: at, updateddate: at }).execute();
    await db().insertInto('member_card').values({ cardnumber: card, memberid, membershipid: 'FFP', tierid: 'BLUE', status: 'ACTIVE', issuedate: at.slice(0, 10) }).execute();
    if (awardmiles > 0) await db().transaction().execute((trx) => credit(trx, { memberid, trxtype: TRX_TYPES.EARNING, activitydate: at.slice(0, 10), awardmiles, user: 'test', now: new Date() }));
    return { memberid, card };
  }
  /** Posts a custom transaction through Correction Transaction and its approval. */
  async function custom(card: string, code: string, awardmiles: number, direction = 'CREDIT') {
    const asked = await as(admin)('/api/correction-transaction/create', { cardnumber: card, customtrxcode: code, direction, awardmiles, tiermiles: 0, segments: 0, activitydate: new Date().toISOString().slice(0, 10), reason: 'Goodwill' });
    expect(asked.body.status.responsecode, JSON.stringify(asked.body)).toBe('0000');
    const approved = await as(checker)('/api/my-approval/approve', { requestid: asked.body.result.requestid });
    expect(approved.body.status.responsecode, JSON.stringify(approved.body)).toBe('0000');
  }
  const lots = (memberid: string) => db().selectFrom('ledger_lot').select(['awardmiles', 'remaining', 'transferable']).where('memberid', '=', memberid).orderBy('lotid').execute();
  const checkStep = (values: Record<string, unknown>) => as(admin)('/api/transfer-mileage/check', values);
  const submit = (values: Record<string, unknown>) => as(admin)('/api/transfer-mileage/transfer', { transfer: values });

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0' });
    admin = (await server.login('admin')).body.result.bearer;
    checker = (await server.login('checker')).body.result.bearer;
    // Corrections here are a maker's, waiting for the checker: the admin role without Correction Transaction's post-without-approval function.
    await definitionDb(server.database.db).updateTable('role_permission').set({ granted: 0 }).where('rolecode', '=', 'ADMIN').where('functioncode', '=', 'CORRTRX_POSTDIRECT').execute();
    // Two custom credit types granted to the admin role: one whose miles stay (expiring within a month), one valid for transfer.
    for (const [code, valid, months] of [[`NT${suffix}`, false, 1], [`VT${suffix}`, true, 24]] as const) {
      const made = await as(admin)('/api/custom-transaction/create', { customtrxcode: code, customtrxname: valid ? 'Partner Goodwill' : 'Service Recovery', direction: 'CREDIT', milestype: 'AWARD', maxmiles: 10_000, periodmiles: months, validfortransfer: valid });
      expect(made.body.status.responsecode, JSON.stringify(made.body)).toBe('0000');
      expect((await as(admin)('/api/custom-transaction-role/create', { rolecode: 'ADMIN', customtrxcode: code })).body.status.responsecode).toBe('0000');
    }
  });
  afterAll(async () => server?.close());

  it('keeps miles of a custom transaction not valid for transfer: summary, field message, only transferable lots taken', async () => {
    const from = await member(1_000);
    const to = await member(0);
    await custom(from.card, `NT${suffix}`, 2_000);
    await custom(from.card, `VT${suffix}`, 500);
    expect(await lots(from.memberid)).toEqual([
      { awardmiles: 1_000, remaining: 1_000, transferable: 1 },
      { awardmiles: 2_000, remaining: 2_000, transferable: 0 },
      { awardmiles: 500, remaining: 500, transferable: 1 },
    ]);
    expect(await transferableMiles(db(), from.memberid)).toEqual({ balance: 3_500, blocked: 2_000, transferable: 1_500 });

    const message = 'Only 1,500 of the 3,500 award miles can be transferred: 2,000 come from transactions not valid for transfer';
    const values = { fromcardnumber: from.card, tocardnumber: to.card, awardmiles: 1_600 };
    const refused = await checkStep(values);
    expect(refused.body.status.responsemessage).toBe(message);
    expect(refused.body.result).toMatchObject({ step: 'transfer', fields: { awardmiles: message } });
    expect((await submit(values)).body.result).toMatchObject({ step: 'transfer', fields: { awardmiles: message } });
    // Above the balance itself, the ledger's own message.
    expect((await checkStep({ ...values, awardmiles: 3_501 })).body.result.fields).toEqual({ awardmiles: 'Insufficient award miles: the balance is 3,500' });

    const checked = await checkStep({ ...values, awardmiles: 1_500 });
    expect(checked.body.result).toMatchObject({ frombalance: 3_500, fromtransferable: 1_500, awardmiles: 1_500 });
    const done = await submit({ ...values, awardmiles: 1_500 });
    expect(done.body.status.responsecode, JSON.stringify(done.body)).toBe('0000');
    expect(done.body.result).toMatchObject({ fromtransferable: 1_500 });
    // The lot not valid for transfer expires first, yet the transfer left it whole.
    expect((await lots(from.memberid)).map((l) => l.remaining)).toEqual([0, 2_000, 0]);
    expect(await transferableMiles(db(), from.memberid)).toEqual({ balance: 2_000, blocked: 2_000, transferable: 0 });
    expect(await transferableMiles(db(), to.memberid)).toEqual({ balance: 1_500, blocked: 0, transferable: 1_500 });

    // Spending takes any lot, soonest expiry first: the kept miles.
    const spend = await as(admin)('/api/correction-transaction/create', { cardnumber: from.card, direction: 'DEBIT', awardmiles: 300, tiermiles: 0, segments: 0, activitydate: new Date().toISOString().slice(0, 10), reason: 'Manual redemption' });
    expect((await as(checker)('/api/my-approval/approve', { requestid: spend.body.result.requestid })).body.status.responsecode).toBe('0000');
    expect(await transferableMiles(db(), from.memberid)).toEqual({ balance: 1_700, blocked: 1_700, transferable: 0 });
    expect(await checkLedger(db())).toEqual([]);
  });

  it('is enforced by the ledger itself, and a merge keeps the kind of each lot', async () => {
    const from = await member(100);
    const to = await member(0);
    await custom(from.card, `NT${suffix}`, 900);
    await expect(db().transaction().execute((trx) => transfer(trx, { from: from.memberid, to: to.memberid, awardmiles: 101, user: 'test', now: new Date() }))).rejects.toThrow(LedgerError);
    expect(await transferableMiles(db(), from.memberid)).toEqual({ balance: 1_000, blocked: 900, transferable: 100 });

    const asked = await as(admin)('/api/account-merge/create', { fromcardnumber: from.card, intocardnumber: to.card, reason: 'Duplicate' });
    expect((await as(checker)('/api/merging-account-approval/approve', { requestid: asked.body.result.requestid })).body.status.responsecode).toBe('0000');
    expect(await transferableMiles(db(), to.memberid)).toEqual({ balance: 1_000, blocked: 900, transferable: 100 });
    expect(await checkLedger(db())).toEqual([]);
  });
});
