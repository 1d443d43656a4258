// Mileage statements on both databases: the demo's sent statement is in the log with each member's
// balance; Send Statements queues a job that gives every ACTIVE member with an e-mail one statement (an
// outbox mail and a log row in one transaction, a PDF rendered from the template) whose balance, month's
// activity and expiring miles match an independent read of the ledger; sending again sends no one twice;
// an inactive statement is refused with nothing queued. Each statement mail carries the member's PDF: delivered
// over SMTP as an application/pdf part holding the file's bytes, listed and opened on the Outbox screen; a PDF
// above the attachment limit is left off with a note in the log.
import { existsSync, mkdtempSync, readFileSync, rmSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { formatMessage } from '../../engine/rules';
import { createJobWorker } from '../../server/platform/jobs/jobWorker';
import { ATTACHMENT_TEXTS, MAIL_STATUS, Mailer, SENDING_LEASE_MS, writeMail } from '../../server/platform/core/mailer';
import { reportJobHandlers } from '../../server/reports/reportJobs';
import { sendStatements, STATEMENT_TEXTS } from '../../server/reports/statementStore';
import { startTestServer, testDatabases, type TestServer } from './harness';
import { startSmtpCapture, type SmtpCapture } from './smtpCapture';
import { definitionDb } from '../../server/platform/db/definitionDb';

type Row = Record<string, any>;

describe.each(testDatabases)('mileage statements on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'alms-statements-'));
  const db = () => definitionDb(server.database.db);
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

/** The parts of a multipart message as received over SMTP: each part's headers (lower-cased names) and body. */
function mimeParts(message: string): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(message)?.[1];
  if (!boundary) return [];
  return message
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const headers: Record<string, string> = {};
      for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      return { headers, body: rest.join('\n\n') };
    });
}

