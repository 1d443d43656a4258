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

// What the lookups answer (engine/definition/views.ts TierHeld, TierStanding), for the API reference.
const TEXT = { type: 'string' };
const NULLABLE_TEXT = { type: ['string', 'null'] };
const TIER_HELD = {
  title: 'tier held',
  type: 'object',
  required: ['memberid', 'tierid', 'startdate'],
  properties: { memberid: TEXT, membershipid: TEXT, tierid: TEXT, tiername: NULLABLE_TEXT, startdate: TEXT, enddate: NULLABLE_TEXT, tierreason: NULLABLE_TEXT, reasonname: NULLABLE_TEXT, createddate: NULLABLE_TEXT },
};
const CRITERION_LINE = { type: 'object', properties: { mileagecriteriaid: TEXT, tierid: TEXT, type: TEXT, applies: { type: 'boolean' }, met: { type: 'boolean' }, why: TEXT } };
const TIER_STANDING = {
  title: 'tier standing',
  type: 'object',
  required: ['memberid', 'tierid', 'tiernames', 'tiermiles', 'segments', 'periodend'],
  properties: {
    memberid: TEXT,
    tierid: TEXT,
    tiernames: { type: 'object', additionalProperties: NULLABLE_TEXT },
    startperiod: NULLABLE_TEXT,
    endperiod: NULLABLE_TEXT,
    tiermiles: { type: 'number' },
    segments: { type: 'number' },
    periodend: {
      anyOf: [
        { type: 'object', required: ['outcome', 'tierid'], properties: { outcome: { enum: ['UPGRADE', 'MAINTAIN', 'DOWNGRADE'] }, tierid: TEXT, reason: TEXT, mileagecriteriaid: TEXT, checks: { type: 'array', items: CRITERION_LINE } } },
        { type: 'null' },
      ],
    },
  },
};

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
      reference: { summary: 'The tier a member held on a day', result: TIER_HELD, codes: [CODES.VALIDATION, CODES.NOT_FOUND] },
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
      reference: { summary: "Where a member stands in the current qualification period, and what its end would decide", result: TIER_STANDING, codes: [CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { memberid: id } = ctx.parameter.data as { memberid: string };
        const status = await qualificationStatus(ctx.db, id);
        if (!status) throw new ApiError(CODES.NOT_FOUND, TIER_TEXTS.noPeriod(id));
        return { result: status };
      },
    }),
  ];
}
