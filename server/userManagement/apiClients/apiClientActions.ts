// The API Client screen's own actions: New Secret (shown once; the secrets it replaces work for the rotation's
// overlap), Revoke Old Secrets (ends the overlap at once), and for scripts a list of a client's secrets and the
// revocation of one. The screen's hooks check the IP allow-list, keep client ids apart from staff usernames and
// answer a new client's first secret with its create (shown once, like New Secret's).
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { formatMessage } from '../../../engine/rules';
import { actionFunctionCode, isCustomAction } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import { defineAction, type Action, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { definitionDb } from '../../platform/db/definitionDb';
import type { HookRegistry } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { allowListEntries, allowListProblem, API_CLIENT_LEGENDS, ROTATION_OVERLAP_HOURS } from '../../platform/session/clientTokens';
import { writeUserLog } from '../../platform/userlog/userLog';
import { API_CLIENT_RESOURCE, issueSecret, revokeSecrets, secretsOf } from './apiClientStore';
import * as moduleTexts from './texts.json';

// not in spec: the product's own texts.
export const API_CLIENT_TEXTS = moduleTexts.apiClient;
/** New Secret's answer: the secret is shown once, the older ones work for the rotation's overlap. */
export const NEW_SECRET_MESSAGE = formatMessage(API_CLIENT_TEXTS.newSecret, { hours: ROTATION_OVERLAP_HOURS });

const MODULE = 'APICLIENT';
const CLIENT_DATA = { type: 'object', required: ['clientid'], properties: { clientid: { type: 'string', minLength: 1, maxLength: 40 } } };
// What the actions answer, for the API reference.
const REVOKED = { result: { type: 'object', required: ['secretids'], properties: { secretids: { type: 'array', items: { type: 'string' } } } }, codes: [CODES.NOT_FOUND] };
const MOMENT = { type: ['string', 'null'] };

async function mustFindClient(db: Kysely<Schema>, clientid: string): Promise<void> {
  const found = await definitionDb(db).selectFrom('api_client').select('clientid').where('clientid', '=', clientid).executeTakeFirst();
  if (!found) throw new ApiError(CODES.NOT_FOUND, formatMessage(API_CLIENT_TEXTS.clientNotFound, { clientid }));
}

function customGuard(screen: ScreenDefinition, name: string): { function: string } {
  const action = screen.actions.filter(isCustomAction).find((a) => a.name === name);
  if (!action) throw new Error(`${screen.menucode} declares no action "${name}"`);
  return { function: actionFunctionCode(screen, action) };
}

const logSecret = (ctx: ActionContext, trx: Kysely<Schema>, legend: string, clientid: string, after: unknown) =>
  writeUserLog(trx, { username: ctx.user!.username, module: MODULE, legend, recordkey: clientid, after, ip: ctx.ip }, ctx.now());

export function apiClientActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get(API_CLIENT_RESOURCE);
  if (!screen) return [];
  const update = customGuard(screen, 'new-secret');
  const base = `/api/${API_CLIENT_RESOURCE}`;
  return [
    defineAction({
      path: `${base}/new-secret`,
      guard: update,
      data: CLIENT_DATA,
      reference: {
        summary: 'A new secret, shown once (the older ones work for the rotation\'s overlap)',
        result: { type: 'object', required: ['clientid', 'secretid', 'secret'], properties: { clientid: { type: 'string' }, secretid: { type: 'string' }, secret: { type: 'string' } } },
        codes: [CODES.NOT_FOUND],
      },
      handler: async (ctx) => {
        const { clientid } = ctx.parameter.data as { clientid: string };
        const issued = await ctx.db.transaction().execute(async (trx) => {
          await mustFindClient(trx, clientid);
          const made = await issueSecret(trx, clientid, ctx.user!.username, ctx.now());
          await logSecret(ctx, trx, API_CLIENT_LEGENDS.SECRET_ISSUED, clientid, { secretid: made.secretid, replaced: made.replaced });
          return made;
        });
        return { message: NEW_SECRET_MESSAGE, result: { clientid, secretid: issued.secretid, secret: issued.secret } };
      },
    }),
    defineAction({
      path: `${base}/revoke-old-secrets`,
      guard: customGuard(screen, 'revoke-old-secrets'),
      data: CLIENT_DATA,
      reference: { summary: 'Revokes every live secret but the newest, ending the overlap at once', ...REVOKED },
      handler: async (ctx) => {
        const { clientid } = ctx.parameter.data as { clientid: string };
        const ids = await ctx.db.transaction().execute(async (trx) => {
          await mustFindClient(trx, clientid);
          const revoked = await revokeSecrets(trx, clientid, ctx.now());
          if (revoked.length > 0) await logSecret(ctx, trx, API_CLIENT_LEGENDS.SECRET_REVOKED, clientid, { secretids: revoked });
          return revoked;
        });
        return { message: ids.length > 0 ? formatMessage(API_CLIENT_TEXTS.revoked, { n: ids.length }) : API_CLIENT_TEXTS.noneToRevoke, result: { secretids: ids } };
      },
    }),
    defineAction({
      path: `${base}/revoke-secret`,
      guard: update,
      reference: { summary: 'Revokes one secret by its id', ...REVOKED },
      data: { type: 'object', required: ['clientid', 'secretid'], properties: { ...CLIENT_DATA.properties, secretid: { type: 'string', minLength: 1, maxLength: 20 } } },
      handler: async (ctx) => {
        const { clientid, secretid } = ctx.parameter.data as { clientid: string; secretid: string };
        await ctx.db.transaction().execute(async (trx) => {
          await mustFindClient(trx, clientid);
          const revoked = await revokeSecrets(trx, clientid, ctx.now(), secretid);
          if (revoked.length === 0) throw new ApiError(CODES.NOT_FOUND, formatMessage(API_CLIENT_TEXTS.secretNotFound, { secretid }));
          await logSecret(ctx, trx, API_CLIENT_LEGENDS.SECRET_REVOKED, clientid, { secretids: revoked });
        });
        return { message: formatMessage(API_CLIENT_TEXTS.revoked, { n: 1 }), result: { secretids: [secretid] } };
      },
    }),
    defineAction({
      path: `${base}/secrets`,
      guard: { function: actionFunctionCode(screen, 'access') },
      data: CLIENT_DATA,
      reference: {
        summary: "The client's secrets, newest first (ids and dates, never hashes)",
        result: { type: 'array', items: { type: 'object', required: ['secretid', 'createdat'], properties: { secretid: { type: 'string' }, createdat: { type: 'string' }, createdby: MOMENT, validuntil: MOMENT, revokedat: MOMENT } } },
        codes: [CODES.NOT_FOUND],
      },
      handler: async (ctx) => {
        const { clientid } = ctx.parameter.data as { clientid: string };
        await mustFindClient(ctx.db, clientid);
        return { result: await secretsOf(ctx.db, clientid) };
      },
    }),
  ];
}