describe.each(testDatabases)('statement mails carry their PDF on $name', (target) => {
  let server: TestServer;
  let smtp: SmtpCapture;
  let admin: string;
  const dir = mkdtempSync(join(tmpdir(), 'alms-statement-pdf-'));
  const db = () => definitionDb(server.database.db);
  const thisMonth = new Date().toISOString().slice(0, 7);
  const code = `STM-${thisMonth}`;
  const statementMails = async () =>
    (await db().selectFrom('mileage_statement_log as l').innerJoin('outbox as o', 'o.mailid', 'l.mailid').innerJoin('member as m', 'm.memberid', 'l.memberid').select(['l.memberid', 'm.cardnumber', 'o.mailid', 'o.mailto', 'o.status', 'o.attachments', 'l.note']).where('l.statementcode', '=', code).orderBy('l.memberid').execute()) as Row[];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(target, { DEMO_MEMBERS: '0', REPORT_DIR: dir, SMTP_URL: smtp.url });
    admin = (await server.login('admin')).body.result.bearer;
    await server.call('/api/statement/send', { statementcode: code }, { token: admin });
    await createJobWorker({ db: server.database.db, owner: 'test', handlers: reportJobHandlers, pollMs: 60_000 }).tick();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each statement mail names its PDF as one attachment, written with the mail: statement-<card>-<month>.pdf', async () => {
    const mails = await statementMails();
    expect(mails.length).toBeGreaterThan(0);
    const files = (await db().selectFrom('outbox_attachment').selectAll().where('mailid', 'in', mails.map((m) => m.mailid)).execute()) as Row[];
    expect(files.length).toBe(mails.length);
    for (const mail of mails) {
      const file = files.find((f) => f.mailid === mail.mailid)!;
      const pdf = join(dir, 'statements', code, `${mail.memberid}.pdf`);
      expect([Number(mail.attachments), mail.note, mail.status]).toEqual([1, null, MAIL_STATUS.QUEUED]);
      expect([file.filename, file.contenttype, Number(file.size), file.path]).toEqual([`statement-${mail.cardnumber}-${thisMonth}.pdf`, 'application/pdf', readFileSync(pdf).length, pdf]);
    }
  });

  it('SMTP delivery sends the PDF as an application/pdf part holding the bytes on disk, and marks the mail SENT', async () => {
    const [mail] = await statementMails();
    const mailer = new Mailer(server.config, server.database.db);
    try {
      expect(await mailer.deliverPending()).toBeGreaterThan(0);
    } finally {
      await mailer.close();
    }
    const message = smtp.received.find((r) => r.to === mail!.mailto)?.text ?? '';
    expect(message).toMatch(/^Content-Type: multipart\/mixed/im);
    const pdfPart = mimeParts(message).find((part) => part.headers['content-type']?.startsWith('application/pdf'));
    expect(pdfPart?.headers['content-disposition']).toBe(`attachment; filename=statement-${mail!.cardnumber}-${thisMonth}.pdf`);
    const bytes = Buffer.from(pdfPart!.body.replace(/\s+/g, ''), 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.equals(readFileSync(join(dir, 'statements', code, `${mail!.memberid}.pdf`)))).toBe(true);
    const after = await statementMails();
    expect(after.every((m) => m.status === MAIL_STATUS.SENT)).toBe(true);
  });

  it('two app servers delivering at once send each mail once; a claim a lost server left is taken again after its lease', async () => {
    const now = new Date();
    const to = (n: number) => `twice-${target.name}-${n}@alms.example`;
    for (let n = 0; n < 6; n++) await writeMail(server.database.db, { to: to(n), subject: 'Once', text: 'Once only', kind: 'TEST' }, MAIL_STATUS.QUEUED, now);
    // Claimed by servers that went away: one past the lease, one still within it.
    const claimed = async (n: number, agoMs: number) => {
      const mailid = await writeMail(server.database.db, { to: to(n), subject: 'Claimed', text: 'Claimed', kind: 'TEST' }, MAIL_STATUS.SENDING, now);
      await db().updateTable('outbox').set({ updateddate: new Date(now.getTime() - agoMs).toISOString() }).where('mailid', '=', mailid).execute();
      return mailid;
    };
    await claimed(6, SENDING_LEASE_MS + 60_000);
    const recent = await claimed(7, 60_000);
    const [a, b] = [new Mailer(server.config, server.database.db), new Mailer(server.config, server.database.db)];
    try {
      const sent = await Promise.all([a.deliverPending(), b.deliverPending()]);
      expect(sent[0]! + sent[1]!).toBeGreaterThanOrEqual(7);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const received = (n: number) => smtp.received.filter((r) => r.to === to(n)).length;
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(received)).toEqual([1, 1, 1, 1, 1, 1, 1, 0]);
    const rows = (await db().selectFrom('outbox').select(['mailto', 'status']).where('mailto', 'like', `twice-${target.name}-%`).orderBy('mailto').execute()) as Row[];
    expect(rows.map((r) => r.status)).toEqual([...Array(7).fill(MAIL_STATUS.SENT), MAIL_STATUS.SENDING]);
    await db().deleteFrom('outbox').where('mailid', '=', recent).execute();
  });

  it('the Outbox lists the count, shows the file in the detail, and opens the PDF through a file link', async () => {
    const [mail] = await statementMails();
    const list = await server.call('/api/outbox/list', undefined, { token: admin, paging: { limit: 10, page: 1 }, parameter: { criteria: { mailto: mail!.mailto, kind: 'STATEMENT' } } });
    expect(list.body.result.map((r: Row) => Number(r.attachments))).toContain(1);
    const detail = await server.call('/api/outbox/detail', { mailid: mail!.mailid }, { token: admin });
    expect(detail.body.result.attachedfiles).toMatch(new RegExp(`^statement-${mail!.cardnumber}-${thisMonth}\\.pdf  \\([\\d.,]+ KB, application/pdf\\)$`));
    const opened = await server.call('/api/outbox/attachment', { mailid: mail!.mailid }, { token: admin });
    expect(opened.body.status.responsecode).toBe(CODES.SUCCESS);
    const response = await fetch(server.url + opened.body.result.path);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(dir, 'statements', code, `${mail!.memberid}.pdf`)))).toBe(true);
  });

  it('refuses a mail without attachment, a bad mail id and a user without OUTBOX_DOWNLOAD, with their messages', async () => {
    const plain = (await db().selectFrom('outbox').select('mailid').where('attachments', '=', 0).limit(1).executeTakeFirstOrThrow()) as Row;
    expect((await server.call('/api/outbox/attachment', { mailid: plain.mailid }, { token: admin })).body.status).toEqual({ responsecode: CODES.NOT_FOUND, responsemessage: ATTACHMENT_TEXTS.none });
    expect((await server.call('/api/outbox/attachment', { mailid: 'x'.repeat(41) }, { token: admin })).body.status.responsecode).toBe(CODES.BAD_REQUEST);
    expect((await server.call('/api/outbox/attachment', {}, { token: admin })).body.status.responsecode).toBe(CODES.BAD_REQUEST);
    const branch = (await server.login('branch')).body.result.bearer;
    const [mail] = await statementMails();
    const refused = await server.call('/api/outbox/attachment', { mailid: mail!.mailid }, { token: branch });
    expect([refused.http, refused.body.status.responsemessage]).toEqual([403, MESSAGES.FORBIDDEN]);
  });

  it('a PDF gone from disk: opening it says so, and its delivery fails with the reason and is retried', async () => {
    const [mail] = await statementMails();
    const pdf = join(dir, 'statements', code, `${mail!.memberid}.pdf`);
    const filename = `statement-${mail!.cardnumber}-${thisMonth}.pdf`;
    renameSync(pdf, `${pdf}.away`);
    try {
      expect((await server.call('/api/outbox/attachment', { mailid: mail!.mailid }, { token: admin })).body.status).toEqual({ responsecode: CODES.NOT_FOUND, responsemessage: formatMessage(ATTACHMENT_TEXTS.missing, { filename }) });
      await db().updateTable('outbox').set({ status: MAIL_STATUS.QUEUED, attempts: 0 }).where('mailid', '=', mail!.mailid).execute();
      const mailer = new Mailer(server.config, server.database.db);
      try {
        await mailer.deliverPending();
      } finally {
        await mailer.close();
      }
      const row = (await db().selectFrom('outbox').selectAll().where('mailid', '=', mail!.mailid).executeTakeFirstOrThrow()) as Row;
      expect([row.status, Number(row.attempts)]).toEqual([MAIL_STATUS.QUEUED, 1]);
      expect(row.lasterror).toContain('ENOENT');
    } finally {
      renameSync(`${pdf}.away`, pdf);
    }
  });

  it('a PDF above the attachment limit is left off the mail with a note in the log; the run again sends no one twice', async () => {
    const other = `STM-SIZE-${target.name}`.slice(0, 20);
    const now = new Date();
    await db().insertInto('statement').values({ statementcode: other, statementname: 'Size guard', templatecode: 'MONTHLY', period: thisMonth, sentcount: 0, status: 'ACTIVE', createdby: 'test', createddate: now.toISOString(), updatedby: 'test', updateddate: now.toISOString() }).execute();
    const parameters = { statementcode: other, user: 'test', mailstatus: MAIL_STATUS.HELD, dir, attachmaxbytes: 100 };
    const first = await sendStatements(server.database.db, parameters, now, async () => undefined);
    expect(first.sent).toBeGreaterThan(0);
    const logged = (await db().selectFrom('mileage_statement_log as l').innerJoin('outbox as o', 'o.mailid', 'l.mailid').select(['l.memberid', 'l.note', 'o.attachments', 'o.mailid']).where('l.statementcode', '=', other).execute()) as Row[];
    expect(logged.length).toBe(first.sent);
    for (const row of logged) {
      const size = readFileSync(join(dir, 'statements', other, `${row.memberid}.pdf`)).length;
      expect([row.note, Number(row.attachments)]).toEqual([formatMessage(STATEMENT_TEXTS.notAttached, { size, max: 100 }), 0]);
    }
    expect(Number(((await db().selectFrom('outbox_attachment').select((eb: any) => eb.fn.countAll().as('n')).where('mailid', 'in', logged.map((r) => r.mailid)).executeTakeFirstOrThrow()) as Row).n)).toBe(0);
    expect(await sendStatements(server.database.db, parameters, now, async () => undefined)).toEqual({ sent: 0, skipped: first.sent });
  });

  it('a mail whose file cannot be read is not written, nor its attachment rows', async () => {
    const mailer = new Mailer(server.config, server.database.db);
    const before = Number(((await db().selectFrom('outbox').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n);
    await expect(
      server.database.db.transaction().execute((trx) => mailer.queue(trx, { to: 'nobody@alms.example', subject: 's', text: 't', kind: 'TEST', attachments: [{ filename: 'x.pdf', contentType: 'application/pdf', path: join(dir, 'no-such.pdf') }] }, new Date())),
    ).rejects.toThrow(/ENOENT/);
    await mailer.close();
    expect(Number(((await db().selectFrom('outbox').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as Row).n)).toBe(before);
    expect(await db().selectFrom('outbox').select('mailid').where('mailto', '=', 'nobody@alms.example').execute()).toEqual([]);
  });
});
