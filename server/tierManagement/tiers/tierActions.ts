// The tier lookups staff call for a member, guarded like the member's Member Tier section (the member screen's
// ACCESS, or a read-only menu of it): the tier held on a day ('as of date'), and where the member stands in the
// current qualification period (its tier miles and segments, every criterion with why it does or does not count).
import { formatDate } from '../../../engine/definition/format';
import { CODES } from '../../../engine/api/responseCodes';
import { actionFunctionCode, readOnlyMenus } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { defineAction, type Action } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { isIsoDay } from '../../../engine/definition/dates';
import { TIER_STANDING_PATHS } from '../../../engine/definition/views';
import { memberTierAsOf, qualificationStatus } from './tierStore';


// not in spec: the lookups' own texts.
export const TIER_TEXTS = {
  noTier: (memberid: string, day: string) => `Member ${memberid} held no tier on ${formatDate(day)}`,
  noPeriod: (memberid: string) => `Member ${memberid} has no qualification period`,
  badDate: 'As of Date must be a date (YYYY-MM-DD)',
} as const;

export function tierActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get('member-tier');
  if (!screen) return [];
  const guard = { function: actionFunctionCode(screen, 'access'), orFunctions: readOnlyMenus(catalogue.pages, screen).map((menu) => `${menu}_ACCESS`) };
  const memberid = { type: 'string', minLength: 1, maxLength: 20 };
  return [
    defineAction({
      path: TIER_STANDING_PATHS.asOf,
      guard,
      data: { type: 'object', additionalProperties: false, required: ['memberid', 'asofdate'], properties: { memberid, asofdate: { type: 'string', maxLength: 10 } } },
      handler: async (ctx) => {
        const { memberid: id, asofdate } = ctx.parameter.data as { memberid: string; asofdate: string };
        if (!isIsoDay(asofdate)) throw new ApiError(CODES.VALIDATION, TIER_TEXTS.badDate, 200, { asofdate: TIER_TEXTS.badDate });
        const held = await memberTierAsOf(ctx.db, id, asofdate);
        if (!held) throw new ApiError(CODES.NOT_FOUND, TIER_TEXTS.noTier(id, asofdate));
        return { result: held };
      },
    }),
    defineAction({
      path: TIER_STANDING_PATHS.qualification,
      guard,
      data: { type: 'object', additionalProperties: false, required: ['memberid'], properties: { memberid } },
      handler: async (ctx) => {
        const { memberid: id } = ctx.parameter.data as { memberid: string };
        const status = await qualificationStatus(ctx.db, id);
        if (!status) throw new ApiError(CODES.NOT_FOUND, TIER_TEXTS.noPeriod(id));
        return { result: status };
      },
    }),
  ];
}
