// The public mini-view (spec 000 §2 '/mini-view', 001 §2 'Member profile summary'): anyone may look up a
// member's summary by card number, so the answer holds only the summary fields and each client address
// gets a limited number of look-ups a minute.
import { CARD_NUMBER_MAX, MEMBER_FLOW_PATHS } from '../../engine/api/memberFlows';
import { CODES, MESSAGES } from '../../engine/api/responseCodes';
import { validateValue } from '../../engine/rules';
import { defineAction, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { ClientRateLimit } from './clientRateLimit';
import { memberSummary } from './memberStore';

// not in spec: the product's own text.
export const MINI_VIEW_TEXTS = { notFound: 'No member found for this card number' } as const;

const CARD_NUMBER_RULES = ['required', `max.${CARD_NUMBER_MAX}`, 'pattern.number'];
const CARD_NUMBER_FIELD = { label: 'Card Number' };

// The action list is built once per process but each server (tests start several) keeps its own counts.
const limits = new WeakMap<object, ClientRateLimit>();
const limitOf = (ctx: ActionContext): ClientRateLimit => {
  let limit = limits.get(ctx.db);
  if (!limit) limits.set(ctx.db, (limit = new ClientRateLimit(ctx.config.miniViewRatePerMinute)));
  return limit;
};

export const miniViewActions = [
  defineAction({
    path: MEMBER_FLOW_PATHS.memberProfile,
    guard: 'public',
    data: {
      type: 'object',
      required: ['cardnumber', 'type'],
      properties: { cardnumber: { type: 'string', maxLength: 200 }, type: { const: 'SUMMARY' } },
    },
    handler: async (ctx) => {
      if (!limitOf(ctx).take(ctx.ip, ctx.now())) throw new ApiError(CODES.TOO_MANY_REQUESTS, MESSAGES.TOO_MANY_REQUESTS, 429);
      const cardnumber = (ctx.parameter.data as { cardnumber: string }).cardnumber.trim();
      const problem = validateValue(cardnumber, CARD_NUMBER_RULES, CARD_NUMBER_FIELD);
      if (problem) throw new ApiError(CODES.VALIDATION, problem, 200, { cardnumber: problem });
      const summary = await memberSummary(ctx.db, cardnumber);
      if (!summary) throw new ApiError(CODES.NOT_FOUND, MINI_VIEW_TEXTS.notFound);
      return { result: summary };
    },
  }),
];
