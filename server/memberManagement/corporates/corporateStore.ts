// Corporate accounts (spec 001 §3.5): what makes a corporate's code, username and tour codes free, and the
// enrollment that writes the corporate (with its account: username, channel, enrollment date and card
// number), its tour codes and its travel coordinators in the caller's transaction.
import { formatDate } from '../../../engine/definition/format';
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { resolveField, type ResolvedField } from '../../../engine/definition/compile';
import type { Draft, FormValues, WizardModel, WizardStepModel } from '../../../engine/definition/wizardPage';
import { cardNumberOf } from '../../mailingProduct/cards/cardNumbers';
import type { Schema } from '../../platform/db/schema';
import { toDb } from '../../platform/resources/records';
import { StepRefusal } from '../../platform/wizards/wizardActions';
import * as moduleTexts from './texts.json';

/** The corporate enrollment wizard's menu (screens/member-management/enrollment-corporate.json). */
export const ENROLL_CORPORATE_MENU = 'ENROLLCORP';

/** The steps of the enrollment wizard (screens/member-management/enrollment-corporate.json). */
export const CORPORATE_STEPS = { detail: 'corporatedetail', tourcodes: 'tourcode', coordinators: 'travelcoordinator' } as const;

/** spec 001 §3.5 / §4.1: the channel a corporate enrolls through. */
export const CORPORATE_ENROLL_CHANNEL = 'CORPORATE';
/** Corporate account numbers: 10 Luhn-checked digits like a member card, in a range of their own. */
const CORPORATE_CARD_PREFIX = '54';

// not in spec: the product's own texts.
export const CORPORATE_TEXTS = moduleTexts.corporate;

const say = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '');

const valuesOf = (draft: Draft, step: string): FormValues => {
  const values = draft[step];
  return values && !Array.isArray(values) ? values : {};
};
const rowsOf = (draft: Draft, step: string): FormValues[] => {
  const rows = draft[step];
  return Array.isArray(rows) ? rows : [];
};