/** The allow-list's first bad entry as the field's message. */
function checkAllowList(values: Row): void {
  if (values.ipallowlist === undefined || values.ipallowlist === null) return;
  const problem = allowListEntries(String(values.ipallowlist)).map(allowListProblem).find((p) => p !== undefined);
  if (problem) throw new ApiError(CODES.VALIDATION, problem, 200, { ipallowlist: problem });
}

export const apiClientHooks: HookRegistry = {
  [API_CLIENT_RESOURCE]: {
    deriveColumns: async (_ctx, trx, values) => {
      checkAllowList(values);
      // A client's calls are logged under its id: never the name of a staff user.
      const user = await trx.selectFrom('app_user').select('username').where('username', '=', String(values.clientid ?? '')).executeTakeFirst();
      if (user) throw new ApiError(CODES.DUPLICATE, API_CLIENT_TEXTS.usernameTaken, 200, { clientid: API_CLIENT_TEXTS.usernameTaken });
      return {};
    },
    // The first secret comes with the create's answer, shown once; the user log has its id, never the secret.
    revealOnCreate: async (ctx, trx, record) => {
      const clientid = String(record.clientid);
      const made = await issueSecret(trx, clientid, ctx.user!.username, ctx.now());
      await logSecret(ctx, trx, API_CLIENT_LEGENDS.SECRET_ISSUED, clientid, { secretid: made.secretid, replaced: made.replaced });
      return { secretid: made.secretid, secret: made.secret };
    },
    createdMessage: async () => API_CLIENT_TEXTS.created,
    changeColumns: (_ctx, _trx, { changes }) => {
      checkAllowList(changes);
      return undefined;
    },
  },
};
