// The member screen's hooks into the generic resource API: a terminated member's profile and
// child rows stay as they are until reactivated; the full name the list searches follows the names; a
// private address carries no company; the preferred address lives on the member row (one truth), and the
// address table's flag follows it.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import type { HookRegistry, ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { definitionDb } from '../../platform/db/definitionDb';
import { MEMBER_STATUSES, memberFullName } from '../../../domain/memberRecord';
import * as moduleTexts from './texts.json';

// not in spec: the refusals of writes to a member that is terminated or closed.
export const MEMBER_SCREEN_TEXTS = moduleTexts.memberScreen;

/** Refuses a change of a member (or of its child rows) while it is terminated or closed. */
export async function assertMemberChangeable(db: Kysely<Schema>, memberid: unknown): Promise<void> {
  const member = await db.selectFrom('member').select('status').where('memberid', '=', String(memberid)).executeTakeFirst();
  if (!member) throw new ApiError(CODES.MEMBER_NOT_FOUND, `Member "${String(memberid)}" was not found`);
  if (member.status === MEMBER_STATUSES.TERMINATED) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.terminated);
  if (member.status === MEMBER_STATUSES.CLOSED) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.closed);
}

const memberHooks: ResourceHooks = {
  async checkChange(_ctx, trx, { before, after }) {
    if (before.status === MEMBER_STATUSES.TERMINATED) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.terminated);
    if (before.status === MEMBER_STATUSES.CLOSED) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.closed);
    if (!after) return;
    const fullname = memberFullName(after.firstname, after.lastname);
    if (fullname !== after.memberfullname) {
      await definitionDb(trx).updateTable('member').set({ memberfullname: fullname }).where('memberid', '=', after.memberid).execute();
      after.memberfullname = fullname;
    }
  },
};

/** Rows that belong to a member: written only while the member may be changed. */
const childHooks = (extra: ResourceHooks = {}): ResourceHooks => ({
  ...extra,
  async afterCreate(ctx, trx, record) {
    await assertMemberChangeable(trx, record.memberid);
    await extra.afterCreate?.(ctx, trx, record);
  },
  async checkChange(ctx, trx, change) {
    await assertMemberChangeable(trx, change.before.memberid);
    await extra.checkChange?.(ctx, trx, change);
  },
});

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

function checkAddress(record: Row) {
  if (record.addresstype !== 'PRIVATE') return;
  const field = ['companyname', 'department'].find((name) => !isBlank(record[name]));
  if (field) throw new ApiError(CODES.VALIDATION, MEMBER_SCREEN_TEXTS.privateCompany, 200, { [field]: MEMBER_SCREEN_TEXTS.privateCompany });
}

const addressHooks = childHooks({
  async afterCreate(_ctx, trx, record) {
    checkAddress(record);
    // The address of the member's preferred type is the preferred one.
    const member = await definitionDb(trx).selectFrom('member').select('preferredaddress').where('memberid', '=', record.memberid).executeTakeFirst();
    if (member?.preferredaddress === record.addresstype) {
      await definitionDb(trx).updateTable('member_address').set({ preferred: 1 }).where('memberid', '=', record.memberid).where('addresstype', '=', record.addresstype).execute();
      record.preferred = true;
    }
  },
  async checkChange(_ctx, trx, { before, after }) {
    if (!after) {
      if (before.preferred) throw new ApiError(CODES.VALIDATION, 'The preferred address cannot be deleted: set another address as preferred first');
      return;
    }
    checkAddress(after);
    // Set Preferred Address (a generic `set` with exclusiveBy): the member row says which type is preferred.
    if (after.preferred && !before.preferred) {
      await definitionDb(trx).updateTable('member').set({ preferredaddress: after.addresstype }).where('memberid', '=', after.memberid).execute();
    }
  },
});

/** Hooks of the member screen and its child-only screens, by resource name. */
export const memberResourceHooks: HookRegistry = {
  member: memberHooks,
  'member-address': addressHooks,
  'member-alias': childHooks(),
  'member-cobrand': childHooks(),
};
