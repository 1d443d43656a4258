// Session management of spec 000 §4/§7: captcha, authenticate, extend, expire, check.
import { objectOf, text } from '../core/envelopeSchema';
import { EXTEND_APP_ID } from '../../../engine/api/envelope';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { SHELL_MESSAGES } from '../../../engine/rules';
import { defineAction, type ActionContext } from '../core/action';
import { ApiError, invalid, unauthenticated } from '../core/apiError';
import { dropSessionLinks } from './fileLinks';
import type { UserRow } from '../db/schema';
import { loadEnrollmentAccess, loadUserMenu } from '../core/permissions';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { issueChangeTicket, recordFailedAttempt } from './credentials';
import { loadSecret, newChallenge, redeemCaptcha } from './captcha';
import { assertClientNotLocked, CLIENT_SCOPES, recordClientEvent } from './clientLock';
import { BROWSER_HASH, verifyPassword } from './passwordHash';
import { endSession, extendSession, issueSession } from './sessionStore';
import { endClientToken, isClientToken } from './clientTokens';

const MODULE = 'SESSION';

const invalidLogin = () => new ApiError(CODES.INVALID_LOGIN, MESSAGES.INVALID_LOGIN);

const isLocked = (user: Pick<UserRow, 'lockeduntil'>, now: Date) => !!user.lockeduntil && user.lockeduntil > now.toISOString();

/**
 * Checks a user's password with the brute-force rule: N failures lock the account for a period, and a
 * locked account answers exactly like a wrong password. Returns the user only when the password is right.
 */
export async function checkCredentials(
  ctx: ActionContext,
  username: string,
  browserHash: string,
): Promise<UserRow | undefined> {
  const { db } = ctx;
  const at = ctx.now();
  const user = await db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
  // Every path runs the same argon2 work (an unknown user, a password not set yet, a locked account).
  const matches = await verifyPassword(user?.passwordhash, browserHash);
  // An unknown name goes the way of a wrong password too (the same statements, one failed login logged).
  if (!user) {
    await recordFailedAttempt(ctx, username, MODULE);
    return undefined;
  }
  if (isLocked(user, at)) {
    await writeUserLog(db, { username, module: MODULE, legend: LEGENDS.LOGIN_FAILED, after: { locked: true }, ip: ctx.ip }, at);
    return undefined;
  }
  if (!matches) {
    await recordFailedAttempt(ctx, username, MODULE);
    return undefined;
  }
  if (user.failedcount !== 0 || user.lockeduntil) {
    await db.updateTable('app_user').set({ failedcount: 0, lockeduntil: null }).where('username', '=', username).execute();
  }
  return user;
}

export const isPasswordExpired = (user: Pick<UserRow, 'passworddate'>, maxAgeDays: number, now: Date) =>
  new Date(user.passworddate).getTime() + maxAgeDays * 86_400_000 <= now.getTime();

const credentialSchema = objectOf({ username: text(60), password: text(64), recaptcha: text(2000) });

