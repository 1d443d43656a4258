// Staff user calls of the spine: the signed-in profile and change-password (spec 000 §5, §7).
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { changePasswordErrors } from '../../../engine/rules';
import { defineAction, type ActionContext } from '../../platform/core/action';
import { ApiError, forbidden, unauthenticated } from '../../platform/core/apiError';
import { checkKey, KEY_PURPOSES, useKey } from '../../platform/keys/oneTimeKeys';
import { checkCredentials } from '../../platform/session/sessionActions';
import { sha256Hex } from '../../platform/core/sha256';
import { LEGENDS } from '../../platform/userlog/userLog';
import { setPassword } from '../../platform/session/credentials';

const hashField = { type: 'string', pattern: '^[0-9a-f]{64}$' };

/**
 * The spec sends both passwords as the browser's SHA-256 hex. The strength and "2 different characters"
 * rules cannot be checked on hashes, so this call also carries `plain: { currentpassword, newpassword }`
 * (the typed values, over TLS): the server checks that they hash to the hashed fields, applies the
 * rules, stores only the slow hash of the new hash, and never logs or keeps the plain values.
 */
const changePasswordSchema = {
  type: 'object',
  required: ['username', 'currentpassword', 'newpassword', 'plain'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 60 },
    /** The change ticket of the login that answered 9004; not needed with a session of the same user. */
    ticket: { type: 'string', maxLength: 200 },
    currentpassword: hashField,
    newpassword: hashField,
    plain: {
      type: 'object',
      required: ['currentpassword', 'newpassword'],
      properties: {
        currentpassword: { type: 'string', maxLength: 200 },
        newpassword: { type: 'string', maxLength: 200 },
      },
    },
  },
};

interface ChangePasswordData {
  username: string;
  ticket?: string;
  currentpassword: string;
  newpassword: string;
  plain: { currentpassword: string; newpassword: string };
}

const EXPIRED = [KEY_PURPOSES.PASSWORD_EXPIRED] as const;

/**
 * Who may change this password: a signed-in user their own, or whoever holds the change ticket of the
 * login that answered 9004 for it. Anyone else is refused before a password is checked (so nobody can
 * lock another's account through this call). Answers the ticket to use up, if that was the proof.
 */
async function changeProof(ctx: ActionContext, data: ChangePasswordData): Promise<string | undefined> {
  if (ctx.user) {
    if (ctx.user.username !== data.username) throw forbidden();
    return undefined;
  }
  if (data.ticket === undefined) throw unauthenticated();
  const holder = await checkKey(ctx.db, data.ticket, EXPIRED, ctx.now()).catch(() => {
    throw unauthenticated();
  });
  if (holder.subject !== data.username) throw unauthenticated();
  return data.ticket;
}

/** The signed-in user as the profile answers it (SessionUser without its role code and expiry). */
const NULLABLE_TEXT = { type: ['string', 'null'] };
const PROFILE = {
  title: 'user profile',
  type: 'object',
  required: ['username', 'userfullname', 'rolename'],
  properties: { username: { type: 'string' }, userfullname: { type: 'string' }, email: NULLABLE_TEXT, branchcode: NULLABLE_TEXT, tickoffid: NULLABLE_TEXT, partnercode: NULLABLE_TEXT, rolename: { type: 'string' }, rowscope: NULLABLE_TEXT },
};

export const userActions = [
  defineAction({
    path: '/api/user/profile',
    guard: 'session',
    reference: { summary: 'The signed-in user', result: PROFILE },
    handler: async ({ user }) => {
      const { expiresat: _expires, rolecode: _role, ...profile } = user!;
      return { result: profile };
    },
  }),

  defineAction({
    // Public: the expired-password modal calls it before any session exists, with the 9004 answer's ticket.
    path: '/api/user/change-password',
    guard: 'public',
    reference: {
      summary: "Change one's own password (signed in, or with the ticket of a login that answered 9004)",
      result: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
      codes: [CODES.INVALID_LOGIN, CODES.PASSWORD_RULES],
    },
    data: changePasswordSchema,
    handler: async (ctx) => {
      const data = ctx.parameter.data as ChangePasswordData;
      const ticket = await changeProof(ctx, data);
      if (sha256Hex(data.plain.currentpassword) !== data.currentpassword || sha256Hex(data.plain.newpassword) !== data.newpassword) {
        throw new ApiError(CODES.BAD_REQUEST, 'Invalid request: the plain passwords do not match their hashes', 400);
      }
      const user = await checkCredentials(ctx, data.username, data.currentpassword);
      if (!user) throw new ApiError(CODES.INVALID_LOGIN, MESSAGES.INVALID_LOGIN);
      const errors = changePasswordErrors(data.plain.currentpassword, data.plain.newpassword, data.plain.newpassword);
      if (errors.length > 0) throw new ApiError(CODES.PASSWORD_RULES, errors[0]!, 200, { newpassword: errors[0]! });

      // A ticket works once: it is used up in the password's transaction.
      const username = ticket ? async (trx: Parameters<typeof useKey>[0]) => (await useKey(trx, ticket, EXPIRED, ctx.now()), user.username) : user.username;
      await setPassword(ctx, username, data.newpassword, LEGENDS.CHANGE_PASSWORD);
      return { message: MESSAGES.DATA_UPDATED, result: { detail: MESSAGES.PASSWORD_CHANGED_DETAIL } };
    },
  }),
];
