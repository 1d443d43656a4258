// Accrual's API: posting air and non-air activity for a member's card (credited, rejected by the rules with
// the reason, or parked; a credit by a role without MEMBER_POSTDIRECT waits for approval), the simulator (the same rating, nothing written), re-processing a parked activity,
// bulk posting (bulkPosting.ts), and the rating correction of a member's activity. Activities are checked by Park Activity's field rules
// (the posted fields are its fields), types and references first: bad input answers a field message and
// changes nothing.
import { CODES } from '../../../engine/api/responseCodes';
import { ACCRUAL_MEMBER_ACTIVITIES_PATH, ACCRUAL_SIMULATE_PATH, type AccrualResult } from '../../../domain/accrualResult';
import { actionFunctionCode, directFunctionCode, formFields, isCustomAction, resourceModel, validateFormFields } from '../../../engine/definition/compile';
import { generateKey } from '../../../engine/definition/generatedKey';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { CustomAction, ScreenDefinition } from '../../../engine/definition/screen';
import { defineAction, type Action, type ActionContext, type ActionReference, type ActionResult } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import { checkReferences, mustFind } from '../../platform/resources/resourceActions';
import { recordSchema } from '../../platform/resources/resourceReference';
import type { ModuleServices } from '../../platform/serverModule';
import { checkColumnFit, checkDataTypes } from '../../platform/resources/fieldValues';
import { rowToRecord, toDb, type Row } from '../../platform/resources/records';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { requestMenu } from '../../platform/approvals/approvalHooks';
import { APPROVAL_REQUESTED, requestDomainApproval, writesDirect } from '../../platform/approvals/directWrites';
import { labelsOf, writeContext } from './accrualHooks';
import { postingQueueOf } from './postingQueue';
import { bulkPostAction } from './bulkPosting';
import {
  ACCRUAL_TEXTS,
  activityFieldTypes,
  ACTIVITY_RESOURCE,
  postedFields,
  PARK_RESOURCE,
  activityProblems,
  memberByCard,
  memberById,
  rateActivity,
  referencesKnown,
  refusalError,
  rerate,
  ruleBook,
  storedActivity,
  type ActivityType,
  type Posted,
  type PostedActivity,
} from './accrualStore';
import { postActivity, reprocess } from './accrualBatch';
import { isoDay } from '../../../engine/definition/dates';
import { definitionDb } from '../../platform/db/definitionDb';

/** The view every accrual rule screen offers as a tool. */
export const SIMULATOR_VIEW = 'accrual-simulator';
/** How many of a member's latest activities the simulator offers to pick from. */
const MEMBER_ACTIVITY_PICKS = 20;

/** The screens whose definitions offer the simulator as a tool (their menus open it). */
const simulatorMenus = (catalogue: Catalogue): string[] => catalogue.screens.filter((s) => s.tools?.some((t) => t.view === SIMULATOR_VIEW)).map((s) => s.menucode);

const text = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => (typeof values[k] === 'number' ? (values[k] as number).toLocaleString('en-US') : String(values[k] ?? '')));

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
export const AIR_FIELDS = postedFields('AIR');
export const NONAIR_FIELDS = postedFields('NONAIR');

const dataSchema = (types: Record<string, Record<string, unknown>>, fields: string[], required: string[], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { ...Object.fromEntries(fields.map((f) => [f, types[f]])), ...extra },
});

function screenOf(services: ModuleServices, resource: string): ScreenDefinition {
  const screen = services.catalogue.screenByResource.get(resource);
  if (!screen) throw new Error(`no screen declares resource "${resource}"`);
  return screen;
}

function customOf(screen: ScreenDefinition, name: string): CustomAction {
  const custom = screen.actions.filter(isCustomAction).find((a) => a.name === name);
  if (!custom) throw new Error(`${screen.menucode} declares no action "${name}"`);
  return custom;
}

