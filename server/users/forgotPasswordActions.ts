// The login page's forgot-password flow (spec 000 §4, §5): the server checks each step itself and
// answers only match or no match; the reset checks all four again, since the server keeps no state.
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { forgotPasswordErrors } from '../../engine/rules';
import { defineAction, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import type { Schema, UserRow } from '../db/schema';
import { hashPassword } from '../session/passwordHash';
import { sha256Hex } from '../session/sessionStore';
import { LEGENDS, writeUserLog } from '../userlog/userLog';

interface Claim {
  username: string;
  fullname?: string;
  branchcode?: string;
  tickoffid?: string;
}

const noMatch = (message: string) => new ApiError(CODES.NO_MATCH, message);
const text = { type: 'string', maxLength: 150 };

/** Checks the claim as far as it goes; throws the spec's message for the first part that does not match. */
async function checkClaim(db: Kysely<Schema>, claim: Claim, now: Date): Promise<UserRow> {
  const user = await db.selectFrom('app_user').selectAll().where('username', '=', claim.username.trim()).executeTakeFirst();
  const locked = !!user?.lockeduntil && user.lockeduntil > now.toISOString();
  if (!user || user.status !== 'ACTIVE' || locked) throw noMatch(MESSAGES.USERNAME_NOT_FOUND);
  if (claim.fullname !== undefined && claim.fullname.trim().toLowerCase() !== user.userfullname.trim().toLowerCase()) {
    throw noMatch(MESSAGES.FULLNAME_NOT_MATCH);
  }
  if (claim.branchcode !== undefined && claim.branchcode.trim() !== (user.branchcode ?? '')) throw noMatch(MESSAGES.BRANCH_NOT_MATCH);
  if (claim.tickoffid !== undefined && claim.tickoffid.trim() !== (user.tickoffid ?? '')) throw noMatch(MESSAGES.TICKET_OFFICE_NOT_MATCH);
  return user;
}

/** Wrong answers count like wrong passwords: enough of them lock the account. */
async function countFailure(ctx: ActionContext, username: string) {
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('app_user').set((eb) => ({ failedcount: eb('failedcount', '+', 1) })).where('username', '=', username).execute();
    const row = await trx.selectFrom('app_user').select('failedcount').where('username', '=', username).executeTakeFirst();
    if (row && row.failedcount >= ctx.config.loginMaxFailures) {
      const lockeduntil = new Date(at.getTime() + ctx.config.loginLockMinutes * 60_000).toISOString();
      await trx.updateTable('app_user').set({ failedcount: 0, lockeduntil }).where('username', '=', username).execute();
      await writeUserLog(trx, { username, module: 'USER', legend: LEGENDS.LOCKED, after: { lockeduntil }, ip: ctx.ip }, at);
    }
  });
}

async function verified(ctx: ActionContext, claim: Claim): Promise<UserRow> {
  try {
    return await checkClaim(ctx.db, claim, ctx.now());
  } catch (error) {
    if (error instanceof ApiError && error.message !== MESSAGES.USERNAME_NOT_FOUND) await countFailure(ctx, claim.username.trim());
    throw error;
  }
}

export const forgotPasswordActions = [
  defineAction({
    path: '/api/user/forgot-verify',
    guard: 'public',
    data: {
      type: 'object',
      required: ['username'],
      properties: { username: { ...text, minLength: 1 }, fullname: text, branchcode: text, tickoffid: text },
    },
    handler: async (ctx) => {
      await verified(ctx, ctx.parameter.data as Claim);
      return {};
    },
  }),

  defineAction({
    path: '/api/user/forgot-reset',
    guard: 'public',
    data: {
      type: 'object',
      required: ['username', 'fullname', 'branchcode', 'tickoffid', 'newpassword', 'plain'],
      properties: {
        username: text,
        fullname: text,
        branchcode: text,
        tickoffid: text,
        newpassword: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        plain: { type: 'object', required: ['newpassword'], properties: { newpassword: { type: 'string', maxLength: 200 } } },
      },
    },
    handler: async (ctx) => {
      const data = ctx.parameter.data as Required<Claim> & { newpassword: string; plain: { newpassword: string } };
      if (sha256Hex(data.plain.newpassword) !== data.newpassword) {
        throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: the plain password does not match its hash', 400);
      }
      const user = await verified(ctx, data).catch((error: unknown) => {
        throw error instanceof ApiError && error.code === CODES.NO_MATCH ? noMatch(MESSAGES.VERIFY_ALL_REQUIRED) : error;
      });
      const errors = forgotPasswordErrors(data.plain.newpassword, data.plain.newpassword);
      if (errors.length > 0) throw new ApiError(CODES.PASSWORD_RULES, errors[0]!, 200, { newpassword: errors[0]! });
      const at = ctx.now();
      const passwordhash = await hashPassword(data.newpassword);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('app_user')
          .set({ passwordhash, passworddate: at.toISOString(), failedcount: 0, lockeduntil: null, updateddate: at.toISOString() })
          .where('username', '=', user.username)
          .execute();
        await trx.updateTable('session').set({ endedat: at.toISOString() }).where('username', '=', user.username).where('endedat', 'is', null).execute();
        await writeUserLog(trx, { username: user.username, module: 'USER', legend: LEGENDS.RESET_PASSWORD, recordkey: user.username, ip: ctx.ip }, at);
      });
      return { message: MESSAGES.DATA_UPDATED };
    },
  }),
];
