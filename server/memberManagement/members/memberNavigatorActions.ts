// The member navigator's sub-step dots (spec 000 §2: 'Status: {status}'): each section's own state, read from
// the member's rows. Information: the member's status; Address: the preferred address or none; Account: locked,
// activated or not; Alias: how many; Member Tier: the tier now; Member Card: the status of the card the member
// is known by; Member Cobrand: the co-brand card's status or none. Labels come from the screens' options.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { actionFunctionCode, readOnlyMenus } from '../../../engine/definition/compile';
import { MEMBER_SECTION_STATUS_PATH, type MemberSectionStatus } from '../../../engine/definition/views';
import { defineAction, type Action } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { isoDay } from '../../../engine/definition/dates';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

// not in spec: the product's own words for a section's state.
export const SECTION_STATUS_TEXTS = moduleTexts.sectionStatus;

const MEMBER_MENU = 'MEMBER';
/** The sections memberSectionStatus answers for. */
const SECTION_KEYS = ['personal-information', 'address', 'account', 'alias', 'member-tier', 'member-card', 'member-cobrand'] as const;
const say = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));

/** The label a screen's field gives a value (the value itself when the screen or option is missing). */
function labelOf(catalogue: Catalogue, menucode: string, field: string, value: unknown): string {
  const option = catalogue.screenByMenu.get(menucode)?.fields.find((f) => f.name === field)?.options?.find((o) => o.value === value);
  return option?.label ?? String(value ?? '');
}

/** Each sub-step's status by its section key (personal-information, address, account, alias, member-tier, member-card, member-cobrand). */
export async function memberSectionStatus(db: Kysely<Schema>, catalogue: Catalogue, memberid: string, today: string): Promise<MemberSectionStatus> {
  const any = definitionDb(db);
  const member = (await any.selectFrom('member').select(['memberid', 'status', 'cardnumber', 'tierid', 'locked', 'passwordhash']).where('memberid', '=', memberid).executeTakeFirst()) as
    | { status: string; cardnumber: string | null; tierid: string | null; locked: number | null; passwordhash: string | null }
    | undefined;
  if (!member) throw new ApiError(CODES.MEMBER_NOT_FOUND, `Member "${memberid}" was not found`);
  const preferred = (await any.selectFrom('member_address').select('addresstype').where('memberid', '=', memberid).where('preferred', '=', 1).executeTakeFirst()) as { addresstype: string } | undefined;
  const aliases = Number(((await any.selectFrom('member_alias').select((eb: any) => eb.fn.countAll().as('n')).where('memberid', '=', memberid).executeTakeFirst()) as { n: number | string } | undefined)?.n ?? 0);
  // The tier now: the history's period holding today, else the member row's tier.
  const period = (await any
    .selectFrom('member_tier')
    .leftJoin('tier', 'tier.tierid', 'member_tier.tierid')
    .select(['tier.tiername', 'member_tier.tierid'])
    .where('member_tier.memberid', '=', memberid)
    .where('member_tier.startdate', '<=', today)
    .where((eb: any) => eb.or([eb('member_tier.enddate', 'is', null), eb('member_tier.enddate', '>=', today)]))
    .orderBy('member_tier.startdate', 'desc')
    .executeTakeFirst()) as { tiername: string | null; tierid: string } | undefined;
  const tier = period ?? (member.tierid ? ((await any.selectFrom('tier').select(['tiername', 'tierid']).where('tierid', '=', member.tierid).executeTakeFirst()) as { tiername: string | null; tierid: string } | undefined) : undefined);
  const card = member.cardnumber ? ((await db.selectFrom('member_card').select('status').where('cardnumber', '=', member.cardnumber).where('memberid', '=', memberid).executeTakeFirst()) as { status: string } | undefined) : undefined;
  const cobrand = (await any.selectFrom('member_cobrand').select('status').where('memberid', '=', memberid).orderBy('status').executeTakeFirst()) as { status: string } | undefined;

  return {
    'personal-information': labelOf(catalogue, MEMBER_MENU, 'status', member.status),
    address: preferred ? say(SECTION_STATUS_TEXTS.preferred, { type: labelOf(catalogue, MEMBER_MENU, 'preferredaddress', preferred.addresstype) }) : SECTION_STATUS_TEXTS.noPreferred,
    account: Number(member.locked) === 1 ? SECTION_STATUS_TEXTS.locked : member.passwordhash ? SECTION_STATUS_TEXTS.activated : SECTION_STATUS_TEXTS.notActivated,
    alias: aliases === 0 ? SECTION_STATUS_TEXTS.noAlias : aliases === 1 ? SECTION_STATUS_TEXTS.oneAlias : say(SECTION_STATUS_TEXTS.aliases, { count: aliases }),
    'member-tier': tier ? (tier.tiername ?? tier.tierid) : SECTION_STATUS_TEXTS.noTier,
    'member-card': card ? labelOf(catalogue, 'MEMCARD', 'status', card.status) : SECTION_STATUS_TEXTS.noCard,
    'member-cobrand': cobrand ? labelOf(catalogue, 'MEMCOBRAND', 'status', cobrand.status) : SECTION_STATUS_TEXTS.noCobrand,
  };
}

/** Guarded like the member page itself: MEMBER_ACCESS, or a read-only menu of it (BOD's Member Data). */
export function memberNavigatorActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByMenu.get(MEMBER_MENU);
  if (!screen) return [];
  return [
    defineAction({
      path: MEMBER_SECTION_STATUS_PATH,
      guard: { function: actionFunctionCode(screen, 'access'), orFunctions: readOnlyMenus(catalogue.pages, screen).map((menu) => `${menu}_ACCESS`) },
      data: { type: 'object', additionalProperties: false, required: ['memberid'], properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 } } },
      reference: {
        summary: "Each section's state for the member navigator's dots, by section key",
        result: { title: 'member section status', type: 'object', required: [...SECTION_KEYS], properties: Object.fromEntries(SECTION_KEYS.map((key) => [key, { type: 'string' }])) },
        codes: [CODES.MEMBER_NOT_FOUND],
      },
      handler: async (ctx) => ({ result: await memberSectionStatus(ctx.db, catalogue, (ctx.parameter.data as { memberid: string }).memberid, isoDay(ctx.now())) }),
    }),
  ];
}