/** What a posting answers: the activity or park row, the miles, each criterion, and why it was not credited. */
function answer(posted: Posted): { message: string; result: Row } {
  const r = posted.result;
  const message =
    posted.status === 'CREDITED'
      ? text(ACCRUAL_TEXTS.credited, { award: r.awardmiles, tier: r.tiermiles, segments: r.segments })
      : text(posted.status === 'PARKED' ? ACCRUAL_TEXTS.parked : ACCRUAL_TEXTS.rejected, { reason: r.reason ?? '' });
  const credited = posted.status === 'CREDITED';
  return {
    message,
    result: {
      status: posted.status,
      memberid: posted.memberid ?? null,
      activityid: posted.activityid ?? null,
      parkid: posted.parkid ?? null,
      trxid: posted.trxid ?? null,
      awardmiles: credited ? r.awardmiles : 0,
      tiermiles: credited ? r.tiermiles : 0,
      segments: credited ? r.segments : 0,
      reasoncode: r.reasoncode ?? null,
      reason: r.reason ?? null,
      lines: credited ? r.lines : [],
    },
  };
}

/** What a posting answers (`answer`), as the API reference tells it. */
const POSTED_RESULT = {
  type: 'object',
  required: ['status', 'memberid', 'awardmiles', 'tiermiles', 'segments'],
  properties: {
    status: { enum: ['CREDITED', 'REJECTED', 'PARKED'], description: 'CREDITED: miles moved; REJECTED: written, no miles (the reason says why); PARKED: kept for a member or a rule to come (reprocessed from Park Activity).' },
    memberid: { type: ['string', 'null'] },
    activityid: { type: ['string', 'null'] },
    parkid: { type: ['string', 'null'] },
    trxid: { type: ['integer', 'string', 'null'] },
    awardmiles: { type: 'number' },
    tiermiles: { type: 'number' },
    segments: { type: 'number' },
    reasoncode: { type: ['string', 'null'] },
    reason: { type: ['string', 'null'] },
    lines: { type: 'array', items: { type: 'object' }, description: 'Each rule and bonus that earned miles.' },
  },
};

/** What the simulator answers: the rating (domain/accrualResult.ts AccrualResult) and the member it was rated for. */
const MEMBER_NAMED = { type: 'object', required: ['memberid'], properties: { memberid: { type: 'string' }, tierid: { type: ['string', 'null'] }, status: { type: ['string', 'null'] } } };
const SIMULATED_RESULT = {
  title: 'accrual simulation',
  type: 'object',
  required: ['outcome', 'awardmiles', 'tiermiles', 'segments', 'lines', 'verdicts', 'member'],
  properties: {
    outcome: { enum: ['CREDIT', 'REJECTED', 'PARKED'] },
    reasoncode: { type: 'string' },
    reason: { type: 'string' },
    awardmiles: { type: 'number' },
    tiermiles: { type: 'number' },
    segments: { type: 'number' },
    distance: { type: 'object', properties: { miles: { type: 'number' }, source: { type: 'string' } } },
    tierid: { type: ['string', 'null'] },
    lines: { type: 'array', items: { type: 'object', properties: { criterion: { type: 'string' }, ruletype: { type: 'string' }, rulecode: { type: 'string' }, description: { type: 'string' }, awardmiles: { type: 'number' }, tiermiles: { type: 'number' }, segments: { type: 'number' } } } },
    verdicts: { type: 'array', items: { type: 'object', properties: { ruletype: { type: 'string' }, rulecode: { type: 'string' }, applied: { type: 'boolean' }, reason: { type: 'string' } } } },
    member: { anyOf: [MEMBER_NAMED, { type: 'null' }] },
  },
};

function postingReference(type: ActivityType): ActionReference {
  return {
    summary: type === 'AIR' ? 'Post a flight' : 'Post a partner (non-air) activity',
    description:
      "Rates the activity by the programme's rules and credits the member holding the card: the answer's status is CREDITED, REJECTED or PARKED. " +
      'A refusal before anything is written (an unknown reference, a segment already credited) answers 1002 with result.fields. ' +
      'A caller without the direct-posting function gets an approval request instead of a credit.',
    result: {
      anyOf: [
        POSTED_RESULT,
        APPROVAL_REQUESTED,
      ],
    },
    codes: [CODES.VALIDATION, CODES.NOT_FOUND],
  };
}

/** The approval request actions of a manual post, by activity type (filed under the activity screen's menu). */
export const MANUAL_POST_ACTIONS: Record<ActivityType, string> = { AIR: 'manual-air', NONAIR: 'manual-non-air' };

/** A credited dry run, carried out of its rolled-back transaction. */
class DryRun {
  constructor(readonly posted: Posted) {}
}

