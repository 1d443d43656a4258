// The member pages reached from e-mailed links (spec 000 §2, §7): activation and create-password, the member
// password reset, e-mail verification; and the staff calls that send those links. Every key is single-use,
// hashed and expiring (oneTimeKeys); the password sent is the browser's SHA-256 hex, stored as argon2id.
import type { Kysely } from 'kysely';
import { MEMBER_DEFAULT_PASSWORD, MEMBER_FLOW_PATHS } from '../../../domain/memberFlows';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { defineAction, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { MemberRow, Schema } from '../../platform/db/schema';
import { checkKey, issueKey, KEY_PURPOSES, useKey, type KeyPurpose } from '../../platform/keys/oneTimeKeys';
import { loadSecret, redeemCaptcha } from '../../platform/session/captcha';
import { assertClientNotLocked, CLIENT_SCOPES, isClientLocked, recordClientEvent } from '../../platform/session/clientLock';
import { BROWSER_HASH, hashPassword } from '../../platform/session/passwordHash';
import { writeUserLog } from '../../platform/userlog/userLog';
import { MEMBER_LEGENDS, MEMBER_MODULE, MEMBER_STATUS, PUBLIC_USER, findMemberBySignIn, requireMember } from './memberStore';
import * as moduleTexts from './texts.json';

/**
 * Not in spec: the product's own texts. `resetRequested` is the same answer whether or not a member matched, so the
 * page tells nobody who is a member.
 */
export const MEMBER_ACCOUNT_TEXTS = moduleTexts.memberAccount;

const PASSWORD_KEYS: readonly KeyPurpose[] = [KEY_PURPOSES.ACTIVATION, KEY_PURPOSES.MEMBER_RESET];
const ALL_KEYS: readonly KeyPurpose[] = Object.values(KEY_PURPOSES);

const KEY_DATA = { type: 'object', required: ['key'], properties: { key: { type: 'string', maxLength: 200 } } };
const MEMBER_DATA = { type: 'object', required: ['memberid'], properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 } } };

// What the link steps answer, for the API reference.
const KEY_CODES = [CODES.KEY_INVALID, CODES.KEY_USED, CODES.KEY_EXPIRED];
const MEMBER_OF_KEY = { type: 'object', required: ['memberid'], properties: { memberid: { type: 'string' } } };

const log = (trx: Kysely<Schema>, ctx: ActionContext, entry: { username: string; legend: string; recordkey?: string | null; before?: unknown; after?: unknown }) =>
  writeUserLog(trx, { module: MEMBER_MODULE, ip: ctx.ip, ...entry }, ctx.now());

const fullName = (member: MemberRow) => `${member.firstname} ${member.lastname}`.trim();

/** A member a staff call may mail: active, with an e-mail address. */
function mailable(member: MemberRow): MemberRow & { email: string } {
  if (member.status !== MEMBER_STATUS.ACTIVE) throw new ApiError(CODES.VALIDATION, MEMBER_ACCOUNT_TEXTS.memberInactive);
  if (!member.email) throw new ApiError(CODES.VALIDATION, MEMBER_ACCOUNT_TEXTS.noEmail);
  return member as MemberRow & { email: string };
}

export type MemberKeyPurpose = Exclude<KeyPurpose, typeof KEY_PURPOSES.STAFF_RESET | typeof KEY_PURPOSES.FORGOT_PASSWORD | typeof KEY_PURPOSES.PASSWORD_EXPIRED>;

/** Each link's mail: the subject, and the body around the link and how long it stays valid. */
const LINK_MAILS: Record<MemberKeyPurpose, { subject: string; body: (link: string, valid: string) => string }> = {
  [KEY_PURPOSES.ACTIVATION]: {
    subject: MEMBER_ACCOUNT_TEXTS.activationSubject,
    body: (link, valid) => `Your member account is ready to be activated.\nOpen this link to activate it and create your password (valid for ${valid}, usable once):\n${link}`,
  },
  [KEY_PURPOSES.MEMBER_RESET]: {
    subject: MEMBER_ACCOUNT_TEXTS.resetSubject,
    body: (link, valid) =>
      `A reset of your member account password was requested.\nOpen this link to set a new password (valid for ${valid}, usable once):\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.`,
  },
  [KEY_PURPOSES.EMAIL_VERIFY]: {
    subject: MEMBER_ACCOUNT_TEXTS.verifySubject,
    body: (link, valid) => `Please confirm that this e-mail address belongs to your member account.\nOpen this link to verify it (valid for ${valid}, usable once):\n${link}`,
  },
};

