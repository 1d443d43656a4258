// Individual enrollment (screens/member-management/enrollment.json, spec 001 §3.1): the checks of its steps and
// the one transaction that makes a member: the member row (membership, the membership's entry tier, card
// number, enrollment date, full name), the card, the tier history row, the account period, the addresses, the
// co-brand card, the enrollment bonus through the ledger, the name check, the suspect duplicates, the card order
// and the activation e-mail. Every refusal names the step and the field, and leaves nothing behind.
import { createOrder } from '../../mailingProduct/orders/orderStore';
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { cardNameVariants } from '../../../domain/cardName';
import { resolveField, resolveFields, stepEmpty, type ResolvedField } from '../../../engine/definition/compile';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Draft, FormValues, WizardModel, WizardStepModel } from '../../../engine/definition/wizardPage';
import { claimCardNumber, issueCardNumber, checkCardNumber } from '../../mailingProduct/cards/cardInventoryStore';
import { cardTemplateUrl } from '../../mailingProduct/cards/cardTemplate';
import { readConfigKey } from '../../platform/configuration/configKeys';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { MemberRow, Schema } from '../../platform/db/schema';
import { KEY_PURPOSES } from '../../platform/keys/oneTimeKeys';
import { credit, TRX_TYPES } from '../../ledger/ledgerStore';
import { addDays, addMonths, isoDay } from '../../../engine/definition/dates';
import { mailKey } from '../members/memberAccountActions';
import { loadEnrollmentAccess } from '../../platform/core/permissions';
import { toDb } from '../../platform/resources/records';
import { StepRefusal } from '../../platform/wizards/wizardActions';
import { findDuplicates, recordSuspects, type NewMember } from './duplicateCheck';
import { nameCheckColumns, suspiciousNames } from '../memberChecks/memberChecksStore';
import { auditStamp } from '../../platform/resources/auditColumns';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';
import { publishEvent } from '../../platform/webhooks/webhookEvents';
import { WEBHOOK_EVENTS } from '../../platform/webhooks/webhookRules';

/** The individual enrollment wizard's menu (screens/member-management/enrollment.json). */
export const ENROLL_MENU = 'ENROLL';
/** Its steps, by key. */
export const ENROLL_STEPS = {
  membership: 'membership',
  cobrand: 'cobrand',
  personal: 'personal',
  privateAddress: 'privateaddress',
  businessAddress: 'businessaddress',
} as const;
/** The address type each address step stores (member-address addresstype). */
const ADDRESS_STEPS: Record<string, string> = { [ENROLL_STEPS.privateAddress]: 'PRIVATE', [ENROLL_STEPS.businessAddress]: 'BUSINESS' };

export const MEMBER_SCREEN = 'MEMBER';
const ACTIVE = 'ACTIVE';
/** member_tier's reason for the tier a member starts in. */
export const ENROLLMENT_TIER_REASON = 'ENROLLMENT';
/** card_order: a new member's first card, paid (spec 001 §4.4's first state), original cycle. */
export const CARD_ORDER = { reason: 'ENROLLMENT', status: 'PAYMENT_SUCCESS', reordernumber: 0 } as const;
/** The activation page members open from the e-mail (spec 000 §2). */
const ACTIVATION_PATH = '/activation';

// not in spec: the product's own texts.
export const ENROLL_TEXTS = moduleTexts.enroll;

const say = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const valuesOf = (draft: Draft, step: string): FormValues => {
  const values = draft[step];
  return values && !Array.isArray(values) ? values : {};
};

/** A step's values as their columns hold them (trimmed text, JSON lists, 0/1 switches, nulls for empty inputs). */
function stored(step: WizardStepModel, values: FormValues): Record<string, unknown> {
  const fields: ResolvedField[] = step.form!.fields.map((f) => resolveField(f));
  return Object.fromEntries(fields.map((field) => [field.name, toDb(field, values[field.name])]));
}

/** An ApiError on a field (the card store's, the ledger's) as a refusal of this step. */
async function onStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.fields) throw new StepRefusal(error.code, error.message, step, error.fields);
    throw error;
  }
}

const refuse = (step: string, field: string, message: string, code: string = CODES.VALIDATION) => new StepRefusal(code, message, step, { [field]: message });

