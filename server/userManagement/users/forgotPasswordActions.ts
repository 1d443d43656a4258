// The login page's forgot-password flow (spec 000 §4, §5): username (with the login page's captcha), full
// name, branch and ticket office, then a new password. The first step hands out a flow ticket (a one-time
// key stored hashed, short-lived) on which the server records each verified step; the later steps and the
// reset must carry it, and the reset uses it up. Every failed step counts against the account and against
// the client address, each locking after LOGIN_MAX_FAILURES for LOGIN_LOCK_MINUTES.
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { forgotPasswordErrors } from '../../../engine/rules';
import { defineAction, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema, UserRow } from '../../platform/db/schema';
import { checkKey, issueKey, KEY_PURPOSES, setKeyProgress, useKey, type KeyHolder } from '../../platform/keys/oneTimeKeys';
import { loadSecret, redeemCaptcha } from '../../platform/session/captcha';
import { assertClientNotLocked, CLIENT_SCOPES, failureLimit, recordClientEvent } from '../../platform/session/clientLock';
import { BROWSER_HASH } from '../../platform/session/passwordHash';
import { sha256Hex } from '../../platform/core/sha256';
import { LEGENDS } from '../../platform/userlog/userLog';
import { recordFailedAttempt, setPassword } from '../../platform/session/credentials';
import * as moduleTexts from './texts.json';

/** How long a flow ticket lives: the whole flow, from the username to the new password. */
export const FORGOT_TICKET_MINUTES = 10;

// not in spec: the product's own texts.
export const FORGOT_PASSWORD_TEXTS = moduleTexts.forgotPassword;

/** The steps verified on a flow ticket, in order. */
const PROGRESS = ['USERNAME', 'FULLNAME', 'BRANCH'] as const;
type Progress = (typeof PROGRESS)[number];
const reached = (progress: string | null | undefined, step: Progress) => PROGRESS.indexOf(progress as Progress) >= PROGRESS.indexOf(step);

const noMatch = (message: string) => new ApiError(CODES.NO_MATCH, message);
const verifyAll = () => noMatch(MESSAGES.VERIFY_ALL_REQUIRED);
const text = { type: 'string', maxLength: 150 };
const ticketField = { type: 'string', maxLength: 200 };

interface StepData {
  username: string;
  recaptcha?: string;
  ticket?: string;
  fullname?: string;
  branchcode?: string;
  tickoffid?: string;
}

function ensureEnabled(ctx: ActionContext) {
  if (!ctx.config.forgotPasswordEnabled) throw new ApiError(CODES.FORBIDDEN, FORGOT_PASSWORD_TEXTS.disabled, 403);
}

/** The active, unlocked user of that name, or undefined. */
async function flowUser(db: Kysely<Schema>, username: string, now: Date): Promise<UserRow | undefined> {
  const user = await db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
  const locked = !!user?.lockeduntil && user.lockeduntil > now.toISOString();
  return user && user.status === 'ACTIVE' && !locked ? user : undefined;
}

/** A stored value matches only when both it and the typed one are not empty: a user without one cannot use the flow. */
const sameCode = (stored: string | null, typed: string | undefined) => !!stored && !!typed?.trim() && typed.trim() === stored;

/** Counts a failed step against the client address and, when there is one, the account; then throws. */
async function failStep(ctx: ActionContext, error: ApiError, username?: string): Promise<never> {
  await recordClientEvent(ctx.db, CLIENT_SCOPES.FORGOT_PASSWORD, ctx.ip, failureLimit(ctx.config), ctx.now());
  if (username) await recordFailedAttempt(ctx, username, 'USER');
  throw error;
}

/** The live flow ticket of this user, or the final step's message. */
async function flowTicket(ctx: ActionContext, ticket: string | undefined, username: string): Promise<KeyHolder> {
  const holder = await checkKey(ctx.db, ticket, [KEY_PURPOSES.FORGOT_PASSWORD], ctx.now()).catch(() => {
    throw verifyAll();
  });
  if (holder.subject !== username) throw verifyAll();
  return holder;
}

async function verifyStep(ctx: ActionContext, data: StepData): Promise<{ ticket?: string }> {
  const now = ctx.now();
  const username = data.username.trim();
  const firstStep = data.fullname === undefined && data.branchcode === undefined && data.tickoffid === undefined;

  if (firstStep) {
    const key = await loadSecret(ctx.db, 'altcha-hmac');
    if (!(await redeemCaptcha(ctx.db, key, data.recaptcha, now))) throw new ApiError(CODES.CAPTCHA_FAILED, MESSAGES.CAPTCHA_FAILED);
    const user = await flowUser(ctx.db, username, now);
    if (!user) return failStep(ctx, noMatch(MESSAGES.USERNAME_NOT_FOUND));
    const ticket = await issueKey(ctx.db, { purpose: KEY_PURPOSES.FORGOT_PASSWORD, subject: user.username, progress: 'USERNAME' }, FORGOT_TICKET_MINUTES, now);
    return { ticket };
  }

  const flow = await flowTicket(ctx, data.ticket, username);
  const user = await flowUser(ctx.db, username, now);
  if (!user) return failStep(ctx, noMatch(MESSAGES.USERNAME_NOT_FOUND));
  const ticket = data.ticket!;

  if (data.branchcode === undefined && data.tickoffid === undefined) {
    // Verifying the full name again (Back) forgets the later steps, as the modal does.
    if (data.fullname!.trim().toLowerCase() !== user.userfullname.trim().toLowerCase()) {
      await setKeyProgress(ctx.db, ticket, 'USERNAME');
      return failStep(ctx, noMatch(MESSAGES.FULLNAME_NOT_MATCH), user.username);
    }
    await setKeyProgress(ctx.db, ticket, 'FULLNAME');
    return {};
  }

  if (!reached(flow.progress, 'FULLNAME')) throw verifyAll();
  const mismatch = !sameCode(user.branchcode, data.branchcode)
    ? MESSAGES.BRANCH_NOT_MATCH
    : !sameCode(user.tickoffid, data.tickoffid)
      ? MESSAGES.TICKET_OFFICE_NOT_MATCH
      : undefined;
  if (mismatch) {
    await setKeyProgress(ctx.db, ticket, 'FULLNAME');
    return failStep(ctx, noMatch(mismatch), user.username);
  }
  await setKeyProgress(ctx.db, ticket, 'BRANCH');
  return {};
}

