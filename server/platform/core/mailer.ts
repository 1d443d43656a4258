// Every e-mail the product writes goes through here: it is written to the outbox in the caller's
// transaction (so a rolled-back change sends nothing), then delivered by nodemailer over SMTP when
// SMTP_URL is set. Without SMTP it stays in the outbox as HELD, readable on the Outbox screen. A mail may carry
// files (a member's statement PDF): each stays on disk under the shared report directory, named by an
// outbox_attachment row written with the mail, and read when the mail is delivered or opened on the Outbox screen.
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { OutboxAttachmentRow, Schema } from '../db/schema';
import { formatMessage } from '../../../engine/rules';
import * as moduleTexts from './texts.json';

export const MAIL_STATUS = { QUEUED: 'QUEUED', SENDING: 'SENDING', SENT: 'SENT', FAILED: 'FAILED', HELD: 'HELD' } as const;
/**
 * A mail one app server has claimed (SENDING) and not finished after this long is taken to be lost with its server
 * and queued again: at most one server sends a mail at a time, and a crash between the SMTP answer and the SENT
 * mark sends it again rather than never.
 */
export const SENDING_LEASE_MS = 10 * 60_000;
/** Delivery gives up after this many SMTP failures and marks the mail FAILED. */
export const MAX_DELIVERY_ATTEMPTS = 5;
const RETRY_MS = 60_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for (STAFF_RESET, ACTIVATION, OTP …): a filter on the Outbox screen. */
  kind: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file as written (under the report directory every app server shares); its size is read when queued. */
  path: string;
}

/** Not in spec: what a mail's file problems say. */
export const ATTACHMENT_TEXTS = moduleTexts.attachment;

/**
 * Writes a mail and its attachments into the outbox in the caller's transaction, with the status given: what
 * Mailer.queue does, for a caller without the Mailer (a job in its own thread knows the status from its parameters).
 */
export async function writeMail(trx: Kysely<Schema>, mail: OutgoingMail, status: string, now: Date): Promise<string> {
  const mailid = randomUUID();
  const at = now.toISOString();
  const files = mail.attachments ?? [];
  const sizes = await Promise.all(files.map(async (file) => (await stat(file.path)).size));
  await trx
    .insertInto('outbox')
    .values({ mailid, mailto: mail.to, subject: mail.subject, body: mail.text, kind: mail.kind, status, attempts: 0, lasterror: null, sentdate: null, createddate: at, updateddate: at, attachments: files.length })
    .execute();
  if (files.length > 0) {
    await trx
      .insertInto('outbox_attachment')
      .values(files.map((file, position) => ({ mailid, position, filename: file.filename, contenttype: file.contentType, size: sizes[position]!, path: file.path })))
      .execute();
  }
  return mailid;
}

/** The attachments of these mails, each mail's in order. */
export async function attachmentsOf(db: Kysely<Schema>, mailids: string[]): Promise<Map<string, OutboxAttachmentRow[]>> {
  const byMail = new Map<string, OutboxAttachmentRow[]>();
  if (mailids.length === 0) return byMail;
  const rows = await db.selectFrom('outbox_attachment').selectAll().where('mailid', 'in', mailids).orderBy('mailid').orderBy('position').execute();
  for (const row of rows) byMail.set(row.mailid, [...(byMail.get(row.mailid) ?? []), { ...row, position: Number(row.position), size: Number(row.size) }]);
  return byMail;
}

/** A mail's first attachment with its bytes, for the Outbox screen; the problem when it has none or its file is gone. */
export async function readAttachment(db: Kysely<Schema>, mailid: string): Promise<{ filename: string; mimetype: string; content: Buffer } | { problem: string }> {
  const [first] = (await attachmentsOf(db, [mailid])).get(mailid) ?? [];
  if (!first) return { problem: ATTACHMENT_TEXTS.none };
  const content = await readFile(first.path).catch(() => undefined);
  if (!content) return { problem: formatMessage(ATTACHMENT_TEXTS.missing, { filename: first.filename }) };
  return { filename: first.filename, mimetype: first.contenttype, content };
}

export class Mailer {
  private readonly transport: Transporter | undefined;
  private running: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
    private readonly db: Kysely<Schema>,
    private log?: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (config.smtpUrl) {
      this.transport = nodemailer.createTransport(config.smtpUrl);
      this.timer = setInterval(() => this.deliverSoon(), RETRY_MS);
      this.timer.unref();
    }
  }

  /** Delivery failures are logged through the server's logger once it exists. */
  useLog(log: FastifyBaseLogger): void {
    this.log = log;
  }

  /** An absolute link into the application, e.g. link('/reset-password/KEY'). */
  link(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }

  /** Writes the mail into the outbox in the caller's transaction; call deliverSoon() after it commits. */
  async queue(trx: Kysely<Schema>, mail: OutgoingMail, now: Date): Promise<string> {
    return writeMail(trx, mail, this.transport ? MAIL_STATUS.QUEUED : MAIL_STATUS.HELD, now);
  }

  /** Starts delivering queued mail in the background (one run at a time); a no-op without SMTP. */
  deliverSoon(): void {
    if (!this.transport || this.running) return;
    this.running = this.deliverPending()
      .then(() => undefined)
      .catch((error: unknown) => this.log?.error({ err: error }, 'mail delivery run failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /**
   * Sends every queued mail once; answers how many were sent. Each mail is claimed first (QUEUED -> SENDING, one
   * conditional update): of app servers delivering at once only the one whose claim changed the row sends it.
   */
  async deliverPending(): Promise<number> {
    if (!this.transport) return 0;
    const stale = new Date(this.now().getTime() - SENDING_LEASE_MS).toISOString();
    await this.db.updateTable('outbox').set({ status: MAIL_STATUS.QUEUED }).where('status', '=', MAIL_STATUS.SENDING).where('updateddate', '<', stale).execute();
    const queued = await this.db.selectFrom('outbox').selectAll().where('status', '=', MAIL_STATUS.QUEUED).orderBy('createddate').limit(100).execute();
    const files = await attachmentsOf(this.db, queued.filter((mail) => Number(mail.attachments) > 0).map((mail) => mail.mailid));
    let sent = 0;
    for (const mail of queued) {
      const at = this.now().toISOString();
      const claim = await this.db.updateTable('outbox').set({ status: MAIL_STATUS.SENDING, updateddate: at }).where('mailid', '=', mail.mailid).where('status', '=', MAIL_STATUS.QUEUED).executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        const attachments = (files.get(mail.mailid) ?? []).map((file) => ({ filename: file.filename, contentType: file.contenttype, path: file.path }));
        await this.transport.sendMail({ from: this.config.mailFrom, to: mail.mailto, subject: mail.subject, text: mail.body, attachments });
        await this.db.updateTable('outbox').set({ status: MAIL_STATUS.SENT, sentdate: at, updateddate: at, attempts: mail.attempts + 1, lasterror: null }).where('mailid', '=', mail.mailid).execute();
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const lasterror = (error instanceof Error ? error.message : String(error)).slice(0, 255);
        this.log?.warn({ mailid: mail.mailid, attempts, lasterror }, 'mail delivery failed');
        await this.db
          .updateTable('outbox')
          .set({ status: attempts >= MAX_DELIVERY_ATTEMPTS ? MAIL_STATUS.FAILED : MAIL_STATUS.QUEUED, attempts, lasterror, updateddate: at })
          .where('mailid', '=', mail.mailid)
          .execute();
      }
    }
    return sent;
  }

  /** Waits for a delivery run in progress, then stops retrying. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }
}
