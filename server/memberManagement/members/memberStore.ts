// Reading members for the public member pages: by id, by what they sign in with, and the mini-view summary.
import type { Kysely } from 'kysely';
import type { MemberSummary } from '../../../domain/memberFlows';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import { ApiError } from '../../platform/core/apiError';
import type { MemberRow, Schema } from '../../platform/db/schema';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

/** The user log's module for every member-page call. */
export const MEMBER_MODULE = 'MEMBER';
/** The user log's username for a public call that names no member. */
export const PUBLIC_USER = 'public';

export const MEMBER_LEGENDS = moduleTexts.memberLegends;

export const MEMBER_STATUS = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;

export const memberNotFound = () => new ApiError(CODES.MEMBER_NOT_FOUND, MESSAGES.MEMBER_NOT_FOUND);

export const findMember = (db: Kysely<Schema>, memberid: string | null): Promise<MemberRow | undefined> =>
  memberid === null ? Promise.resolve(undefined) : db.selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirst();

/** The member a key or a staff call names, or 9999 'Member ID not found'. */
export async function requireMember(db: Kysely<Schema>, memberid: string | null): Promise<MemberRow> {
  const member = await findMember(db, memberid);
  if (!member) throw memberNotFound();
  return member;
}

/** The active member who signs in with this card number or e-mail (any of their cards counts), if any. */
export async function findMemberBySignIn(db: Kysely<Schema>, username: string): Promise<MemberRow | undefined> {
  const typed = username.trim();
  if (!typed) return undefined;
  const byUsername = await db.selectFrom('member').selectAll().where('username', '=', typed).executeTakeFirst();
  const member =
    byUsername ??
    (typed.includes('@')
      ? await db.selectFrom('member').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', typed.toLowerCase())).orderBy('memberid').executeTakeFirst()
      : await db.selectFrom('member').innerJoin('member_card', 'member_card.memberid', 'member.memberid').selectAll('member').where('member_card.cardnumber', '=', typed).executeTakeFirst());
  return member?.status === MEMBER_STATUS.ACTIVE ? member : undefined;
}

/**
 * The public mini-view's summary of the member holding this card: only the MemberSummary fields. Names of
 * memberships and tiers come from the tier-management tables (blank when a record was removed).
 */
export async function memberSummary(db: Kysely<Schema>, cardnumber: string): Promise<MemberSummary | undefined> {
  const card = await db
    .selectFrom('member_card')
    .innerJoin('member', 'member.memberid', 'member_card.memberid')
    .select(['member.memberid', 'member.firstname', 'member.lastname', 'member.status'])
    .where('member_card.cardnumber', '=', cardnumber)
    .executeTakeFirst();
  if (!card) return undefined;
  const anyDb = definitionDb(db);
  const cards = (await anyDb
    .selectFrom('member_card')
    .leftJoin('membership', 'membership.membershipid', 'member_card.membershipid')
    .leftJoin('tier', 'tier.tierid', 'member_card.tierid')
    .select(['member_card.cardnumber', 'membership.membershipname', 'tier.tiername'])
    .where('member_card.memberid', '=', card.memberid)
    .orderBy('member_card.issuedate')
    .orderBy('member_card.cardnumber')
    .execute()) as { cardnumber: string; membershipname: string | null; tiername: string | null }[];
  const account = await db.selectFrom('member_account').select(['startperiod', 'endperiod']).where('memberid', '=', card.memberid).executeTakeFirst();
  return {
    firstname: card.firstname,
    lastname: card.lastname,
    status: card.status,
    membercards: cards.map((c) => ({ cardnumber: c.cardnumber, membershipname: c.membershipname ?? '', tiername: c.tiername ?? '' })),
    memberaccount: { startperiod: account?.startperiod ?? '', endperiod: account?.endperiod ?? '' },
  };
}
