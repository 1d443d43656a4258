// The login page's forgot-password flow (spec 000 §4, §5): the server checks each step itself and
// answers only match or no match; the reset checks all four again, since the server keeps no state.
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { forgotPasswordErrors } from '../../engine/rules';
import { defineAction, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import type { Schema, UserRow } from '../db/schema';
import { sha256Hex } from '../session/sessionStore';
import { LEGENDS } from '../userlog/userLog';
import { recordFailedAttempt, setPassword } from './credentials';

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

async function verified(ctx: ActionContext, claim: Claim): Promise<UserRow> {
  try {
    return await checkClaim(ctx.db, claim, ctx.now());
  } catch (error) {
    if (error instanceof ApiError && error.message !== MESSAGES.USERNAME_NOT_FOUND) await recordFailedAttempt(ctx, claim.username.trim(), 'USER');
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
      await setPassword(ctx, user.username, data.newpassword, LEGENDS.RESET_PASSWORD);
      return { message: MESSAGES.DATA_UPDATED };
    },
  }),
];
