// Every e-mail the product writes goes through here: it is written to the outbox in the caller's
// transaction (so a rolled-back change sends nothing), then delivered by nodemailer over SMTP when
// SMTP_URL is set. Without SMTP it stays in the outbox as HELD, readable on the Outbox screen.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../core/config';
import type { Schema } from '../db/schema';

export const MAIL_STATUS = { QUEUED: 'QUEUED', SENT: 'SENT', FAILED: 'FAILED', HELD: 'HELD' } as const;
/** Delivery gives up after this many SMTP failures and marks the mail FAILED. */
export const MAX_DELIVERY_ATTEMPTS = 5;
const RETRY_MS = 60_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for (STAFF_RESET, ACTIVATION, OTP …): a filter on the Outbox screen. */
  kind: string;
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
    const mailid = randomUUID();
    const at = now.toISOString();
    await trx
      .insertInto('outbox')
      .values({
        mailid,
        mailto: mail.to,
        subject: mail.subject,
        body: mail.text,
        kind: mail.kind,
        status: this.transport ? MAIL_STATUS.QUEUED : MAIL_STATUS.HELD,
        attempts: 0,
        lasterror: null,
        sentdate: null,
        createddate: at,
        updateddate: at,
      })
      .execute();
    return mailid;
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

  /** Sends every queued mail once; answers how many were sent. */
  async deliverPending(): Promise<number> {
    if (!this.transport) return 0;
    const queued = await this.db.selectFrom('outbox').selectAll().where('status', '=', MAIL_STATUS.QUEUED).orderBy('createddate').limit(100).execute();
    let sent = 0;
    for (const mail of queued) {
      const at = this.now().toISOString();
      try {
        await this.transport.sendMail({ from: this.config.mailFrom, to: mail.mailto, subject: mail.subject, text: mail.body });
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