/** The e-mail that tells the user their password was set through this flow, queued with the change. */
async function mailPasswordChanged(ctx: ActionContext, trx: Kysely<Schema>, user: UserRow) {
  const when = ctx.now().toISOString().replace('T', ' ').slice(0, 19);
  const body =
    `Dear ${user.userfullname},\n\n` +
    `The password of your Loyalty Management System account "${user.username}" was set on ${when} UTC ` +
    `with "Don't know your password?" on the login page, from the address ${ctx.ip}.\n` +
    `Every session of the account has been ended.\n\n` +
    `If you did not do this, tell your administrator at once.\n`;
  await ctx.mail.queue(trx, { to: user.email, subject: FORGOT_PASSWORD_TEXTS.mailSubject, text: body, kind: 'PASSWORD_CHANGED' }, ctx.now());
}

export const forgotPasswordActions = [
  defineAction({
    path: '/api/user/forgot-verify',
    guard: 'public',
    reference: {
      summary: "Check one step of \"Don't know your password?\" (username, then full name, branch and tick-off id); the first step answers the flow's ticket",
      result: { type: 'object', required: ['ticket'], properties: { ticket: { type: 'string' } } },
      codes: [CODES.CAPTCHA_FAILED, CODES.NO_MATCH],
    },
    data: {
      type: 'object',
      required: ['username'],
      properties: {
        username: { ...text, minLength: 1 },
        recaptcha: { type: 'string', maxLength: 2000 },
        ticket: ticketField,
        fullname: text,
        branchcode: text,
        tickoffid: text,
      },
    },
    handler: async (ctx) => {
      ensureEnabled(ctx);
      await assertClientNotLocked(ctx.db, CLIENT_SCOPES.FORGOT_PASSWORD, ctx.ip, ctx.now());
      const { ticket } = await verifyStep(ctx, ctx.parameter.data as StepData);
      return ticket ? { result: { ticket } } : {};
    },
  }),

  defineAction({
    path: '/api/user/forgot-reset',
    guard: 'public',
    reference: { summary: "Set the password once every step is checked; answers a message, no result", codes: [CODES.NO_MATCH, CODES.PASSWORD_RULES] },
    data: {
      type: 'object',
      required: ['username', 'ticket', 'newpassword', 'plain'],
      properties: {
        username: text,
        ticket: ticketField,
        newpassword: { type: 'string', pattern: BROWSER_HASH.source },
        plain: { type: 'object', required: ['newpassword'], properties: { newpassword: { type: 'string', maxLength: 200 } } },
      },
    },
    handler: async (ctx) => {
      ensureEnabled(ctx);
      await assertClientNotLocked(ctx.db, CLIENT_SCOPES.FORGOT_PASSWORD, ctx.ip, ctx.now());
      const data = ctx.parameter.data as { username: string; ticket: string; newpassword: string; plain: { newpassword: string } };
      if (sha256Hex(data.plain.newpassword) !== data.newpassword) {
        throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: the plain password does not match its hash', 400);
      }
      const username = data.username.trim();
      const flow = await flowTicket(ctx, data.ticket, username);
      if (!reached(flow.progress, 'BRANCH')) throw verifyAll();
      const user = await flowUser(ctx.db, username, ctx.now());
      if (!user) throw verifyAll();
      const errors = forgotPasswordErrors(data.plain.newpassword, data.plain.newpassword);
      if (errors.length > 0) throw new ApiError(CODES.PASSWORD_RULES, errors[0]!, 200, { newpassword: errors[0]! });
      // The ticket is used up in the password's transaction: a second reset with it loses.
      await setPassword(
        ctx,
        async (trx) => {
          await useKey(trx, data.ticket, [KEY_PURPOSES.FORGOT_PASSWORD], ctx.now()).catch(() => {
            throw verifyAll();
          });
          return user.username;
        },
        data.newpassword,
        LEGENDS.RESET_PASSWORD,
        { endAllSessions: true, inTransaction: (trx) => mailPasswordChanged(ctx, trx, user) },
      );
      ctx.mail.deliverSoon();
      return { message: MESSAGES.DATA_UPDATED };
    },
  }),
];
