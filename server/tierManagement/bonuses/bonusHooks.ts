// The bonuses' hooks into the generic resource API: a member relation added on the member's Member Relation step
// (a related member of a relation type) is checked against the member and the type's limit, and earns the
// member the Relation Bonus of its membership for that type (bonusStore.giveRelationBonus), in the same transaction.
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { HookRegistry } from '../../platform/resources/hooks';
import { assertMemberChangeable } from '../../memberManagement/members/memberHooks';
import { giveRelationBonus } from './bonusStore';
import { isoDay } from '../../../engine/definition/dates';
import { definitionDb } from '../../platform/db/definitionDb';

// not in spec: the refusals of a member relation.
export const RELATION_TEXTS = {
  self: 'A member cannot be related to itself',
  unknownMember: (memberid: string) => `Member "${memberid}" was not found`,
  inactiveType: (relationtypeid: string) => `Relation Type "${relationtypeid}" is not active`,
  tooMany: (relationtypename: string, maxmembers: number) => `A member may have at most ${maxmembers} ${relationtypename} relation${maxmembers === 1 ? '' : 's'}`,
} as const;

const refuse = (field: string, message: string): never => {
  throw new ApiError(CODES.VALIDATION, message, 200, { [field]: message });
};

export const bonusHooks: HookRegistry = {
  'member-relation': {
    async afterCreate(ctx, trx, record) {
      const db = definitionDb(trx);
      const memberid = String(record.memberid);
      const related = String(record.relatedmemberid);
      const relationtypeid = String(record.relationtypeid);
      await assertMemberChangeable(trx, memberid);
      if (related === memberid) refuse('relatedmemberid', RELATION_TEXTS.self);
      if (!(await db.selectFrom('member').select('memberid').where('memberid', '=', related).executeTakeFirst())) refuse('relatedmemberid', RELATION_TEXTS.unknownMember(related));
      const type = (await db.selectFrom('relation_type').select(['relationtypename', 'maxmembers', 'status']).where('relationtypeid', '=', relationtypeid).executeTakeFirstOrThrow()) as {
        relationtypename: string;
        maxmembers: number | null;
        status: string;
      };
      if (type.status !== 'ACTIVE') refuse('relationtypeid', RELATION_TEXTS.inactiveType(relationtypeid));
      // The row just written counts: more than the type allows refuses the relation.
      const count = (await db.selectFrom('member_relation').select((eb: any) => eb.fn.countAll().as('n')).where('memberid', '=', memberid).where('relationtypeid', '=', relationtypeid).executeTakeFirstOrThrow()) as { n: unknown };
      if (type.maxmembers !== null && type.maxmembers !== undefined && Number(count.n) > Number(type.maxmembers)) refuse('relationtypeid', RELATION_TEXTS.tooMany(type.relationtypename, Number(type.maxmembers)));
      const day = isoDay(ctx.now());
      await giveRelationBonus(trx, { memberid, relationtypeid, relatedmemberid: related }, day, ctx.user!.username, ctx.now());
    },
  },
};
