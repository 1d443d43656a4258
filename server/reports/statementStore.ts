// Monthly mileage statements: a Statement row (Catalog › Statement: its month and template) is sent
// by its Send action as a job; the job goes through the ACTIVE members with an e-mail a page at a time and,
// for each, reads the balance, the month's ledger activity and the miles expiring in the template's next
// months, renders the statement to PDF from the template (kept under the report directory), and writes the
// e-mail with the PDF attached to the outbox and the Mileage Statement Log row in one transaction. A PDF above
// the mail attachment limit is left off the mail, the log row saying so. A member already in the log for this
// statement is skipped, so a job taken again after its server died sends no one twice.
import { mkdirSync, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Schema } from '../platform/db/schema';
import { MAIL_STATUS, writeMail, type MailAttachment } from '../platform/core/mailer';
import { formatMessage } from '../../engine/rules';
import * as moduleTexts from './texts.json';

type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

export const STATEMENT_JOB = 'statement';
export const STATEMENT_MAIL_KIND = 'STATEMENT';
const PAGE = 200;

/** Not in spec: the messages of Send Statements and the statement's own lines. */
export const STATEMENT_TEXTS = moduleTexts.statement;

export const STATEMENT_PDF_TYPE = 'application/pdf';

export interface StatementJobParameters {
  statementcode: string;
  user: string;
  /** QUEUED when the server has SMTP, HELD otherwise (as the Mailer writes it). */
  mailstatus: string;
  dir: string;
  /** The largest PDF the mail carries (the server's MAIL_ATTACHMENT_MAX_BYTES when the statement was sent; a job queued before it existed attaches every PDF). */
  attachmaxbytes?: number;
}

const miles = (n: unknown) => Number(n ?? 0).toLocaleString('en-US');

/** The month after YYYY-MM, as YYYY-MM. */
function nextMonth(month: string, add = 1): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + add, 1));
  return d.toISOString().slice(0, 7);
}

export interface MemberStatement {
  memberid: string;
  cardnumber: string;
  memberfullname: string;
  email: string;
  tierid: string;
  balance: number;
  activity: { activitydate: string; trxtype: string; reason: string; awardmiles: number }[];
  expiring: { month: string; miles: number }[];
}

/** One member's statement of a month: balance, the month's ledger rows, and what expires month by month. */
export async function memberStatement(db: Kysely<Schema>, member: Row, period: string, months: number): Promise<MemberStatement> {
  const any = db as unknown as AnyDb;
  const activity = (await any
    .selectFrom('ledger_transaction')
    .select(['activitydate', 'trxtype', 'reason', 'awardmiles'])
    .where('memberid', '=', member.memberid)
    .where('activitydate', '>=', `${period}-01`)
    .where('activitydate', '<=', `${period}-31`)
    .orderBy('activitydate')
    .orderBy('trxid')
    .execute()) as Row[];
  const from = `${nextMonth(period)}-01`;
  const to = `${nextMonth(period, months + 1)}-01`;
  const lots = (await any
    .selectFrom('ledger_lot')
    .select(['expirydate', 'remaining'])
    .where('memberid', '=', member.memberid)
    .where('remaining', '>', 0)
    .where('expirydate', '>=', from)
    .where('expirydate', '<', to)
    .execute()) as Row[];
  const byMonth = new Map<string, number>();
  for (const lot of lots) byMonth.set(String(lot.expirydate).slice(0, 7), (byMonth.get(String(lot.expirydate).slice(0, 7)) ?? 0) + Number(lot.remaining));
  return {
    memberid: String(member.memberid),
    cardnumber: String(member.cardnumber ?? ''),
    memberfullname: `${String(member.firstname ?? '')} ${String(member.lastname ?? '')}`.trim(),
    email: String(member.email),
    tierid: String(member.tierid ?? ''),
    balance: Number(member.awardmiles ?? 0),
    activity: activity.map((r) => ({ activitydate: String(r.activitydate), trxtype: String(r.trxtype), reason: String(r.reason ?? ''), awardmiles: Number(r.awardmiles) })),
    expiring: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([month, n]) => ({ month, miles: n })),
  };
}

