// POST /api/session/client-token: an API client's id and secret buy a short-lived bearer token, without a
// captcha. Wrong secrets count toward a lock of the client as wrong passwords lock an account (and toward the
// calling address's lock, as failed logins do); a locked client answers as a wrong secret does.
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { defineAction, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { objectOf, text } from '../core/envelopeSchema';
import { definitionDb } from '../db/definitionDb';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { assertClientNotLocked, CLIENT_SCOPES, failureLimit, isClientLocked, recordClientEvent } from './clientLock';
import { API_CLIENT_MODULE, clientRefusal, issueClientToken, secretIdOf, secretLive, secretMatches, secretRevoked, type ApiClientRow } from './clientTokens';

export const CLIENT_TOKEN_PATH = '/api/session/client-token';

const invalidClient = () => new ApiError(CODES.INVALID_LOGIN, MESSAGES.INVALID_CLIENT);

/** A wrong secret (or an unknown client): counted for the client id and for the address, logged; the client locks at the limit. */
async function failed(ctx: ActionContext, clientid: string): Promise<never> {
  const at = ctx.now();
  const locked = await recordClientEvent(ctx.db, CLIENT_SCOPES.API_CLIENT, clientid, failureLimit(ctx.config), at);
  await recordClientEvent(ctx.db, CLIENT_SCOPES.LOGIN, ctx.ip, { max: ctx.config.loginAddressMaxFailures, minutes: ctx.config.loginLockMinutes }, at);
  await writeUserLog(ctx.db, { username: clientid, module: API_CLIENT_MODULE, legend: locked ? LEGENDS.LOCKED : LEGENDS.LOGIN_FAILED, ip: ctx.ip }, at);
  throw invalidClient();
}

export const clientTokenActions = [
  defineAction({
    path: CLIENT_TOKEN_PATH,
    guard: 'public',
    data: objectOf({ clientid: text(40), secret: text(100) }),
    reference: {
      summary: "An API client's bearer token for its id and secret (no captcha)",
      result: {
        type: 'object',
        required: ['bearer', 'tokentype', 'expiresat', 'client'],
        properties: { bearer: { type: 'string' }, tokentype: { const: 'Bearer' }, expiresat: { type: 'string' }, client: { type: 'object', required: ['clientid', 'clientname'], properties: { clientid: { type: 'string' }, clientname: { type: 'string' } } } },
      },
      codes: [CODES.INVALID_LOGIN, CODES.CLIENT_EXPIRED, CODES.ADDRESS_NOT_ALLOWED, CODES.SECRET_REVOKED, CODES.ACCOUNT_INACTIVE],
    },
    handler: async (ctx) => {
      const { db } = ctx;
      const { clientid, secret } = ctx.parameter.data as { clientid: string; secret: string };
      const at = ctx.now();
      await assertClientNotLocked(db, CLIENT_SCOPES.LOGIN, ctx.ip, at);
      if (await isClientLocked(db, CLIENT_SCOPES.API_CLIENT, clientid, at)) {
        await writeUserLog(db, { username: clientid, module: API_CLIENT_MODULE, legend: LEGENDS.LOGIN_FAILED, after: { locked: true }, ip: ctx.ip }, at);
        throw invalidClient();
      }
      const secretid = secretIdOf(secret);
      const client = (await definitionDb(db)
        .selectFrom('api_client as c')
        .innerJoin('role as r', 'r.rolecode', 'c.rolecode')
        .select(['c.clientid', 'c.clientname', 'c.rolecode', 'c.branchcode', 'c.partnercode', 'c.expirydate', 'c.ratelimit', 'c.ipallowlist', 'c.status', 'r.status as rolestatus'])
        .where('c.clientid', '=', clientid)
        .executeTakeFirst()) as (ApiClientRow & { rolestatus: string }) | undefined;
      const stored = client && secretid
        ? ((await definitionDb(db).selectFrom('api_client_secret').select(['secrethash', 'revokedat', 'validuntil']).where('secretid', '=', secretid).where('clientid', '=', clientid).executeTakeFirst()) as
            | { secrethash: string; revokedat: string | null; validuntil: string | null }
            | undefined)
        : undefined;
      if (!client || !stored || !secretMatches(secret, stored.secrethash)) return failed(ctx, clientid);
      // The right secret: the client's own refusals name themselves (the caller holds the secret).
      const refusal = clientRefusal(client, ctx.ip, at) ?? (secretLive(stored, at) ? undefined : secretRevoked());
      if (refusal) {
        await writeUserLog(db, { username: clientid, module: API_CLIENT_MODULE, legend: LEGENDS.LOGIN_FAILED, after: { code: refusal.code }, ip: ctx.ip }, at);
        throw refusal;
      }
      await db.deleteFrom('client_failure').where('scope', '=', CLIENT_SCOPES.API_CLIENT).where('client', '=', clientid).execute();
      const { token, expiresat } = await issueClientToken(db, client, secretid!, at);
      await writeUserLog(db, { username: clientid, module: API_CLIENT_MODULE, legend: LEGENDS.LOGIN, ip: ctx.ip }, at);
      return { signature: token, result: { bearer: token, tokentype: 'Bearer', expiresat, client: { clientid: client.clientid, clientname: client.clientname } } };
    },
  }),
];
