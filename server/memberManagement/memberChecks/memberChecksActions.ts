// The member check actions served by domain code: rejecting an ID document with a reason
// (/member-identity), and generating a member's referral code (/member-referral). Each changes the member
// through the view's own resource (its fixed filter applies: a member outside it is not found), in one
// transaction, written to the user log with before and after.
import { CODES } from '../../../engine/api/responseCodes';
import { REASON_FIELD } from '../../../engine/definition/approvals';
import { actionFunctionCode, isCustomAction, resolveField, resourceModel, ruleContext } from '../../../engine/definition/compile';
import type { CustomAction } from '../../../engine/definition/screen';
import { validateValue } from '../../../engine/rules';
import { defineAction, type Action, type ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { changeRecord, core, type Target } from '../../platform/resources/resourceActions';
import { recordSchema } from '../../platform/resources/resourceReference';
import type { ResourceServices } from '../../platform/resources/resourceServices';
import type { Row } from '../../platform/resources/records';
import { CHECK_RESOURCES } from './memberChecksHooks';
import { referralCodeTaken } from './memberChecksStore';
import { referralCode } from './referralCode';
import { definitionDb } from '../../platform/db/definitionDb';

// not in spec: the product's own texts.
export const MEMBER_CHECK_TEXTS = {
  rejected: 'The identity document has been rejected',
  codeGenerated: (code: string) => `Referral code ${code} has been generated`,
  hasCode: (code: string) => `The member already has the referral code ${code}`,
  notActive: 'Only an active member can get a referral code',
  noFreeCode: 'No free referral code could be made; please try again',
} as const;

export const IDENTITY_STATUS = { PENDING: 'PENDING', VERIFIED: 'VERIFIED', REJECTED: 'REJECTED' } as const;
const KEY_DATA = { type: 'object', required: ['memberid'], properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 }, reason: { type: ['string', 'null'], maxLength: 2000 } }, additionalProperties: false };
const reasonField = resolveField(REASON_FIELD);
/** Tries before a referral code is given up on (each a fresh random code; 31^4 codes per name prefix). */
const CODE_TRIES = 8;

/** The view screen of a resource with its model and hooks, and the custom action served here. */
function served(services: ResourceServices, resource: string, action: string): { target: Target; custom: CustomAction } {
  const screen = services.catalogue.screenByResource.get(resource);
  if (!screen) throw new Error(`no screen declares resource "${resource}"`);
  const custom = screen.actions.filter(isCustomAction).find((a) => a.name === action);
  if (!custom) throw new Error(`${screen.menucode} declares no action "${action}"`);
  const model = resourceModel(screen);
  return { target: { screen, model, hooks: services.hooks?.[model.name] ?? {} }, custom };
}

export function memberCheckActions(services: ResourceServices): Action[] {
  const reject = served(services, CHECK_RESOURCES.identity, 'reject');
  const generate = served(services, CHECK_RESOURCES.referral, 'generate-code');
  const db = (ctx: ActionContext) => definitionDb(ctx.db);
  // After a write commits: the view's counts are stale.
  const written = (target: Target) => services.counts.invalidate(target.model.name);

  return [
    defineAction({
      path: `/api/${reject.target.model.name}/${reject.custom.name}`,
      guard: { function: actionFunctionCode(reject.target.screen, reject.custom) },
      data: KEY_DATA,
      reference: { summary: "Reject a member's identity document with a reason", result: recordSchema(reject.target.model), codes: [CODES.VALIDATION, CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { memberid, reason } = ctx.parameter.data as { memberid: string; reason?: string | null };
        const message = validateValue(reason ?? null, reasonField.rules, ruleContext(reasonField));
        if (message) throw new ApiError(CODES.VALIDATION, message, 200, { [reasonField.name]: message });
        const result = await db(ctx)
          .transaction()
          .execute((trx) => changeRecord(ctx, trx, reject.target, { memberid }, { identitystatus: IDENTITY_STATUS.REJECTED, identityreason: reason!.trim() }, reject.custom.name.toUpperCase()));
        written(reject.target);
        return { result, message: MEMBER_CHECK_TEXTS.rejected };
      },
    }),

    defineAction({
      path: `/api/${generate.target.model.name}/${generate.custom.name}`,
      guard: { function: actionFunctionCode(generate.target.screen, generate.custom) },
      data: KEY_DATA,
      reference: { summary: 'Give an active member a referral code', result: recordSchema(generate.target.model), codes: [CODES.VALIDATION, CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { memberid } = ctx.parameter.data as { memberid: string };
        const result = await db(ctx)
          .transaction()
          .execute(async (trx) => {
            // Filled once the member is read and a free code found; changeRecord writes it after beforeChange.
            const changes: Row = {};
            return changeRecord(ctx, trx, generate.target, { memberid }, changes, 'GENERATECODE', {
              beforeChange: async (before: Row) => {
                if (before.referralcode) throw new ApiError(CODES.VALIDATION, MEMBER_CHECK_TEXTS.hasCode(String(before.referralcode)), 200, { referralcode: MEMBER_CHECK_TEXTS.hasCode(String(before.referralcode)) });
                if (before.status !== 'ACTIVE') throw new ApiError(CODES.VALIDATION, MEMBER_CHECK_TEXTS.notActive);
                for (let i = 0; i < CODE_TRIES && !changes.referralcode; i++) {
                  const candidate = referralCode(String(before.firstname ?? ''), crypto.getRandomValues(new Uint8Array(4)));
                  if (!(await referralCodeTaken(core(trx), candidate))) changes.referralcode = candidate;
                }
                if (!changes.referralcode) throw new ApiError(CODES.VALIDATION, MEMBER_CHECK_TEXTS.noFreeCode);
              },
            });
          });
        written(generate.target);
        return { result, message: MEMBER_CHECK_TEXTS.codeGenerated(String(result.referralcode)) };
      },
    }),
  ];
}