/** The PDF's name on the member's mail: statement-<card number>-<YYYY-MM>.pdf. */
export const statementFilename = (s: Pick<MemberStatement, 'cardnumber' | 'memberid'>, period: string): string => `statement-${s.cardnumber || s.memberid}-${period}.pdf`;

/** The template's placeholders: {memberfullname}, {cardnumber}, {tierid}, {month}, {balance}. */
const fill = (text: string, s: MemberStatement, period: string) => formatMessage(text, { memberfullname: s.memberfullname, cardnumber: s.cardnumber, tierid: s.tierid, month: period, balance: miles(s.balance) });

/** The statement as the e-mail's text. */
export function statementText(template: Row, s: MemberStatement, period: string, months: number): string {
  const lines = [fill(String(template.greeting), s, period), '', formatMessage(STATEMENT_TEXTS.balance, { miles: miles(s.balance) }), '', formatMessage(STATEMENT_TEXTS.activity, { month: period })];
  if (s.activity.length === 0) lines.push(`  ${STATEMENT_TEXTS.noActivity}`);
  for (const a of s.activity) lines.push(`  ${a.activitydate}  ${a.trxtype.padEnd(12)} ${miles(a.awardmiles).padStart(10)}  ${a.reason}`);
  lines.push('', STATEMENT_TEXTS.expiring);
  if (s.expiring.length === 0) lines.push(`  ${formatMessage(STATEMENT_TEXTS.noExpiring, { months })}`);
  for (const e of s.expiring) lines.push(`  ${e.month}  ${miles(e.miles).padStart(10)}`);
  if (template.closing) lines.push('', fill(String(template.closing), s, period));
  return lines.join('\n');
}

/** The statement rendered to PDF from the template. */
export async function statementPdf(path: string, template: Row, s: MemberStatement, period: string, months: number): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 48 });
  const stream = createWriteStream(path);
  doc.pipe(stream);
  doc.rect(0, 0, doc.page.width, 70).fill('#0B3D6E');
  doc.fillColor('#FFFFFF').font('Helvetica-Bold').fontSize(18).text(fill(String(template.subject), s, period), 48, 26);
  doc.fillColor('#000000').font('Helvetica').fontSize(10).text(`${s.memberfullname}   ·   Card ${s.cardnumber}   ·   Tier ${s.tierid}`, 48, 90);
  doc.moveDown();
  doc.fontSize(11).text(fill(String(template.greeting), s, period));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(formatMessage(STATEMENT_TEXTS.balance, { miles: miles(s.balance) }));
  doc.moveDown(0.8);
  doc.fontSize(12).text(formatMessage(STATEMENT_TEXTS.activity, { month: period }));
  doc.font('Helvetica').fontSize(9);
  if (s.activity.length === 0) doc.text(STATEMENT_TEXTS.noActivity);
  for (const a of s.activity) {
    const y = doc.y;
    doc.text(a.activitydate, 48, y, { width: 70 });
    doc.text(a.trxtype, 120, y, { width: 90 });
    doc.text(a.reason, 212, y, { width: 250, ellipsis: true, lineBreak: false });
    doc.text(miles(a.awardmiles), 470, y, { width: 75, align: 'right' });
    doc.x = 48;
    doc.y = y + 13;
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text(STATEMENT_TEXTS.expiring, 48);
  doc.font('Helvetica').fontSize(9);
  if (s.expiring.length === 0) doc.text(formatMessage(STATEMENT_TEXTS.noExpiring, { months }));
  for (const e of s.expiring) {
    const y = doc.y;
    doc.text(e.month, 48, y, { width: 100 });
    doc.text(miles(e.miles), 150, y, { width: 80, align: 'right' });
    doc.x = 48;
    doc.y = y + 13;
  }
  if (template.closing) {
    doc.moveDown();
    doc.fontSize(10).text(fill(String(template.closing), s, period), 48);
  }
  doc.end();
  await once(stream, 'finish');
}

