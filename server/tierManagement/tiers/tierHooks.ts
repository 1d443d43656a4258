// Tiers' hooks into the generic resource API: staff change a member's tier on the Member Tier step (a new row of
// the tier history: its membership, a tier of it, a tier reason and a start date). The generic create writes the
// row; the hook first checks it against the member (the member's membership, not the tier it holds, from a day
// within its qualification period) and then makes the change what an upgrade makes it (tierStore.holdTier): earlier rows
// end the day before, the member and its active cards carry the tier, and a card order is placed.
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { HookRegistry } from '../../platform/resources/hooks';
import { assertMemberChangeable } from '../../memberManagement/members/memberHooks';
import { holdTier, loadMember } from './tierStore';
import { definitionDb } from '../../platform/db/definitionDb';

// not in spec: the refusals of a manual tier change.
export const TIER_CHANGE_TEXTS = {
  noPeriod: (memberid: string) => `Member ${memberid} has no membership, tier or qualification period to change`,
  otherMembership: (membershipid: string) => `The member's membership is ${membershipid}: a tier change keeps it`,
  notOfMembership: (tierid: string, membershipid: string) => `Tier "${tierid}" is not an active tier of the member's membership (${membershipid})`,
  sameTier: (tierid: string) => `The member already holds tier ${tierid}`,
  afterPeriod: (endperiod: string) => `Start Date must not be after the end of the member's qualification period (${endperiod})`,
} as const;

const refuse = (field: string, message: string): never => {
  throw new ApiError(CODES.VALIDATION, message, 200, { [field]: message });
};

export const tierHooks: HookRegistry = {
  'member-tier': {
    /** The membership and the end of the new row: held to the end of the member's qualification period. */
    async deriveColumns(_ctx, trx, values) {
      const memberid = String(values.memberid);
      await assertMemberChangeable(trx, memberid);
      const member = await loadMember(trx, memberid, true);
      if (!member) return refuse('memberid', TIER_CHANGE_TEXTS.noPeriod(memberid));
      if (values.membershipid !== member.membershipid) refuse('membershipid', TIER_CHANGE_TEXTS.otherMembership(member.membershipid));
      const tierid = String(values.tierid);
      const tier = await definitionDb(trx)
        .selectFrom('tier').select('tierid').where('tierid', '=', tierid).where('membershipid', '=', member.membershipid).where('status', '=', 'ACTIVE').executeTakeFirst();
      if (!tier) refuse('tierid', TIER_CHANGE_TEXTS.notOfMembership(tierid, member.membershipid));
      if (tierid === member.tierid) refuse('tierid', TIER_CHANGE_TEXTS.sameTier(tierid));
      if (String(values.startdate) > member.endperiod) refuse('startdate', TIER_CHANGE_TEXTS.afterPeriod(member.endperiod));
      return { membershipid: member.membershipid, enddate: member.endperiod };
    },
    async afterCreate(ctx, trx, record) {
      const member = (await loadMember(trx, String(record.memberid), true))!;
      const hold = { tierid: String(record.tierid), startdate: String(record.startdate), enddate: String(record.enddate), reason: String(record.tierreason) };
      await holdTier(trx, member, hold, ctx.user!.username, ctx.now());
    },
  },
};
