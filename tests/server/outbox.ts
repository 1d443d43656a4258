// Reading the mail the server wrote: the newest mail to an address, the link in it, the key or code it carries.
// Shared by the server tests and the browser tests of the public member pages.
import type { Kysely } from 'kysely';
import type { OutboxRow, Schema } from '../../server/platform/db/schema';

/** The newest mail to `to` (optionally of one kind: ACTIVATION, MEMBER_RESET, EMAIL_VERIFY, OTP, STAFF_RESET). */
export async function latestMail(db: Kysely<Schema>, to: string, kind?: string): Promise<OutboxRow | undefined> {
  let query = db.selectFrom('outbox').selectAll().where('mailto', '=', to);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('createddate', 'desc').limit(1).executeTakeFirst();
}

/** Every mail to `to`, oldest first. */
export const mailsTo = (db: Kysely<Schema>, to: string): Promise<OutboxRow[]> =>
  db.selectFrom('outbox').selectAll().where('mailto', '=', to).orderBy('createddate').execute();

/** The first link in the mail's text. */
export function linkIn(mail: Pick<OutboxRow, 'body'> | undefined): URL {
  const found = mail?.body.match(/https?:\/\/\S+/);
  if (!found) throw new Error(`no link in mail: ${mail?.body ?? '(no mail)'}`);
  return new URL(found[0]);
}

/** The link's path and query, to open on the server under test: '/activation/KEY', '/otp/ID?=DATA'. */
export const pathIn = (mail: Pick<OutboxRow, 'body'> | undefined): string => {
  const link = linkIn(mail);
  return `${link.pathname}${link.search}`;
};

/** The key of a key link: the last path segment ('/reset-password-member/{key}' -> key). */
export const keyIn = (mail: Pick<OutboxRow, 'body'> | undefined): string => linkIn(mail).pathname.split('/').at(-1)!;

/** The six-digit code of an OTP mail (the first six-digit number: the code comes before the link). */
export function otpCodeIn(mail: Pick<OutboxRow, 'body'> | undefined): string {
  const found = mail?.body.match(/\b(\d{6})\b/);
  if (!found) throw new Error(`no code in mail: ${mail?.body ?? '(no mail)'}`);
  return found[1]!;
}