/** A step's values as its columns hold them (trimmed text, 0/1 switches, nulls for empty inputs). */
function stored(step: WizardStepModel, values: FormValues): Record<string, unknown> {
  const fields: ResolvedField[] = step.form!.fields.map((f) => resolveField(f, step.form!.resource.key));
  return Object.fromEntries(fields.map((field) => [field.name, toDb(field, values[field.name])]));
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The corporate code and username of a new corporate are free: refusals on the detail step's fields. */
export async function checkCorporateFree(db: Kysely<Schema>, values: FormValues): Promise<void> {
  const corporatecode = trimmed(values.corporatecode);
  const username = trimmed(values.username);
  const fields: Record<string, string> = {};
  if (corporatecode && (await db.selectFrom('corporate').select('corporatecode').where('corporatecode', '=', corporatecode).executeTakeFirst())) {
    fields.corporatecode = say(CORPORATE_TEXTS.codeTaken, { value: corporatecode });
  }
  const usernameUsed = username && (await db.selectFrom('corporate').select('corporatecode').where('username', '=', username).executeTakeFirst());
  if (usernameUsed) fields.username = say(CORPORATE_TEXTS.usernameTaken, { value: username });
  const first = Object.values(fields)[0];
  if (first) throw new StepRefusal(CODES.DUPLICATE, first, CORPORATE_STEPS.detail, fields);
}

/** Tour codes are free across all corporates and lie within the corporate's own dates. */
async function checkTourCodes(db: Kysely<Schema>, step: WizardStepModel, rows: FormValues[], detail: FormValues): Promise<void> {
  for (const [i, row] of rows.entries()) {
    const refuse = (field: string, message: string, code: string = CODES.VALIDATION) => {
      throw new StepRefusal(code, `${step.list!.itemLabel} ${i + 1}: ${message}`, step.key, { [field]: message }, i);
    };
    const tourcode = trimmed(row.tourcode);
    if (await db.selectFrom('corporate_tourcode').select('tourcodeid').where('tourcode', '=', tourcode).executeTakeFirst()) {
      refuse('tourcode', say(CORPORATE_TEXTS.tourCodeTaken, { value: tourcode }), CODES.DUPLICATE);
    }
    if (typeof detail.startdate === 'string' && String(row.startdate) < detail.startdate) refuse('startdate', say(CORPORATE_TEXTS.tourCodeBeforeCorporate, { date: formatDate(detail.startdate) }));
    if (typeof detail.enddate === 'string' && String(row.enddate) > detail.enddate) refuse('enddate', say(CORPORATE_TEXTS.tourCodeAfterCorporate, { date: formatDate(detail.enddate) }));
  }
}

/** A coordinator's member card number, when given, is a card of the programme. */
async function checkCoordinatorCards(db: Kysely<Schema>, step: WizardStepModel, rows: FormValues[]): Promise<void> {
  for (const [i, row] of rows.entries()) {
    const card = trimmed(row.cardnumber);
    if (!card || (await db.selectFrom('member_card').select('cardnumber').where('cardnumber', '=', card).executeTakeFirst())) continue;
    const message = say(CORPORATE_TEXTS.cardUnknown, { value: card });
    throw new StepRefusal(CODES.VALIDATION, `${step.list!.itemLabel} ${i + 1}: ${message}`, step.key, { cardnumber: message }, i);
  }
}

/** The next corporate account number: the highest taken + 1 (the insert retries when another took it meanwhile). */
async function nextCardSequence(db: Kysely<Schema>): Promise<number> {
  const taken = await db.selectFrom('corporate').select('cardnumber').where('cardnumber', 'like', `${CORPORATE_CARD_PREFIX}________`).execute();
  return Math.max(0, ...taken.map((r) => Number(String(r.cardnumber).slice(2, 9))).filter(Number.isFinite)) + 1;
}

export interface EnrolledCorporate {
  corporatecode: string;
  corporatename: string;
  username: string;
  cardnumber: string;
  enrollchannel: string;
  enrollmentdate: string;
  tourcodes: { tourcodeid: number; tourcode: string }[];
  travelcoordinators: number;
}

/**
 * Writes a checked enrollment draft in `trx`: the corporate with its account and card number, its tour codes
 * (each with the corporate's code) and its travel coordinators. A code, username or tour code taken, a tour
 * code outside the corporate's dates or an unknown coordinator card is a StepRefusal (nothing stays).
 */
export async function enrollCorporate(trx: Kysely<Schema>, wizard: WizardModel, draft: Draft, user: string, at: Date): Promise<{ corporate: Record<string, unknown>; enrolled: EnrolledCorporate }> {
  const step = (key: string) => wizard.steps.find((s) => s.key === key)!;
  const detailStep = step(CORPORATE_STEPS.detail);
  const tourStep = step(CORPORATE_STEPS.tourcodes);
  const coordinatorStep = step(CORPORATE_STEPS.coordinators);
  const detail = stored(detailStep, valuesOf(draft, detailStep.key));
  // An unlimited corporate has no maximum, whatever was typed before Yes was chosen.
  if (detail.unlimited === 1) detail.maxmember = null;
  const tourcodes = rowsOf(draft, tourStep.key).map((row) => stored(tourStep, row));
  const coordinators = rowsOf(draft, coordinatorStep.key).map((row) => stored(coordinatorStep, row));

  await checkCorporateFree(trx, detail);
  await checkTourCodes(trx, tourStep, tourcodes, detail);
  await checkCoordinatorCards(trx, coordinatorStep, coordinators);

  const now = at.toISOString();
  const enrollmentdate = now.slice(0, 10);
  const corporatecode = String(detail.corporatecode);
  let corporate: Record<string, unknown> = {};
  // The corporate row first: its key and unique username decide between two enrollments of one code; a
  // card number taken meanwhile by another enrollment is tried again with the next.
  for (let sequence = await nextCardSequence(trx); ; sequence++) {
    corporate = {
      ...detail,
      cardnumber: cardNumberOf(CORPORATE_CARD_PREFIX, sequence),
      enrollchannel: CORPORATE_ENROLL_CHANNEL,
      enrollmentdate,
      status: 'ACTIVE',
      createdby: user,
      createddate: now,
      updatedby: user,
      updateddate: now,
    };
    const inserted = await trx.insertInto('corporate').values(corporate as never).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) break;
    await checkCorporateFree(trx, detail);
  }

  const savedTourcodes: EnrolledCorporate['tourcodes'] = [];
  for (const [i, row] of tourcodes.entries()) {
    const saved = await trx
      .insertInto('corporate_tourcode')
      .values({ tourcode: String(row.tourcode), corporatecode, startdate: String(row.startdate), enddate: String(row.enddate), createdby: user, createddate: now })
      .onConflict((oc) => oc.column('tourcode').doNothing())
      .returning('tourcodeid')
      .executeTakeFirst();
    if (!saved) {
      const message = say(CORPORATE_TEXTS.tourCodeTaken, { value: String(row.tourcode) });
      throw new StepRefusal(CODES.DUPLICATE, `${tourStep.list!.itemLabel} ${i + 1}: ${message}`, tourStep.key, { tourcode: message }, i);
    }
    savedTourcodes.push({ tourcodeid: Number(saved.tourcodeid), tourcode: String(row.tourcode) });
  }
  for (const row of coordinators) {
    await trx
      .insertInto('corporate_travelcoordinator')
      .values({ corporatecode, name: String(row.name), email: String(row.email), phonenum: String(row.phonenum), cardnumber: (row.cardnumber as string | null) ?? null, createdby: user, createddate: now })
      .execute();
  }
  return {
    corporate: { ...corporate, tourcode: savedTourcodes, travelcoordinator: coordinators },
    enrolled: {
      corporatecode,
      corporatename: String(detail.corporatename),
      username: String(detail.username),
      cardnumber: String(corporate.cardnumber),
      enrollchannel: CORPORATE_ENROLL_CHANNEL,
      enrollmentdate,
      tourcodes: savedTourcodes,
      travelcoordinators: coordinators.length,
    },
  };
}