/** Issues a key for the member and queues the mail that carries its link, in the caller's transaction (enrollment mails the activation link too). */
export async function mailKey(ctx: ActionContext, trx: Kysely<Schema>, member: MemberRow & { email: string }, purpose: MemberKeyPurpose, path: string): Promise<void> {
  const reset = purpose === KEY_PURPOSES.MEMBER_RESET;
  const minutes = reset ? ctx.config.resetKeyMinutes : ctx.config.activationKeyHours * 60;
  const key = await issueKey(trx, { purpose, subject: member.memberid }, minutes, ctx.now());
  const valid = reset ? `${minutes} minutes` : `${ctx.config.activationKeyHours} hours`;
  const mail = LINK_MAILS[purpose];
  const text = `Dear ${fullName(member)},\n\n${mail.body(ctx.mail.link(`${path}/${key}`), valid)}\n\n${MEMBER_ACCOUNT_TEXTS.signature}\n`;
  await ctx.mail.queue(trx, { to: member.email, subject: mail.subject, text, kind: purpose }, ctx.now());
}

/** A staff call that mails one of the member links. */
function sendLinkAction(path: string, fn: string, purpose: MemberKeyPurpose, linkPath: string, legend: string, message: string) {
  return defineAction({
    path,
    guard: { function: fn },
    data: MEMBER_DATA,
    reference: { summary: `Mail the member ${purpose === KEY_PURPOSES.ACTIVATION ? 'an activation' : 'an e-mail verification'} link; answers a message, no result`, codes: [CODES.VALIDATION, CODES.MEMBER_NOT_FOUND] },
    handler: async (ctx) => {
      const { memberid } = ctx.parameter.data as { memberid: string };
      await ctx.db.transaction().execute(async (trx) => {
        const member = mailable(await requireMember(trx, memberid));
        if (purpose === KEY_PURPOSES.ACTIVATION && member.passwordhash !== null) throw new ApiError(CODES.VALIDATION, MEMBER_ACCOUNT_TEXTS.alreadyActivated);
        await mailKey(ctx, trx, member, purpose, linkPath);
        await log(trx, ctx, { username: ctx.user!.username, legend, recordkey: memberid, after: { email: member.email } });
      });
      ctx.mail.deliverSoon();
      return { message };
    },
  });
}