/** The membership is one the user's role may enroll in (spec 000 §6), and has a tier to start in: that entry tier. */
async function entryTier(db: Kysely<Schema>, ctx: ActionContext, membershipid: string): Promise<{ tierid: string; tiername: string }> {
  const granted = (await loadEnrollmentAccess(db, ctx.user!.rolecode)).some((g) => g.membershipid === membershipid && g.grant);
  if (!granted) throw refuse(ENROLL_STEPS.membership, 'membershipid', say(ENROLL_TEXTS.notGranted, { membership: membershipid }));
  const tier = (await definitionDb(db)
    .selectFrom('tier')
    .select(['tierid', 'tiername'])
    .where('membershipid', '=', membershipid)
    .where('status', '=', ACTIVE)
    .orderBy('rank')
    .orderBy('tierid')
    .executeTakeFirst()) as { tierid: string; tiername: string } | undefined;
  if (!tier) throw refuse(ENROLL_STEPS.membership, 'membershipid', say(ENROLL_TEXTS.noEntryTier, { membership: membershipid }));
  return tier;
}

/** A chosen username is free (members sign in with it; the card number otherwise). */
async function checkUsernameFree(db: Kysely<Schema>, username: string): Promise<void> {
  if (username && (await db.selectFrom('member').select('memberid').where('username', '=', username).executeTakeFirst())) {
    throw refuse(ENROLL_STEPS.membership, 'username', say(ENROLL_TEXTS.usernameTaken, { value: username }), CODES.DUPLICATE);
  }
}

/** On Next of the membership step: the membership may be enrolled in, a typed card number is free in its range, the username is free. */
export async function checkMembershipStep(ctx: ActionContext, values: FormValues): Promise<void> {
  const membershipid = text(values.membershipid);
  checkEnrollDate(ctx, text(values.enrollmentdate));
  await entryTier(ctx.db, ctx, membershipid);
  const card = text(values.cardnumber);
  if (card) await onStep(ENROLL_STEPS.membership, () => checkCardNumber(ctx.db, membershipid, card));
  await checkUsernameFree(ctx.db, text(values.username));
}

/** Enrollment may be back-dated, never dated ahead (the picker's bound, kept by the server too). */
function checkEnrollDate(ctx: ActionContext, enrolldate: string): void {
  if (enrolldate > isoDay(ctx.now())) throw refuse(ENROLL_STEPS.membership, 'enrollmentdate', ENROLL_TEXTS.enrollDateAhead);
}

/** The youngest a member may be, in whole years on the enrollment day (ENROLL_MIN_AGE_YEARS). */
async function checkAge(db: Kysely<Schema>, birthdate: string, enrolldate: string): Promise<void> {
  const years = await readConfigKey(db, 'ENROLL_MIN_AGE_YEARS');
  if (birthdate > addMonths(enrolldate, -12 * years)) throw refuse(ENROLL_STEPS.personal, 'birthdate', say(ENROLL_TEXTS.underAge, { years }));
}

/** On Next of the personal step: old enough today (the Submit checks again on the enrollment date). */
export async function checkPersonalStep(ctx: ActionContext, values: FormValues): Promise<void> {
  const birthdate = text(values.birthdate);
  if (birthdate) await checkAge(ctx.db, birthdate, isoDay(ctx.now()));
}

/** A tier's duration from a day (Tier Duration, the latest row in effect), else ENROLL_DEFAULT_TIER_MONTHS: an entry tier's, a new qualification period's. */
export async function tierMonths(db: Kysely<Schema>, tierid: string, enrolldate: string): Promise<number> {
  const row = (await definitionDb(db)
    .selectFrom('tier_duration')
    .select('durationmonths')
    .where('tierid', '=', tierid)
    .where('effectivedate', '<=', enrolldate)
    .where((eb: any) => eb.or([eb('expireddate', 'is', null), eb('expireddate', '>=', enrolldate)]))
    .where('status', '=', ACTIVE)
    .orderBy('effectivedate', 'desc')
    .executeTakeFirst()) as { durationmonths: number | string } | undefined;
  return row ? Number(row.durationmonths) : readConfigKey(db, 'ENROLL_DEFAULT_TIER_MONTHS');
}