/** The job: every ACTIVE member with an e-mail not yet in this statement's log gets the statement. */
export async function sendStatements(db: Kysely<Schema>, p: StatementJobParameters, now: Date, progress: (percentage: number) => Promise<void>): Promise<{ sent: number; skipped: number }> {
  const any = db as unknown as AnyDb;
  const statement = (await any.selectFrom('statement').selectAll().where('statementcode', '=', p.statementcode).executeTakeFirst()) as Row | undefined;
  if (!statement) throw new Error(formatMessage(STATEMENT_TEXTS.notFound, { statement: p.statementcode }));
  const template = (await any.selectFrom('mileage_statement_template').selectAll().where('templatecode', '=', statement.templatecode).executeTakeFirst()) as Row | undefined;
  if (!template) throw new Error(STATEMENT_TEXTS.notActive);
  const period = String(statement.period);
  const months = Number(template.expirymonths ?? 3);
  const dir = resolve(join(p.dir, 'statements', p.statementcode));
  mkdirSync(dir, { recursive: true });
  const eligible = () => any.selectFrom('member').where('status', '=', 'ACTIVE').where('email', 'is not', null).where('email', '<>', '');
  const total = Number(((await eligible().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row).n);
  let after = '';
  let seen = 0;
  let sent = 0;
  for (;;) {
    const members = (await eligible().selectAll().where('memberid', '>', after).orderBy('memberid').limit(PAGE).execute()) as Row[];
    if (members.length === 0) break;
    const logged = new Set(
      ((await any.selectFrom('mileage_statement_log').select('memberid').where('statementcode', '=', p.statementcode).where('memberid', 'in', members.map((m) => m.memberid)).execute()) as Row[]).map((r) => String(r.memberid)),
    );
    for (const member of members) {
      if (logged.has(String(member.memberid))) continue;
      const s = await memberStatement(db, member, period, months);
      const path = join(dir, `${s.memberid}.pdf`);
      await statementPdf(path, template, s, period, months);
      const { size } = await stat(path);
      const attached = p.attachmaxbytes === undefined || size <= p.attachmaxbytes;
      const attachments: MailAttachment[] = attached ? [{ filename: statementFilename(s, period), contentType: STATEMENT_PDF_TYPE, path }] : [];
      const note = attached ? null : formatMessage(STATEMENT_TEXTS.notAttached, { size, max: p.attachmaxbytes ?? 0 });
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const mail = { to: s.email, subject: fill(String(template.subject), s, period), text: statementText(template, s, period, months), kind: STATEMENT_MAIL_KIND, attachments };
        const mailid = await writeMail(trx, mail, p.mailstatus === MAIL_STATUS.QUEUED ? MAIL_STATUS.QUEUED : MAIL_STATUS.HELD, now);
        await (trx as unknown as AnyDb)
          .insertInto('mileage_statement_log')
          .values({ statementcode: p.statementcode, period, memberid: s.memberid, cardnumber: s.cardnumber, memberfullname: s.memberfullname, email: s.email, balance: s.balance, expiring: s.expiring.reduce((n, e) => n + e.miles, 0), mailid, sentdate: at, note, createdby: p.user, createddate: at, updatedby: p.user, updateddate: at })
          .execute();
      });
      sent += 1;
    }
    seen += members.length;
    after = String(members[members.length - 1]!.memberid);
    await progress(total > 0 ? Math.min(99, (seen / total) * 100) : 99);
  }
  const count = Number(((await any.selectFrom('mileage_statement_log').select((eb) => eb.fn.countAll().as('n')).where('statementcode', '=', p.statementcode).executeTakeFirst()) as Row).n);
  await any.updateTable('statement').set({ sentcount: count, updatedby: p.user, updateddate: now.toISOString() }).where('statementcode', '=', p.statementcode).execute();
  return { sent, skipped: seen - sent };
}