export const memberAccountActions = [
  sendLinkAction('/api/member/send-activation', 'MEMBER_ACTIVATION', KEY_PURPOSES.ACTIVATION, '/activation', MEMBER_LEGENDS.ACTIVATION_SENT, MEMBER_ACCOUNT_TEXTS.activationSent),
  sendLinkAction(
    '/api/member/send-email-verification',
    'MEMBER_VERIFYEMAIL',
    KEY_PURPOSES.EMAIL_VERIFY,
    '/email-verified',
    MEMBER_LEGENDS.EMAIL_VERIFY_SENT,
    MEMBER_ACCOUNT_TEXTS.verificationSent,
  ),

  defineAction({
    // What a link's key is for; the page then calls the step of that key type.
    path: MEMBER_FLOW_PATHS.retrieveKey,
    guard: 'public',
    data: KEY_DATA,
    reference: {
      summary: "What a link's key is for, and its member (none for a staff reset)",
      result: { type: 'object', required: ['keytype', 'memberid'], properties: { keytype: { enum: Object.values(KEY_PURPOSES) }, memberid: { type: ['string', 'null'] } } },
      codes: KEY_CODES,
    },
    handler: async (ctx) => {
      const holder = await checkKey(ctx.db, (ctx.parameter.data as { key: string }).key, ALL_KEYS, ctx.now());
      const memberid = holder.purpose === KEY_PURPOSES.STAFF_RESET ? null : holder.subject;
      return { result: { keytype: holder.purpose, memberid } };
    },
  }),

  defineAction({
    // Checks the activation key and its member; the key is used when the password is set.
    path: MEMBER_FLOW_PATHS.activation,
    guard: 'public',
    data: KEY_DATA,
    reference: { summary: 'Check an activation key: the member it is for', result: MEMBER_OF_KEY, codes: [...KEY_CODES, CODES.MEMBER_NOT_FOUND, CODES.ACCOUNT_INACTIVE] },
    handler: async (ctx) => {
      const holder = await checkKey(ctx.db, (ctx.parameter.data as { key: string }).key, [KEY_PURPOSES.ACTIVATION], ctx.now());
      const member = await requireMember(ctx.db, holder.subject);
      if (member.status !== MEMBER_STATUS.ACTIVE) throw new ApiError(CODES.ACCOUNT_INACTIVE, MESSAGES.ACCOUNT_INACTIVE);
      return { result: { memberid: member.memberid } };
    },
  }),

  defineAction({
    path: MEMBER_FLOW_PATHS.memberResetValidation,
    guard: 'public',
    data: KEY_DATA,
    reference: { summary: "Check a member's password reset key: the member it is for", result: MEMBER_OF_KEY, codes: [...KEY_CODES, CODES.MEMBER_NOT_FOUND, CODES.ACCOUNT_INACTIVE] },
    handler: async (ctx) => {
      const holder = await checkKey(ctx.db, (ctx.parameter.data as { key: string }).key, [KEY_PURPOSES.MEMBER_RESET], ctx.now());
      const member = await requireMember(ctx.db, holder.subject);
      if (member.status !== MEMBER_STATUS.ACTIVE) throw new ApiError(CODES.ACCOUNT_INACTIVE, MESSAGES.ACCOUNT_INACTIVE);
      return { result: { memberid: member.memberid } };
    },
  }),

  defineAction({
    // Sets the password from an activation or reset link: the key is the proof, never the member id alone.
    path: MEMBER_FLOW_PATHS.memberChangePassword,
    guard: 'public',
    reference: { summary: 'Set the password from an activation or reset link; answers a message, no result', codes: [...KEY_CODES, CODES.MEMBER_NOT_FOUND, CODES.ACCOUNT_INACTIVE] },
    data: {
      type: 'object',
      required: ['key', 'memberid', 'forceupdate', 'currentpassword', 'newpassword'],
      properties: {
        key: { type: 'string', maxLength: 200 },
        memberid: { type: 'string', minLength: 1, maxLength: 20 },
        forceupdate: { const: true },
        currentpassword: { const: MEMBER_DEFAULT_PASSWORD },
        newpassword: { type: 'string', pattern: BROWSER_HASH.source },
      },
    },
    handler: async (ctx) => {
      const { key, memberid, newpassword } = ctx.parameter.data as { key: string; memberid: string; newpassword: string };
      const invalidKey = new ApiError(CODES.KEY_INVALID, MESSAGES.KEY_INVALID);
      // Checked before the slow hash; used inside the password's transaction.
      const checked = await checkKey(ctx.db, key, PASSWORD_KEYS, ctx.now());
      if (checked.subject !== memberid) throw invalidKey;
      const passwordhash = await hashPassword(newpassword);
      await ctx.db.transaction().execute(async (trx) => {
        const holder = await useKey(trx, key, PASSWORD_KEYS, ctx.now());
        if (holder.subject !== memberid) throw invalidKey;
        const member = await requireMember(trx, memberid);
        if (member.status !== MEMBER_STATUS.ACTIVE) throw new ApiError(CODES.ACCOUNT_INACTIVE, MESSAGES.ACCOUNT_INACTIVE);
        const activation = holder.purpose === KEY_PURPOSES.ACTIVATION;
        // Either link reached the member's mailbox, which verifies the address.
        await trx
          .updateTable('member')
          .set({ passwordhash, emailverified: 1, updateddate: ctx.now().toISOString() })
          .where('memberid', '=', memberid)
          .execute();
        await log(trx, ctx, { username: memberid, legend: activation ? MEMBER_LEGENDS.ACTIVATE : MEMBER_LEGENDS.RESET_PASSWORD, recordkey: memberid });
      });
      return { message: MEMBER_ACCOUNT_TEXTS.passwordSet };
    },
  }),

  defineAction({
    // Answers the same whether or not a member matched; only a matching active member with an e-mail gets a link.
    path: MEMBER_FLOW_PATHS.memberResetRequest,
    guard: 'public',
    reference: { summary: "Ask for a member's password reset link (the same answer whether or not a member matched); answers a message, no result", codes: [CODES.CAPTCHA_FAILED] },
    // The login page's captcha; requests counted per client address (over the limit: 4290, whoever was asked
    // for) and mails per member (over the limit: the same answer, unmailed, so it tells nobody who is a member).
    data: {
      type: 'object',
      required: ['username', 'recaptcha'],
      properties: { username: { type: 'string', minLength: 1, maxLength: 255 }, recaptcha: { type: 'string', maxLength: 2000 } },
    },
    handler: async (ctx) => {
      const { username, recaptcha } = ctx.parameter.data as { username: string; recaptcha: string };
      const { config } = ctx;
      const now = ctx.now();
      await assertClientNotLocked(ctx.db, CLIENT_SCOPES.MEMBER_RESET, ctx.ip, now);
      if (!(await redeemCaptcha(ctx.db, await loadSecret(ctx.db, 'altcha-hmac'), recaptcha, now))) throw new ApiError(CODES.CAPTCHA_FAILED, MESSAGES.CAPTCHA_FAILED);
      await recordClientEvent(ctx.db, CLIENT_SCOPES.MEMBER_RESET, ctx.ip, { max: config.memberResetRequestsPerHour, minutes: 60 }, now);
      let mailed = false;
      await ctx.db.transaction().execute(async (trx) => {
        const member = await findMemberBySignIn(trx, username);
        const capped = !!member?.email && (await isClientLocked(trx, CLIENT_SCOPES.MEMBER_RESET_MAIL, member.memberid, now));
        if (member?.email && !capped) {
          await mailKey(ctx, trx, member as MemberRow & { email: string }, KEY_PURPOSES.MEMBER_RESET, '/reset-password-member');
          await recordClientEvent(trx, CLIENT_SCOPES.MEMBER_RESET_MAIL, member.memberid, { max: config.memberResetMailsPerHour, minutes: 60 }, now);
          mailed = true;
        }
        await log(trx, ctx, { username: member?.memberid ?? PUBLIC_USER, legend: MEMBER_LEGENDS.RESET_REQUEST, recordkey: member?.memberid ?? null, after: capped ? { mailed, capped } : { mailed } });
      });
      if (mailed) ctx.mail.deliverSoon();
      return { message: MEMBER_ACCOUNT_TEXTS.resetRequested };
    },
  }),

  defineAction({
    // The e-mail link's key arrives as memberid (spec 000 §7 'member verify-email').
    path: MEMBER_FLOW_PATHS.verifyEmail,
    guard: 'public',
    reference: { summary: "Verify a member's e-mail by the link's key; answers a message, no result", codes: [...KEY_CODES, CODES.MEMBER_NOT_FOUND] },
    data: { type: 'object', required: ['memberid'], properties: { memberid: { type: 'string', maxLength: 200 } } },
    handler: async (ctx) => {
      const key = (ctx.parameter.data as { memberid: string }).memberid;
      await checkKey(ctx.db, key, [KEY_PURPOSES.EMAIL_VERIFY], ctx.now());
      await ctx.db.transaction().execute(async (trx) => {
        const holder = await useKey(trx, key, [KEY_PURPOSES.EMAIL_VERIFY], ctx.now());
        const member = await requireMember(trx, holder.subject);
        await trx.updateTable('member').set({ emailverified: 1, updateddate: ctx.now().toISOString() }).where('memberid', '=', member.memberid).execute();
        await log(trx, ctx, { username: member.memberid, legend: MEMBER_LEGENDS.EMAIL_VERIFIED, recordkey: member.memberid, after: { email: member.email } });
      });
      return { message: MEMBER_ACCOUNT_TEXTS.emailVerified };
    },
  }),
];
