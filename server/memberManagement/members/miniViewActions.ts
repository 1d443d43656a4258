// The public mini-view (spec 000 §2 '/mini-view', 001 §2 'Member profile summary'): anyone may look up a
// member's summary by card number, so the answer holds only the summary fields and each client address
// gets a limited number of look-ups a minute (counted in the database: every app server sees the same count).
import { CARD_NUMBER_MAX, MEMBER_FLOW_PATHS } from '../../../domain/memberFlows';
import { CODES } from '../../../engine/api/responseCodes';
import { validateValue } from '../../../engine/rules';
import { defineAction } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { assertClientNotLocked, CLIENT_SCOPES, recordClientEvent } from '../../platform/session/clientLock';
import { memberSummary } from './memberStore';
import * as moduleTexts from './texts.json';

// not in spec: the product's own text.
export const MINI_VIEW_TEXTS = moduleTexts.miniView;

const CARD_NUMBER_RULES = ['required', `max.${CARD_NUMBER_MAX}`, 'pattern.number'];
const CARD_NUMBER_FIELD = { label: 'Card Number' };

export const miniViewActions = [
  defineAction({
    path: MEMBER_FLOW_PATHS.memberProfile,
    guard: 'public',
    data: {
      type: 'object',
      required: ['cardnumber', 'type'],
      properties: { cardnumber: { type: 'string', maxLength: 200 }, type: { const: 'SUMMARY' } },
    },
    reference: {
      summary: "Look up a member's summary by card number",
      description: 'Public: the summary fields only, a limited number of look-ups a minute for each client address.',
      result: {
        type: 'object',
        required: ['firstname', 'lastname', 'status', 'membercards', 'memberaccount'],
        properties: {
          firstname: { type: ['string', 'null'] },
          lastname: { type: ['string', 'null'] },
          status: { type: ['string', 'null'] },
          membercards: { type: 'array', items: { type: 'object', required: ['cardnumber'], properties: { cardnumber: { type: 'string' }, membershipname: { type: 'string' }, tiername: { type: 'string' } } } },
          memberaccount: { type: 'object', properties: { startperiod: { type: ['string', 'null'] }, endperiod: { type: ['string', 'null'] } } },
        },
      },
      codes: [CODES.VALIDATION, CODES.NOT_FOUND],
    },
    handler: async (ctx) => {
      await assertClientNotLocked(ctx.db, CLIENT_SCOPES.MINI_VIEW, ctx.ip, ctx.now());
      await recordClientEvent(ctx.db, CLIENT_SCOPES.MINI_VIEW, ctx.ip, { max: ctx.config.miniViewRatePerMinute, minutes: 1 }, ctx.now());
      const cardnumber = (ctx.parameter.data as { cardnumber: string }).cardnumber.trim();
      const problem = validateValue(cardnumber, CARD_NUMBER_RULES, CARD_NUMBER_FIELD);
      if (problem) throw new ApiError(CODES.VALIDATION, problem, 200, { cardnumber: problem });
      const summary = await memberSummary(ctx.db, cardnumber);
      if (!summary) throw new ApiError(CODES.NOT_FOUND, MINI_VIEW_TEXTS.notFound);
      return { result: summary };
    },
  }),
];