/** What a request for a manual post names: an air segment by its flight (one request at a time), anything else by a key of its own. */
function requestKey(a: PostedActivity, at: Date): string {
  return a.activitytype === 'AIR' ? `${a.cardnumber} ${a.carrier}${a.flightnumber} ${a.origin}-${a.destination} ${a.activitydate}` : `${a.cardnumber} ${a.partnercode} ${a.activitycode} ${generateKey(at)}`;
}

export function accrualActions(services: ModuleServices): Action[] {
  const { catalogue } = services;
  const fieldTypes = activityFieldTypes(catalogue);
  const documentedTypes = activityFieldTypes(catalogue, { documented: true });
  const parkScreen = screenOf(services, PARK_RESOURCE);
  const parkModel = resourceModel(parkScreen);
  const activityScreen = screenOf(services, ACTIVITY_RESOURCE);
  const activityModel = resourceModel(activityScreen);
  const rating = customOf(activityScreen, 'rating');
  const reprocessAction = customOf(parkScreen, 'reprocess');
  const db = (ctx: ActionContext) => definitionDb(ctx.db);
  const labels = labelsOf(catalogue, PARK_RESOURCE);
  const parkForm = formFields(parkScreen, 'create');
  // The simulator is a tool of the accrual rule screens: any of their ACCESS opens it.
  const [first, ...others] = simulatorMenus(catalogue);
  const simulatorGuard = { function: `${first ?? 'ACRULEBC'}_ACCESS`, orFunctions: others.map((menu) => `${menu}_ACCESS`) };

  /** The posted fields checked as Park Activity's form checks them: types, rules, column sizes, the type's fields, dates, references. */
  async function checked(ctx: ActionContext, type: ActivityType, data: Row): Promise<PostedActivity> {
    const values: Row = { ...data, activitytype: type };
    checkDataTypes(parkModel, values);
    const errors = validateFormFields(parkForm, values);
    const problems = { ...activityProblems(values as unknown as PostedActivity, labels, isoDay(ctx.now())), ...errors };
    const first = Object.values(problems)[0];
    if (first) throw new ApiError(CODES.VALIDATION, first, 200, problems);
    const stored: Row = {};
    for (const field of parkModel.fields) {
      if (!Object.hasOwn(values, field.name)) continue;
      stored[field.name] = toDb(field, values[field.name]);
      checkColumnFit(field, stored[field.name]);
    }
    // References the cached book knows need no lookup; any other gets the generic check (and its message).
    const { references } = await ruleBook(ctx.db, catalogue);
    if (!referencesKnown(references, stored)) await checkReferences(db(ctx), services, parkModel, stored);
    return stored as unknown as PostedActivity;
  }

  // A person's post moves miles at once only for a role holding the activity screen's direct function
  // (MEMBER_POSTDIRECT); anyone else's credit becomes an approval request (server/platform/approvals/directWrites.ts).
  const direct = directFunctionCode(activityScreen);
  const menucode = requestMenu(activityScreen);

  /**
   * The maker's post: tried in a transaction rolled back, so every refusal answers now. A post that would credit
   * is stored as a request with the miles it would earn; one that moves no miles (parked, or rejected by the
   * rules) is written as a direct post writes it.
   */
  async function requestPost(ctx: ActionContext, activity: PostedActivity): Promise<ActionResult> {
    const w = writeContext(ctx, catalogue);
    let posted: Posted;
    try {
      posted = await ctx.db.transaction().execute(async (trx) => {
        const outcome = await postActivity(trx, activity, 'API', w);
        if (outcome.status === 'CREDITED') throw new DryRun(outcome);
        return outcome;
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
      const { result, memberid } = error.posted;
      const recordkey = requestKey(activity, w.now);
      const proposed: Row = { ...activity, memberid, awardmiles: result.awardmiles, tiermiles: result.tiermiles, segments: result.segments, status: 'CREDITED' };
      return ctx.db.transaction().execute((trx) =>
        requestDomainApproval(ctx, trx, catalogue, { menucode, action: MANUAL_POST_ACTIONS[activity.activitytype], resource: ACTIVITY_RESOURCE, recordkey, key: { memberid: memberid ?? null }, data: activity as unknown as Row, proposed, before: null, title: activityScreen.title }),
      );
    }
    services.counts.invalidate(posted.status === 'PARKED' ? PARK_RESOURCE : ACTIVITY_RESOURCE);
    return answer(posted);
  }

  // Approving checks the post again and credits it through the same path, as the maker's entry approved by the checker.
  for (const type of ['AIR', 'NONAIR'] as const) {
    services.approvals?.register(menucode, MANUAL_POST_ACTIONS[type], {
      screen: activityScreen,
      current: async () => null,
      async apply(ctx, trx, request) {
        const activity = await checked({ ...ctx, db: trx }, type, request.data);
        const posted = await postActivity(trx, activity, 'API', writeContext(ctx, catalogue));
        // Rules or the member changed since the request: nothing is credited, the checker rejects it instead.
        if (posted.status !== 'CREDITED') throw refusalError(type, posted.result);
        services.counts.invalidate(ACTIVITY_RESOURCE);
      },
    });
  }

  const post = (type: ActivityType, fields: string[], required: string[]) =>
    defineAction({
      path: `/api/accrual/${type === 'AIR' ? 'air' : 'non-air'}`,
      // Posting is a change of the member's activities: the guard of adding one on the member's page.
      guard: { function: actionFunctionCode(activityScreen, 'create') },
      data: dataSchema(fieldTypes, fields, required),
      reference: { ...postingReference(type), data: dataSchema(documentedTypes, fields, required) },
      handler: async (ctx) => {
        const activity = await checked(ctx, type, ctx.parameter.data as Row);
        if (!(await writesDirect(ctx, direct))) return requestPost(ctx, activity);
        // Posts arriving together are credited as one batch (postingQueue.ts).
        const posted = await postingQueueOf(ctx.db)(activity, writeContext(ctx, catalogue));
        services.counts.invalidate(posted.status === 'PARKED' ? PARK_RESOURCE : ACTIVITY_RESOURCE);
        return answer(posted);
      },
    });

  const simulated = (types: typeof fieldTypes) =>
    dataSchema(types, [...new Set([...AIR_FIELDS, ...NONAIR_FIELDS])], ['activitytype', 'activitydate'], {
      activitytype: { enum: ['AIR', 'NONAIR'] },
      memberid: nullable('string', { maxLength: 20 }),
      tierid: nullable('string', { maxLength: 20 }),
      // A member's activity picked to rate again: its own segment does not count as credited already.
      activityid: nullable('string', { maxLength: 30 }),
    });

  return [
    post('AIR', AIR_FIELDS, ['cardnumber', 'activitydate', 'carrier', 'flightnumber', 'origin', 'destination', 'bookingclass', 'ticketissuedate']),
    post('NONAIR', NONAIR_FIELDS, ['cardnumber', 'activitydate', 'partnercode', 'activitycode']),
    bulkPostAction({
      guard: { function: actionFunctionCode(activityScreen, 'create') },
      checked,
      writesDirect: (ctx) => writesDirect(ctx, direct),
      writeContext: (ctx) => writeContext(ctx, catalogue),
      written: () => {
        services.counts.invalidate(ACTIVITY_RESOURCE);
        services.counts.invalidate(PARK_RESOURCE);
      },
    }),

    defineAction({
      path: ACCRUAL_SIMULATE_PATH,
      guard: simulatorGuard,
      data: simulated(fieldTypes),
      reference: { summary: 'Rate an activity without posting it', data: simulated(documentedTypes), result: SIMULATED_RESULT, codes: [CODES.VALIDATION] },
      handler: async (ctx) => {
        const { activitytype, memberid, tierid, activityid, ...rest } = ctx.parameter.data as Row & { activitytype: ActivityType; memberid?: string | null; tierid?: string | null; activityid?: string | null };
        const activity = await checked(ctx, activitytype, rest);
        const date = activity.activitydate;
        // A member's card or id, or just a tier: the simulator rates for whoever is named.
        const member = activity.cardnumber ? await memberByCard(ctx.db, activity.cardnumber, date) : memberid ? await memberById(ctx.db, memberid, date) : tierid ? { memberid: '', tierid, status: 'ACTIVE', enrollmentdate: null } : undefined;
        const result: AccrualResult = await rateActivity(ctx.db, { db: ctx.db, catalogue }, activity, member, { ignoreSegment: !!activityid });
        return { result: { ...result, member: member?.memberid ? { memberid: member.memberid, tierid: member.tierid, status: member.status } : null } };
      },
    }),

    defineAction({
      path: ACCRUAL_MEMBER_ACTIVITIES_PATH,
      guard: simulatorGuard,
      data: { type: 'object', additionalProperties: false, required: ['cardnumber'], properties: { cardnumber: { type: 'string', minLength: 1, maxLength: 45 } } },
      reference: {
        summary: "The member holding a card and their latest activities, for the simulator to pick from",
        result: { type: 'object', required: ['member', 'activities'], properties: { member: MEMBER_NAMED, activities: { type: 'array', maxItems: MEMBER_ACTIVITY_PICKS, items: recordSchema(activityModel) } } },
        codes: [CODES.VALIDATION],
      },
      handler: async (ctx) => {
        const { cardnumber } = ctx.parameter.data as { cardnumber: string };
        const member = await memberByCard(ctx.db, cardnumber, isoDay(ctx.now()));
        if (!member) {
          const message = `No member holds card ${cardnumber}`;
          throw new ApiError(CODES.VALIDATION, message, 200, { cardnumber: message });
        }
        const rows = (await db(ctx).selectFrom(activityModel.table).selectAll().where('memberid', '=', member.memberid).orderBy('activitydate', 'desc').orderBy('activityid', 'desc').limit(MEMBER_ACTIVITY_PICKS).execute()) as Row[];
        return { result: { member: { memberid: member.memberid, tierid: member.tierid, status: member.status }, activities: rows.map((row) => rowToRecord(activityModel, row)) } };
      },
    }),

    defineAction({
      path: `/api/${PARK_RESOURCE}/${reprocessAction.name}`,
      guard: { function: actionFunctionCode(parkScreen, reprocessAction) },
      data: { type: 'object', required: ['parkid'], properties: { parkid: { type: 'string', minLength: 1, maxLength: 30 } } },
      reference: { summary: 'Post a parked activity again', result: POSTED_RESULT, codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
      handler: async (ctx) => {
        const { parkid } = ctx.parameter.data as { parkid: string };
        const posted = await ctx.db.transaction().execute(async (trx) => {
          const before = rowToRecord(parkModel, await mustFind(trx, parkScreen, parkModel, { parkid }, await ctx.scope.conditions(trx, parkModel, 'write')));
          const done = await reprocess(trx, before, writeContext(ctx, catalogue));
          await writeUserLog(trx, { username: ctx.user!.username, module: parkScreen.menucode, legend: reprocessAction.name.toUpperCase(), recordkey: parkid, before, after: { ...before, status: 'REPROCESSED', memberid: done.memberid, activityid: done.activityid }, ip: ctx.ip }, ctx.now());
          return done;
        });
        services.counts.invalidate(PARK_RESOURCE);
        services.counts.invalidate(ACTIVITY_RESOURCE);
        return answer(posted);
      },
    }),

    defineAction({
      path: `/api/${ACTIVITY_RESOURCE}/${rating.name}`,
      guard: { function: actionFunctionCode(activityScreen, rating) },
      data: { type: 'object', required: ['memberid', 'activityid'], properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 }, activityid: { type: 'string', minLength: 1, maxLength: 30 } } },
      reference: { summary: "Rate a member's activity again by today's rules (no result when its miles stay the same)", result: recordSchema(activityModel), codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
      handler: async (ctx) => {
        const { memberid, activityid } = ctx.parameter.data as { memberid: string; activityid: string };
        const outcome = await ctx.db.transaction().execute(async (trx) => {
          const anyTrx = definitionDb(trx);
          const before = rowToRecord(activityModel, await mustFind(anyTrx, activityScreen, activityModel, { memberid, activityid }));
          const changes = await rerate(trx, before, storedActivity(before), writeContext(ctx, catalogue));
          if (!changes) return undefined;
          const at = ctx.now().toISOString();
          await anyTrx.updateTable(activityModel.table).set({ ...changes, updatedby: ctx.user!.username, updateddate: at }).where('memberid', '=', memberid).where('activityid', '=', activityid).execute();
          const after = { ...before, ...changes };
          await writeUserLog(trx, { username: ctx.user!.username, module: activityScreen.childOf ?? activityScreen.menucode, legend: rating.name.toUpperCase(), recordkey: `${memberid}|${activityid}`, before, after, ip: ctx.ip }, ctx.now());
          return after;
        });
        if (!outcome) return { message: ACCRUAL_TEXTS.unchanged };
        services.counts.invalidate(ACTIVITY_RESOURCE);
        return { message: text(ACCRUAL_TEXTS.rerated, { award: Number(outcome.awardmiles), tier: Number(outcome.tiermiles), segments: Number(outcome.segments) }), result: outcome };
      },
    }),
  ];
}

