// Mileage statements on both databases (issue 17): the demo's sent statement is in the log with each member's
// balance; Send Statements queues a job that gives every ACTIVE member with an e-mail one statement (an
// outbox mail and a log row in one transaction, a PDF rendered from the template) whose balance, month's
// activity and expiring miles match an independent read of the ledger; sending again sends no one twice;
// an inactive statement is refused with nothing queued.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../engine/api/responseCodes';
import { createJobWorker } from '../../server/jobs/jobWorker';
import { reportJobHandlers } from '../../server/reports/reportJobs';
import { startTestServer, testDatabases, type TestServer } from './harness';

type Row = Record<string, any>;

describe.each(testDatabases)('mileage statements on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'alms-statements-'));
  const db = () => server.database.db as unknown as Kysely<any>;
  const count = async (table: string, where: [string, string][] = []) => {
    let q = db().selectFrom(table).select((eb: any) => eb.fn.countAll().as('n'));
    for (const [c, v] of where) q = q.where(c, '=', v);
    return Number(((await q.executeTakeFirstOrThrow()) as Row).n);
  };
  const thisMonth = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    server = await startTestServer(target, { DEMO_MEMBERS: '0', REPORT_DIR: dir });
    admin = (await server.login('admin')).body.result.bearer;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the demo's last month statement is logged with each member's balance and an outbox mail", async () => {
    const logged = (await db().selectFrom('mileage_statement_log as l').innerJoin('member as m', 'm.memberid', 'l.memberid').innerJoin('outbox as o', 'o.mailid', 'l.mailid').select(['l.balance', 'm.awardmiles', 'o.kind', 'o.mailto', 'l.email']).execute()) as Row[];
    expect(logged.length).toBeGreaterThan(0);
    for (const r of logged) expect([Number(r.balance), r.kind, r.mailto]).toEqual([Number(r.awardmiles), 'STATEMENT', r.email]);
  });

  it('Send Statements gives every active member with an e-mail one statement matching the ledger; again sends no one twice', async () => {
    const code = `STM-${thisMonth}`;
    const eligible = await db().selectFrom('member').select(['memberid', 'awardmiles']).where('status', '=', 'ACTIVE').where('email', 'is not', null).where('email', '<>', '').execute();
    const mailsBefore = await count('outbox', [['kind', 'STATEMENT']]);
    const answer = await server.call('/api/statement/send', { statementcode: code }, { token: admin });
    expect(answer.body.status).toEqual({ responsecode: CODES.SUCCESS, responsemessage: `Statements of Mileage Statement ${thisMonth} are being sent` });
    const worker = createJobWorker({ db: server.database.db, owner: 'test', handlers: reportJobHandlers, pollMs: 60_000 });
    expect(await worker.tick()).toBe(1);
    expect(await count('mileage_statement_log', [['statementcode', code]])).toBe(eligible.length);
    expect(await count('outbox', [['kind', 'STATEMENT']])).toBe(mailsBefore + eligible.length);
    expect(Number(((await db().selectFrom('statement').select('sentcount').where('statementcode', '=', code).executeTakeFirstOrThrow()) as Row).sentcount)).toBe(eligible.length);

    // One member with activity this month, checked against the ledger read here.
    const active = (await db().selectFrom('ledger_transaction as t').innerJoin('mileage_statement_log as l', 'l.memberid', 't.memberid').select('t.memberid').where('l.statementcode', '=', code).where('t.activitydate', '>=', `${thisMonth}-01`).limit(1).executeTakeFirst()) as Row | undefined;
    const memberid = String(active?.memberid ?? eligible[0]!.memberid);
    const log = (await db().selectFrom('mileage_statement_log').selectAll().where('statementcode', '=', code).where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
    const member = (await db().selectFrom('member').select('awardmiles').where('memberid', '=', memberid).executeTakeFirstOrThrow()) as Row;
    expect(Number(log.balance)).toBe(Number(member.awardmiles));
    const [y, m] = thisMonth.split('-').map(Number);
    const from = new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(y!, m! + 3, 1)).toISOString().slice(0, 10);
    const lots = (await db().selectFrom('ledger_lot').select(['remaining', 'expirydate']).where('memberid', '=', memberid).execute()) as Row[];
    expect(Number(log.expiring)).toBe(lots.filter((l) => Number(l.remaining) > 0 && l.expirydate >= from && l.expirydate < to).reduce((n, l) => n + Number(l.remaining), 0));
    const mail = (await db().selectFrom('outbox').selectAll().where('mailid', '=', log.mailid).executeTakeFirstOrThrow()) as Row;
    expect(mail.subject).toBe(`Your mileage statement for ${thisMonth}`);
    expect(mail.body).toContain(`Award miles balance: ${Number(member.awardmiles).toLocaleString('en-US')}`);
    const rows = (await db().selectFrom('ledger_transaction').select('reason').where('memberid', '=', memberid).where('activitydate', '>=', `${thisMonth}-01`).where('activitydate', '<=', `${thisMonth}-31`).execute()) as Row[];
    for (const r of rows) expect(mail.body).toContain(String(r.reason ?? ''));
    const pdf = join(dir, 'statements', code, `${memberid}.pdf`);
    expect(existsSync(pdf)).toBe(true);
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Sent again: the job finds everyone in the log.
    await server.call('/api/statement/send', { statementcode: code }, { token: admin });
    expect(await worker.tick()).toBe(1);
    expect(await count('mileage_statement_log', [['statementcode', code]])).toBe(eligible.length);
    expect(await count('outbox', [['kind', 'STATEMENT']])).toBe(mailsBefore + eligible.length);
  });

  it('an inactive statement is refused and nothing is queued', async () => {
    const code = `STM-${thisMonth}`;
    await db().updateTable('statement').set({ status: 'INACTIVE' }).where('statementcode', '=', code).execute();
    const jobs = await count('job');
    const answer = await server.call('/api/statement/send', { statementcode: code }, { token: admin });
    expect(answer.body.status).toEqual({ responsecode: CODES.VALIDATION, responsemessage: 'Only an active statement with an active template can be sent' });
    expect(await count('job')).toBe(jobs);
    await db().updateTable('statement').set({ status: 'ACTIVE' }).where('statementcode', '=', code).execute();
  });
});