export const sessionActions = [
  defineAction({
    path: '/api/session/captcha',
    guard: 'public',
    reference: {
      summary: 'A proof-of-work challenge (ALTCHA) the staff sign-in solves',
      result: { type: 'object', required: ['algorithm', 'challenge', 'salt', 'signature'], properties: { algorithm: { type: 'string' }, challenge: { type: 'string' }, maxnumber: { type: 'integer' }, salt: { type: 'string' }, signature: { type: 'string' } } },
    },
    handler: async ({ db, config, now }) => {
      const key = await loadSecret(db, 'altcha-hmac');
      return { result: await newChallenge(key, config.captchaMaxNumber, config.captchaExpiresSeconds, now()) };
    },
  }),

  defineAction({
    path: '/api/session/authenticate',
    guard: 'public',
    data: credentialSchema,
    reference: {
      summary: 'Sign in: the bearer token for every other call',
      description: 'password is the lowercase hex SHA-256 of what was typed; recaptcha a solved challenge of session/captcha. An expired password answers 9004 with result.changeticket.',
      data: { ...credentialSchema, properties: { ...credentialSchema.properties, password: { type: 'string', pattern: BROWSER_HASH.source } } },
      result: {
        type: 'object',
        required: ['bearer', 'expiresat', 'user', 'usermenu'],
        properties: {
          bearer: { type: 'string' },
          expiresat: { type: 'string' },
          usermenu: { type: 'array' },
          enrollmentaccess: {},
          user: { type: 'object', required: ['username', 'rolename'], properties: { username: { type: 'string' }, userfullname: { type: 'string' }, email: { type: ['string', 'null'] }, rolename: { type: 'string' } } },
        },
      },
      codes: [CODES.VALIDATION, CODES.INVALID_LOGIN, CODES.CAPTCHA_FAILED, CODES.ACCOUNT_INACTIVE, CODES.PASSWORD_EXPIRED],
    },
    handler: async (ctx) => {
      const { db, config } = ctx;
      const data = ctx.parameter.data as { username: string; password: string; recaptcha: string };
      const username = data.username.trim();
      if (!username) throw invalid(SHELL_MESSAGES.usernameRequired, { username: SHELL_MESSAGES.usernameRequired });
      if (!data.password) throw invalid(SHELL_MESSAGES.passwordRequired, { password: SHELL_MESSAGES.passwordRequired });
      if (!BROWSER_HASH.test(data.password)) throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: password must be the SHA-256 hex of the typed password', 400);
      // An address that failed too often (across any accounts: password spraying) is refused before any work.
      await assertClientNotLocked(db, CLIENT_SCOPES.LOGIN, ctx.ip, ctx.now());
      const key = await loadSecret(db, 'altcha-hmac');
      if (!(await redeemCaptcha(db, key, data.recaptcha, ctx.now()))) throw new ApiError(CODES.CAPTCHA_FAILED, MESSAGES.CAPTCHA_FAILED);

      const user = await checkCredentials(ctx, username, data.password);
      if (!user) {
        await recordClientEvent(db, CLIENT_SCOPES.LOGIN, ctx.ip, { max: config.loginAddressMaxFailures, minutes: config.loginLockMinutes }, ctx.now());
        throw invalidLogin();
      }
      const at = ctx.now();
      const role = await db.selectFrom('role').selectAll().where('rolecode', '=', user.rolecode).executeTakeFirstOrThrow();
      if (user.status !== 'ACTIVE' || role.status !== 'ACTIVE') throw new ApiError(CODES.ACCOUNT_INACTIVE, MESSAGES.ACCOUNT_INACTIVE);
      if (isPasswordExpired(user, config.passwordMaxAgeDays, at)) {
        // The answer carries a ticket for this login's change of password (and nothing else).
        const changeticket = await issueChangeTicket(db, user.username, at);
        return { code: CODES.PASSWORD_EXPIRED, message: MESSAGES.PASSWORD_EXPIRED, result: { changeticket } };
      }
      const session = await issueSession(db, user.username, ctx.identity.appid, config.sessionMinutes, at, ctx.ip);
      await writeUserLog(db, { username: user.username, module: MODULE, legend: LEGENDS.LOGIN, ip: ctx.ip }, at);
      return {
        signature: session.token,
        result: {
          usermenu: await loadUserMenu(db, user.rolecode),
          enrollmentaccess: await loadEnrollmentAccess(db, user.rolecode),
          bearer: session.token,
          expiresat: session.expiresat,
          user: {
            username: user.username,
            userfullname: user.userfullname,
            email: user.email,
            rolename: role.rolename,
            partnercode: user.partnercode,
            branchcode: user.branchcode,
            tickoffid: user.tickoffid,
          },
        },
      };
    },
  }),

  defineAction({
    path: '/api/session/extend',
    guard: 'public',
    appids: [EXTEND_APP_ID],
    data: { type: 'object', required: ['minutes'], properties: { minutes: { type: 'integer', minimum: 1, maximum: 1440 } } },
    reference: { summary: "The session's new bearer for more minutes (within the grace of its end)", result: { type: 'object', required: ['bearer', 'expiresat'], properties: { bearer: { type: 'string' }, expiresat: { type: 'string' } } } },
    handler: async (ctx) => {
      if (!ctx.token) throw unauthenticated();
      const { minutes } = ctx.parameter.data as { minutes: number };
      const at = ctx.now();
      const granted = Math.min(minutes, ctx.config.sessionMinutes);
      const next = await extendSession(ctx.db, ctx.token, granted, ctx.config.sessionExtendGraceMinutes, at, ctx.ip);
      if (!next) throw new ApiError(CODES.SESSION_NOT_EXTENDABLE, MESSAGES.SESSION_NOT_EXTENDABLE, 401);
      await writeUserLog(ctx.db, { username: next.username, module: MODULE, legend: LEGENDS.EXTEND, ip: ctx.ip }, at);
      return { signature: next.token, result: { bearer: next.token, expiresat: next.expiresat } };
    },
  }),

  defineAction({
    path: '/api/session/expire',
    guard: 'public',
    reference: { summary: 'Ends the session of the bearer (or an API client token): always answers success, with no result' },
    handler: async (ctx) => {
      // Ending a session is idempotent: the browser logs out locally whatever the answer.
      if (ctx.token && isClientToken(ctx.token)) await endClientToken(ctx.db, ctx.token);
      else if (ctx.token) {
        const at = ctx.now();
        const username = await endSession(ctx.db, ctx.token, at);
        // The session's file links go with it (opening one checks the session anyway).
        await dropSessionLinks(ctx.db, ctx.token);
        if (username) await writeUserLog(ctx.db, { username, module: MODULE, legend: LEGENDS.LOGOUT, ip: ctx.ip }, at);
      }
      return {};
    },
  }),

  defineAction({
    path: '/api/session/check',
    guard: 'session',
    reference: { summary: 'Whose the bearer is and when it ends', result: { type: 'object', required: ['username', 'expiresat'], properties: { username: { type: 'string' }, expiresat: { type: 'string' } } } },
    handler: async ({ user }) => ({ result: { username: user!.username, expiresat: user!.expiresat } }),
  }),
];
