// One-time codes (spec 000 §2 '/otp/{ID}', §7, §8, §9): staff request a code for a member's change, the
// member types it on the OTP page, and a verified code applies the change once. The code is mailed, never
// stored: the session keeps its HMAC, counts wrong attempts and locks after the configured number.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MEMBER_FLOW_PATHS, OTP_DEFAULT_SECONDS, OTP_LENGTH, encodeOtpLink } from '../../../domain/memberFlows';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { validateValue } from '../../../engine/rules';
import { defineAction, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { OtpSessionRow, Schema } from '../../platform/db/schema';
import { loadSecret } from '../../platform/session/captcha';
import { writeUserLog } from '../../platform/userlog/userLog';
import { LOCK_REASONS, PUBLIC_LOCKER, lockMember } from './memberLocks';
import { MEMBER_LEGENDS, MEMBER_MODULE, MEMBER_STATUS, requireMember } from './memberStore';
import * as moduleTexts from './texts.json';

export const OTP_STATUS = { PENDING: 'PENDING', VERIFIED: 'VERIFIED', EXPIRED: 'EXPIRED', LOCKED: 'LOCKED' } as const;

/** The member fields a verified code may change, with the rules their values must pass. */
export const OTP_PROFILE_FIELDS: Record<string, { label: string; rules: string[] }> = {
  email: { label: 'E-mail', rules: ['required', 'max.255', 'pattern.email'] },
  firstname: { label: 'First Name', rules: ['required', 'max.100', 'pattern.name'] },
  lastname: { label: 'Last Name', rules: ['max.100', 'pattern.name'] },
};
type ProfileChange = Partial<Record<'email' | 'firstname' | 'lastname', string>>;

/** The time limits staff may give a code, in seconds. */
export const OTP_SECONDS_MIN = 30;
export const OTP_SECONDS_MAX = 3600;

// not in spec: the product's own texts.
export const OTP_TEXTS = moduleTexts.otp;

const OTP_ID = { type: 'string', minLength: 1, maxLength: 100 };
/** A code's session as the request and the countdown answer it, for the API reference. */
const OTP_TIMING = { secondstimelimit: { type: 'integer', minimum: 0 }, expiredtime: { type: 'string', format: 'date-time' } };
const absent = () => new ApiError(CODES.KEY_INVALID, MESSAGES.KEY_INVALID);
const expired = () => new ApiError(CODES.OTP_EXPIRED, MESSAGES.OTP_EXPIRED);

const codeHash = (secret: string, otpid: string, code: string) => createHmac('sha256', secret).update(`${otpid}:${code}`).digest('hex');
const otpSecret = (db: Kysely<Schema>) => loadSecret(db, 'otp-hmac');

/** What an OTP session stores for a code (tests use it to give a session a known code). */
export const otpCodeHash = async (db: Kysely<Schema>, otpid: string, code: string): Promise<string> => codeHash(await otpSecret(db), otpid, code);

const log = (trx: Kysely<Schema>, ctx: ActionContext, entry: { username: string; legend: string; recordkey?: string | null; before?: unknown; after?: unknown }) =>
  writeUserLog(trx, { module: MEMBER_MODULE, ip: ctx.ip, ...entry }, ctx.now());

/** The profile change staff ask a code for: known fields only, each passing its rules. */
function profileChange(data: unknown): ProfileChange {
  if (data === undefined || data === null) return {};
  const change: ProfileChange = {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const field = OTP_PROFILE_FIELDS[name];
    if (!field) throw new ApiError(CODES.VALIDATION, OTP_TEXTS.unknownField, 200, { [name]: OTP_TEXTS.unknownField });
    const text = typeof value === 'string' ? value.trim() : value;
    const problem = typeof text === 'string' ? validateValue(text, field.rules, { label: field.label }) : `${field.label} must be of type string`;
    if (problem) fields[name] = problem;
    else change[name as keyof ProfileChange] = text as string;
  }
  const first = Object.values(fields)[0];
  if (first) throw new ApiError(CODES.VALIDATION, first, 200, fields);
  return change;
}

async function findSession(db: Kysely<Schema>, otpid: string): Promise<OtpSessionRow> {
  const session = await db.selectFrom('otp_session').selectAll().where('otpid', '=', otpid).executeTakeFirst();
  if (!session) throw absent();
  return session;
}

/** Seconds the code still has, 0 once it has run out. */
const secondsLeft = (session: OtpSessionRow, now: Date) => Math.max(0, Math.ceil((Date.parse(session.expiredtime) - now.getTime()) / 1000));

/** A session that can still take a code, or the answer that says why not. */
function assertOpen(session: OtpSessionRow): void {
  if (session.verificationstatus === OTP_STATUS.VERIFIED) throw new ApiError(CODES.KEY_USED, MESSAGES.KEY_USED);
  if (session.verificationstatus !== OTP_STATUS.PENDING) throw expired();
}

type Verdict = 'verified' | 'wrong' | 'locked' | 'expired';

export const otpActions = [
  defineAction({
    path: '/api/otp/request',
    guard: { function: 'MEMBER_OTP' },
    reference: {
      summary: "Mail the member a one-time code for a change (applied once the code is verified)",
      result: { type: 'object', required: ['otpid', 'secondstimelimit', 'expiredtime'], properties: { otpid: { type: 'string' }, ...OTP_TIMING } },
      codes: [CODES.VALIDATION, CODES.MEMBER_NOT_FOUND, CODES.ACCOUNT_INACTIVE],
    },
    data: {
      type: 'object',
      required: ['memberid', 'transactiontype'],
      properties: {
        memberid: { type: 'string', minLength: 1, maxLength: 20 },
        transactiontype: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,39}$' },
        additionaldata: { type: ['object', 'null'] },
        secondstimelimit: { type: ['integer', 'null'], minimum: OTP_SECONDS_MIN, maximum: OTP_SECONDS_MAX },
      },
    },
    handler: async (ctx) => {
      const data = ctx.parameter.data as { memberid: string; transactiontype: string; additionaldata?: unknown; secondstimelimit?: number | null };
      const change = profileChange(data.additionaldata);
      const seconds = data.secondstimelimit ?? OTP_DEFAULT_SECONDS;
      const otpid = randomBytes(32).toString('base64url');
      const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const secret = await otpSecret(ctx.db);
      const now = ctx.now();
      const expiredtime = new Date(now.getTime() + seconds * 1000).toISOString();
      await ctx.db.transaction().execute(async (trx) => {
        const member = await requireMember(trx, data.memberid);
        if (member.status !== MEMBER_STATUS.ACTIVE) throw new ApiError(CODES.ACCOUNT_INACTIVE, MESSAGES.ACCOUNT_INACTIVE);
        // A new e-mail address gets the code itself: typing it proves the address reaches the member.
        const to = change.email ?? member.email;
        if (!to) throw new ApiError(CODES.VALIDATION, OTP_TEXTS.noEmail);
        // Only the latest code of a member's transaction counts.
        await trx
          .updateTable('otp_session')
          .set({ verificationstatus: OTP_STATUS.EXPIRED })
          .where('memberid', '=', member.memberid)
          .where('transactiontype', '=', data.transactiontype)
          .where('verificationstatus', '=', OTP_STATUS.PENDING)
          .execute();
        await trx
          .insertInto('otp_session')
          .values({
            otpid,
            memberid: member.memberid,
            otpcodehash: codeHash(secret, otpid, code),
            generatedtime: now.toISOString(),
            expiredtime,
            additionaldata: Object.keys(change).length > 0 ? JSON.stringify(change) : null,
            transactiontype: data.transactiontype,
            secondstimelimit: seconds,
            attempts: 0,
            verificationstatus: OTP_STATUS.PENDING,
            verifieddate: null,
            applieddate: null,
          })
          .execute();
        const link = ctx.mail.link(`/otp/${otpid}?=${encodeOtpLink({ memberid: member.memberid, transactiontype: data.transactiontype })}`);
        const minutes = seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
        const text =
          `Dear ${`${member.firstname} ${member.lastname}`.trim()},\n\n` +
          `Your verification code is ${code}. It is valid for ${minutes} and can be used once.\n` +
          `Enter it on this page:\n${link}\n\n` +
          `Never share this code with anyone. If you did not ask for it, please contact our customer service.\n\n${OTP_TEXTS.signature}\n`;
        await ctx.mail.queue(trx, { to, subject: OTP_TEXTS.subject, text, kind: 'OTP' }, now);
        await log(trx, ctx, { username: ctx.user!.username, legend: MEMBER_LEGENDS.OTP_SENT, recordkey: member.memberid, after: { otpid, transactiontype: data.transactiontype, to, change } });
      });
      ctx.mail.deliverSoon();
      return { message: OTP_TEXTS.sent, result: { otpid, secondstimelimit: seconds, expiredtime } };
    },
  }),

  defineAction({
    // The countdown of the OTP page: the seconds the code still has (a reload does not restart it).
    path: MEMBER_FLOW_PATHS.otpSecondsTimeLimit,
    guard: 'public',
    reference: { summary: 'The seconds a code still has', result: { type: 'object', required: ['secondstimelimit', 'expiredtime'], properties: OTP_TIMING }, codes: [CODES.KEY_INVALID, CODES.KEY_USED, CODES.OTP_EXPIRED] },
    data: { type: 'object', required: ['otpid'], properties: { otpid: OTP_ID } },
    handler: async (ctx) => {
      const session = await findSession(ctx.db, (ctx.parameter.data as { otpid: string }).otpid);
      assertOpen(session);
      const left = secondsLeft(session, ctx.now());
      if (left === 0) throw expired();
      return { result: { secondstimelimit: left, expiredtime: session.expiredtime } };
    },
  }),

  defineAction({
    path: MEMBER_FLOW_PATHS.otpVerification,
    guard: 'public',
    reference: { summary: 'Verify a typed code; answers a message, no result', codes: [CODES.KEY_INVALID, CODES.KEY_USED, CODES.OTP_EXPIRED, CODES.OTP_INVALID] },
    data: {
      type: 'object',
      required: ['otpid', 'memberid', 'transactiontype', 'otpcode'],
      properties: {
        otpid: OTP_ID,
        memberid: { type: 'string', maxLength: 20 },
        transactiontype: { type: 'string', maxLength: 40 },
        // A number, so leading zeros are gone: '012345' arrives as 12345.
        otpcode: { type: 'integer', minimum: 0, maximum: 10 ** OTP_LENGTH - 1 },
        channel: { type: 'string', maxLength: 20 },
      },
    },
    handler: async (ctx) => {
      const data = ctx.parameter.data as { otpid: string; memberid: string; transactiontype: string; otpcode: number };
      const session = await findSession(ctx.db, data.otpid);
      // The link's member and transaction must be the session's: a link put together by hand is no link.
      if (session.memberid !== data.memberid || session.transactiontype !== data.transactiontype) throw absent();
      assertOpen(session);
      const secret = await otpSecret(ctx.db);
      const typed = Buffer.from(codeHash(secret, session.otpid, String(data.otpcode).padStart(OTP_LENGTH, '0')));
      const now = ctx.now();
      const at = now.toISOString();
      // The transaction returns what happened; the answer is thrown after the attempt count is committed.
      const verdict = await ctx.db.transaction().execute(async (trx): Promise<Verdict> => {
        const pending = trx.updateTable('otp_session').where('otpid', '=', session.otpid).where('verificationstatus', '=', OTP_STATUS.PENDING);
        const entry = { username: session.memberid, recordkey: session.memberid, after: { otpid: session.otpid, transactiontype: session.transactiontype } };
        if (secondsLeft(session, now) === 0) {
          await pending.set({ verificationstatus: OTP_STATUS.EXPIRED }).execute();
          await log(trx, ctx, { ...entry, legend: MEMBER_LEGENDS.OTP_EXPIRED });
          return 'expired';
        }
        if (timingSafeEqual(typed, Buffer.from(session.otpcodehash))) {
          const done = await pending.set({ verificationstatus: OTP_STATUS.VERIFIED, verifieddate: at }).executeTakeFirst();
          // Another call verified or locked it a moment ago.
          if (Number(done.numUpdatedRows) !== 1) throw new ApiError(CODES.KEY_USED, MESSAGES.KEY_USED);
          await log(trx, ctx, { ...entry, legend: MEMBER_LEGENDS.OTP_VERIFIED });
          return 'verified';
        }
        await pending.set((eb) => ({ attempts: eb('attempts', '+', 1) })).execute();
        const { attempts } = await trx.selectFrom('otp_session').select('attempts').where('otpid', '=', session.otpid).executeTakeFirstOrThrow();
        if (attempts >= ctx.config.otpMaxAttempts) {
          await pending.set({ verificationstatus: OTP_STATUS.LOCKED }).execute();
          // The member is locked too, until staff unlock it on Member Locked (MEMLOCK).
          await lockMember(trx, { memberid: session.memberid, reason: LOCK_REASONS.otp, by: PUBLIC_LOCKER, now, ip: ctx.ip });
          await log(trx, ctx, { ...entry, legend: MEMBER_LEGENDS.OTP_LOCKED, after: { ...entry.after, attempts } });
          return 'locked';
        }
        await log(trx, ctx, { ...entry, legend: MEMBER_LEGENDS.OTP_FAILED, after: { ...entry.after, attempts } });
        return 'wrong';
      });
      if (verdict === 'wrong') throw new ApiError(CODES.OTP_INVALID, MESSAGES.OTP_INVALID);
      if (verdict !== 'verified') throw expired();
      return { code: CODES.SUCCESS, message: MESSAGES.SUCCESS };
    },
  }),

  defineAction({
    // Applies the change the verified code was sent for, once; the client address is the server's own view.
    path: MEMBER_FLOW_PATHS.otpUpdateWithOtp,
    guard: 'public',
    reference: { summary: "Apply the change a verified code was sent for, once; answers a message, no result", codes: [CODES.KEY_INVALID, CODES.KEY_USED, CODES.OTP_EXPIRED, CODES.OTP_INVALID, CODES.DUPLICATE, CODES.MEMBER_NOT_FOUND] },
    data: {
      type: 'object',
      required: ['otpid'],
      properties: {
        otpid: OTP_ID,
        browser: { type: ['string', 'null'], maxLength: 500 },
        longitude: { type: ['number', 'null'], minimum: -180, maximum: 180 },
        latitude: { type: ['number', 'null'], minimum: -90, maximum: 90 },
      },
    },
    handler: async (ctx) => {
      const data = ctx.parameter.data as { otpid: string; browser?: string | null; longitude?: number | null; latitude?: number | null };
      const at = ctx.now().toISOString();
      await ctx.db.transaction().execute(async (trx) => {
        const session = await findSession(trx, data.otpid);
        if (session.verificationstatus === OTP_STATUS.PENDING) throw new ApiError(CODES.OTP_INVALID, OTP_TEXTS.notVerified);
        if (session.verificationstatus !== OTP_STATUS.VERIFIED) throw expired();
        if (session.applieddate !== null) throw new ApiError(CODES.KEY_USED, MESSAGES.KEY_USED);
        // The change follows the code at once: a verified code left unused runs out after its own time limit.
        if (Date.parse(session.verifieddate!) + session.secondstimelimit * 1000 <= ctx.now().getTime()) throw expired();
        const claimed = await trx
          .updateTable('otp_session')
          .set({ applieddate: at })
          .where('otpid', '=', session.otpid)
          .where('applieddate', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError(CODES.KEY_USED, MESSAGES.KEY_USED);

        const member = await requireMember(trx, session.memberid);
        const change = session.additionaldata ? (JSON.parse(session.additionaldata) as ProfileChange) : {};
        const values: Record<string, string | number> = { ...change };
        if (change.email !== undefined && change.email !== member.email) {
          values.emailverified = 1;
          // A member who signs in with the e-mail address keeps signing in with it.
          if (member.email && member.username === member.email) {
            const taken = await trx.selectFrom('member').select('memberid').where('username', '=', change.email).where('memberid', '!=', member.memberid).executeTakeFirst();
            if (taken) throw new ApiError(CODES.DUPLICATE, OTP_TEXTS.usernameTaken);
            values.username = change.email;
          }
        }
        if (Object.keys(change).length > 0) {
          await trx.updateTable('member').set({ ...values, updateddate: at }).where('memberid', '=', member.memberid).execute();
        }
        const before = Object.fromEntries(Object.keys(values).map((name) => [name, member[name as keyof typeof member]]));
        const client = { browser: data.browser ?? null, longitude: data.longitude ?? null, latitude: data.latitude ?? null, ip: ctx.ip };
        await log(trx, ctx, {
          username: member.memberid,
          legend: MEMBER_LEGENDS.UPDATE_WITH_OTP,
          recordkey: member.memberid,
          before,
          after: { ...values, otpid: session.otpid, transactiontype: session.transactiontype, ...client },
        });
      });
      return { code: CODES.SUCCESS, message: OTP_TEXTS.applied };
    },
  }),
];