/** The enroll bonus rule in effect for the membership on the day (Enroll Bonus, ENRBONUS), if any. */
async function enrollBonus(db: Kysely<Schema>, membershipid: string, day: string): Promise<{ awardmiles: number; tiermiles: number; source: string } | undefined> {
  const row = (await definitionDb(db)
    .selectFrom('enroll_bonus')
    .select(['membershipid', 'effectivedate', 'awardmiles', 'tiermiles'])
    .where('membershipid', '=', membershipid)
    .where('status', '=', ACTIVE)
    .where('effectivedate', '<=', day)
    .where((eb: any) => eb.or([eb('expireddate', 'is', null), eb('expireddate', '>=', day)]))
    .orderBy('effectivedate', 'desc')
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const awardmiles = Number(row.awardmiles ?? 0);
  const tiermiles = Number(row.tiermiles ?? 0);
  if (awardmiles <= 0 && tiermiles <= 0) return undefined;
  return { awardmiles, tiermiles, source: `rule:ENRBONUS:${membershipid}:${String(row.effectivedate)}` };
}

/** What the wizard answers once stored: the enrollment response of spec 001 §3.1. */
export interface EnrollmentResponse {
  memberid: string;
  username: string;
  email: string | null;
  tiername: string;
  nameoncard: string;
  cardnumber: string;
  expireddate: string;
  /** The tier template card of the member's first card (server/mailingProduct/cards/cardTemplate.ts). */
  urlcard: string;
  membersince: string;
  /** Other members the new one may duplicate (recorded on Suspect Duplicate). */
  suspectduplicates: number;
}

/** The defaults the member screen declares for the fields the wizard does not fill (identity status, locked). */
function memberDefaults(catalogue: Catalogue): Record<string, unknown> {
  const screen = catalogue.screenByResource.get('member');
  if (!screen) return {};
  return Object.fromEntries(resolveFields(screen).filter((f) => f.default !== undefined).map((f) => [f.name, toDb(f, f.default)]));
}

const audit = auditStamp;

/**
 * Stores a checked enrollment draft in `trx` (the wizard's Submit transaction). The steps' rules and references
 * have passed; here the domain's: enrollment access, the entry tier, age, username, card number.
 */
export async function enrollMember(ctx: ActionContext, trx: Kysely<Schema>, catalogue: Catalogue, wizard: WizardModel, draft: Draft): Promise<{ member: Record<string, unknown>; response: EnrollmentResponse }> {
  const step = (key: string) => wizard.steps.find((s) => s.key === key)!;
  const user = ctx.user!.username;
  const now = ctx.now();
  const at = now.toISOString();
  const membership = stored(step(ENROLL_STEPS.membership), valuesOf(draft, ENROLL_STEPS.membership));
  const personal = stored(step(ENROLL_STEPS.personal), valuesOf(draft, ENROLL_STEPS.personal));
  const membershipid = String(membership.membershipid);
  const enrolldate = String(membership.enrollmentdate);

  checkEnrollDate(ctx, enrolldate);
  const tier = await entryTier(trx, ctx, membershipid);
  await checkAge(trx, String(personal.birthdate), enrolldate);
  const typedUsername = text(membership.username);
  await checkUsernameFree(trx, typedUsername);

  // The card number: the one typed (a pre-printed card of the membership's range), or the range's next.
  const typedCard = text(membership.cardnumber);
  const cardnumber = await onStep(ENROLL_STEPS.membership, async () => {
    if (typedCard) {
      await claimCardNumber(trx, membershipid, typedCard);
      return typedCard;
    }
    return issueCardNumber(trx, membershipid, now);
  });
  const memberid = `M${cardnumber}`;
  const firstname = String(personal.firstname);
  const lastname = text(personal.lastname);
  const memberfullname = `${firstname} ${lastname}`.trim();
  const nameoncard = text(personal.nameoncard) || (cardNameVariants([firstname, lastname])[0] ?? '');
  // A period of N months ends the day before the same date N months on.
  const expireddate = addDays(addMonths(enrolldate, await tierMonths(trx, tier.tierid, enrolldate)), -1);
  const username = typedUsername || cardnumber;
  // The name check of /invalid-name-check, as the member is made (a suspicious name is enrolled and listed there).
  const memberScreen = catalogue.screenByMenu.get(MEMBER_SCREEN);
  const namecheck = memberScreen ? nameCheckColumns(memberScreen, { firstname, lastname }, await suspiciousNames(trx), user, now) : {};

  const member: Record<string, unknown> = {
    ...memberDefaults(catalogue),
    ...personal,
    ...membership,
    memberid,
    firstname,
    lastname,
    memberfullname,
    nameoncard,
    username,
    cardnumber,
    tierid: tier.tierid,
    effectivedate: enrolldate,
    expireddate,
    status: ACTIVE,
    passwordhash: null,
    emailverified: 0,
    ...namecheck,
    // The member belongs to the enrolling user's branch (a branch's staff then see and serve their members).
    branchcode: personal.branchcode ?? membership.branchcode ?? ctx.user!.branchcode ?? null,
    ...audit(user, at),
  };
  // Two enrollments of one typed username: the unique index decides, the loser is told on the field.
  const inserted = await definitionDb(trx).insertInto('member').values(member).onConflict((oc: any) => oc.doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    await checkUsernameFree(trx, username);
    throw refuse(ENROLL_STEPS.membership, 'username', say(ENROLL_TEXTS.usernameTaken, { value: username }), CODES.DUPLICATE);
  }

  await definitionDb(trx).insertInto('member_card').values({ cardnumber, memberid, membershipid, tierid: tier.tierid, status: ACTIVE, issuedate: enrolldate, ...audit(user, at) }).execute();
  await definitionDb(trx)
    .insertInto('member_tier')
    .values({ memberid, membershipid, tierid: tier.tierid, startdate: enrolldate, enddate: expireddate, tierreason: ENROLLMENT_TIER_REASON, ...audit(user, at) })
    .execute();
  await trx.insertInto('member_account').values({ memberid, startperiod: enrolldate, endperiod: expireddate }).execute();
  // Told before the enroll bonus, whose miles.credited follows it.
  await publishEvent(
    trx,
    { type: WEBHOOK_EVENTS.memberEnrolled, payload: { memberid, cardnumber, membershipid, tierid: tier.tierid, memberfullname, enrollmentdate: enrolldate, expireddate, branchcode: member.branchcode } },
    now,
  );

  for (const [key, addresstype] of Object.entries(ADDRESS_STEPS)) {
    const values = valuesOf(draft, key);
    if (stepEmpty(values)) continue;
    await definitionDb(trx)
      .insertInto('member_address')
      .values({ ...stored(step(key), values), memberid, addresstype, preferred: personal.preferredaddress === addresstype ? 1 : 0, ...audit(user, at) })
      .execute();
  }
  const cobrand = valuesOf(draft, ENROLL_STEPS.cobrand);
  if (!stepEmpty(cobrand)) {
    await definitionDb(trx).insertInto('member_cobrand').values({ ...stored(step(ENROLL_STEPS.cobrand), cobrand), memberid, status: ACTIVE, ...audit(user, at) }).execute();
  }

  const bonus = await enrollBonus(trx, membershipid, enrolldate);
  if (bonus) await credit(trx, { memberid, trxtype: TRX_TYPES.ENROLLBONUS, activitydate: enrolldate, awardmiles: bonus.awardmiles, tiermiles: bonus.tiermiles, source: bonus.source, user, now });

  const newMember: NewMember = {
    memberid,
    cardnumber,
    memberfullname,
    firstname,
    lastname,
    birthdate: (personal.birthdate as string | null) ?? null,
    email: (personal.email as string | null) ?? null,
    idcardno: (personal.idcardno as string | null) ?? null,
    passportno: (personal.passportno as string | null) ?? null,
  };
  const matches = await findDuplicates(trx, newMember);
  await recordSuspects(trx, newMember, matches, user, now);

  await createOrder(trx, { memberid, cardnumber, membershipid, tierid: tier.tierid, nameoncard, reason: CARD_ORDER.reason, user, now });

  const row = (await trx.selectFrom('member').selectAll().where('memberid', '=', memberid).executeTakeFirstOrThrow()) as MemberRow;
  if (row.email) await mailKey(ctx, trx, row as MemberRow & { email: string }, KEY_PURPOSES.ACTIVATION, ACTIVATION_PATH);

  return {
    member: { ...member, passwordhash: undefined },
    response: {
      memberid,
      username,
      email: row.email,
      tiername: tier.tiername,
      nameoncard,
      cardnumber,
      expireddate,
      urlcard: cardTemplateUrl(ctx.config.publicUrl, tier.tierid),
      membersince: enrolldate,
      suspectduplicates: matches.length,
    },
  };
}
