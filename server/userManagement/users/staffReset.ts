// A staff user's password set from an e-mailed link: the link a new user gets, the reset an administrator
// sends from the User screen (spec 000 §7 'user reset-user-password'), and the public /reset-password/{ID}
// page's calls (validate the key, set the password). The key is single-use and expires.
import type { Kysely } from 'kysely';
import { MEMBER_FLOW_PATHS } from '../../../domain/memberFlows';
import { CODES } from '../../../engine/api/responseCodes';
import { defineAction, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { checkKey, issueKey, KEY_PURPOSES, useKey } from '../../platform/keys/oneTimeKeys';
import type { ResourceHooks } from '../../platform/resources/hooks';
import { BROWSER_HASH } from '../../platform/session/passwordHash';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { userAdministrationHooks } from './administratorGuard';
import { setPassword } from '../../platform/session/credentials';
import * as moduleTexts from './texts.json';

const STAFF_RESET = [KEY_PURPOSES.STAFF_RESET] as const;
/** Stored for a user who has not set a password yet: no password hashes to it, so nobody can log in. */
const NO_PASSWORD = '!unset';

// not in spec: the product's own texts.
export const STAFF_RESET_TEXTS = moduleTexts.staffReset;

async function mailLink(ctx: ActionContext, trx: Kysely<Schema>, user: { username: string; userfullname: string; email: string }, welcome: boolean) {
  const minutes = welcome ? ctx.config.activationKeyHours * 60 : ctx.config.resetKeyMinutes;
  const key = await issueKey(trx, { purpose: KEY_PURPOSES.STAFF_RESET, subject: user.username }, minutes, ctx.now());
  const link = ctx.mail.link(`/reset-password/${key}`);
  const valid = welcome ? `${ctx.config.activationKeyHours} hours` : `${minutes} minutes`;
  const text = welcome
    ? `Dear ${user.userfullname},\n\nAn account has been created for you on the Loyalty Management System.\nUsername: ${user.username}\n\nSet your password here (the link is valid for ${valid} and works once):\n${link}\n`
    : `Dear ${user.userfullname},\n\nA reset of your Loyalty Management System password was requested.\nSet a new password here (the link is valid for ${valid} and works once):\n${link}\n\nIf you did not expect this e-mail, tell your administrator.\n`;
  await ctx.mail.queue(trx, { to: user.email, subject: welcome ? STAFF_RESET_TEXTS.newUserSubject : STAFF_RESET_TEXTS.resetSubject, text, kind: KEY_PURPOSES.STAFF_RESET }, ctx.now());
}

/** The User screen's resource: a new user has no password until they follow the e-mailed link; someone keeps the User and Role grants. */
export const userHooks: ResourceHooks = {
  createColumns: (ctx) => ({ passwordhash: NO_PASSWORD, passworddate: ctx.now().toISOString(), failedcount: 0 }),
  afterCreate: (ctx, trx, record) => mailLink(ctx, trx, record as { username: string; userfullname: string; email: string }, true),
  ...userAdministrationHooks,
};

const KEY_DATA = { type: 'object', required: ['key'], properties: { key: { type: 'string', maxLength: 200 } } };

export const staffResetActions = [
  defineAction({
    path: '/api/user/reset-user-password',
    guard: { function: 'USER_RESETPASSWORD' },
    reference: { summary: 'Mail a user a link to set a new password; answers a message, no result', codes: [CODES.NOT_FOUND] },
    data: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 60 } } },
    handler: async (ctx) => {
      const { username } = ctx.parameter.data as { username: string };
      await ctx.db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('app_user').select(['username', 'userfullname', 'email']).where('username', '=', username).executeTakeFirst();
        if (!user) throw new ApiError(CODES.NOT_FOUND, `User "${username}" was not found`);
        await mailLink(ctx, trx, user, false);
        await writeUserLog(trx, { username: ctx.user!.username, module: 'USER', legend: LEGENDS.RESET_PASSWORD, recordkey: username, ip: ctx.ip }, ctx.now());
      });
      ctx.mail.deliverSoon();
      return { message: STAFF_RESET_TEXTS.linkSent };
    },
  }),

  defineAction({
    path: MEMBER_FLOW_PATHS.staffResetValidation,
    guard: 'public',
    reference: { summary: "Check a user's reset link: the user it is for", result: { type: 'object', required: ['username'], properties: { username: { type: 'string' } } }, codes: [CODES.KEY_INVALID, CODES.KEY_USED, CODES.KEY_EXPIRED] },
    data: KEY_DATA,
    handler: async (ctx) => {
      const { subject } = await checkKey(ctx.db, (ctx.parameter.data as { key: string }).key, STAFF_RESET, ctx.now());
      return { result: { username: subject } };
    },
  }),

  defineAction({
    path: MEMBER_FLOW_PATHS.staffResetPassword,
    guard: 'public',
    reference: { summary: "Set a user's password from the reset link; answers a message, no result", codes: [CODES.KEY_INVALID, CODES.KEY_USED, CODES.KEY_EXPIRED] },
    data: { ...KEY_DATA, required: ['key', 'newpassword'], properties: { ...KEY_DATA.properties, newpassword: { type: 'string', pattern: BROWSER_HASH.source } } },
    handler: async (ctx) => {
      const { key, newpassword } = ctx.parameter.data as { key: string; newpassword: string };
      // Checked before the slow hash, used inside the password's transaction.
      await checkKey(ctx.db, key, STAFF_RESET, ctx.now());
      await setPassword(ctx, async (trx) => (await useKey(trx, key, STAFF_RESET, ctx.now())).subject!, newpassword, LEGENDS.RESET_PASSWORD);
      return { message: STAFF_RESET_TEXTS.passwordSet };
    },
  }),
];
