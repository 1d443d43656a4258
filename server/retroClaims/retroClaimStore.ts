// Retro claims' queries and transactions: a new claim checked against the member, the airline, the credited
// segments and the claims already waiting (retroClaimRules.ts decides), its approval request opened in the
// claim's own transaction, and the decision: an approved member's claim is posted through accrual (the rule
// table of the flight's date, the ledger credit, the segment) with the claim's status in one transaction; a
// SkyTeam In claim (another programme's member on our flight) is only marked for export; a rejected one keeps
// the reason.
import type { Kysely } from 'kysely';
import { CODES } from '../../engine/api/responseCodes';
import { APPROVAL_TEXTS } from '../../engine/definition/approvals';
import { fieldOf, resourceModel } from '../../engine/definition/compile';
import { resourceModelOf, type Catalogue } from '../../engine/definition/catalogue';
import type { ScreenDefinition } from '../../engine/definition/screen';
import { formatMessage } from '../../engine/rules';
import { ApiError } from '../platform/core/apiError';
import type { ActionContext } from '../platform/core/action';
import type { Schema } from '../platform/db/schema';
import { readConfigKey } from '../platform/configuration/configKeys';
import { sameFlight as sameFlightAs, type FlightSegment } from '../../domain/flightIdentity';
import { memberByCard, refusalError, segmentKey, type PostedActivity } from '../catalog/accrual/accrualStore';
import { postActivity } from '../catalog/accrual/accrualBatch';
import { writeContext } from '../catalog/accrual/accrualHooks';
import { insertRequest, type ApprovalRequest } from '../platform/approvals/approvalStore';
import { recordName } from '../platform/approvals/recordNames';
import { recordKey, rowToRecord, type Row } from '../platform/resources/records';
import { LEGENDS, writeUserLog } from '../platform/userlog/userLog';
import { carrierProblem, memberProblems, RETRO_TEXTS, say, windowProblem, type ClaimSettings, type ClaimType } from './retroClaimRules';
import { isoDay } from '../../engine/definition/dates';
import { definitionDb } from '../platform/db/definitionDb';

type Db = Kysely<Schema>;

/** The member's claims (screens/member-management/memretro.json): the managers of own and partner flights are views of it. */
export const MEMBER_CLAIM_RESOURCE = 'retro-claim';
/** Other programmes' members claiming our flights (screens/retro-claim-management/retro-claim-skyteam-in-manager.json). */
export const IN_CLAIM_RESOURCE = 'retro-claim-in';
export const CLAIM_STATUS = { SUBMITTED: 'SUBMITTED', APPROVED: 'APPROVED', REJECTED: 'REJECTED', EXPORT: 'EXPORT' } as const;
/** The action a claim's approval request is filed under (its claim was created). */
export const CLAIM_REQUEST_ACTION = 'create';

export async function claimSettings(db: Db): Promise<ClaimSettings> {
  const titles = await readConfigKey(db, 'RETRO_CLAIM_NAME_TITLES');
  return {
    ownCarrier: await readConfigKey(db, 'PROGRAMME_CARRIER'),
    maxDays: await readConfigKey(db, 'MAX_RETRO_CLAIM_DAYS'),
    minDaysOwn: await readConfigKey(db, 'RETRO_CLAIM_MIN_DAYS_OWN'),
    minDaysPartner: await readConfigKey(db, 'RETRO_CLAIM_MIN_DAYS_PARTNER'),
    nameTitles: titles.split(',').map((t) => t.trim().toUpperCase()).filter(Boolean),
  };
}

function refuse(problems: Record<string, string>): void {
  const first = Object.values(problems)[0];
  if (first) throw new ApiError(CODES.VALIDATION, first, 200, problems);
}

/** The alliance of an airline of Airline (undefined: no such airline; the generic reference check says so). */
async function allianceOf(trx: Db, catalogue: Catalogue, carrier: string): Promise<string | null | undefined> {
  const row = (await definitionDb(trx).selectFrom(resourceModelOf(catalogue, 'airline').table).select('alliancetype').where('airlinecode', '=', carrier).executeTakeFirst()) as { alliancetype: string | null } | undefined;
  return row ? row.alliancetype : undefined;
}

/** The label of a claim type (the claim screen's option): 'SkyTeam', 'Star Alliance' ... */
const typeLabel = (screen: ScreenDefinition, claimtype: string) => fieldOf(screen, 'claimtype')?.options?.find((o) => o.value === claimtype)?.label ?? claimtype;

/** The flight of a claim as accrual posts it: the flight's date is the activity's and the ticket's (the table of the flight's date). */
export const claimedActivity = (claim: Row): PostedActivity => ({
  activitytype: 'AIR',
  cardnumber: claim.cardnumber as string,
  activitydate: claim.flightdate as string,
  carrier: claim.carrier as string,
  flightnumber: claim.flightnumber as string,
  origin: claim.origin as string,
  destination: claim.destination as string,
  bookingclass: claim.bookingclass as string,
  ticketnumber: (claim.ticketnumber as string | null) ?? null,
  ticketissuedate: claim.flightdate as string,
});

/** The same flight (flightIdentity): carrier, number, date and route. */
const sameFlight = (a: Row, b: Row) => sameFlightAs(a as unknown as FlightSegment, b as unknown as FlightSegment);

/**
 * A member's new claim (its checked values, with the manager's claim type): every rule at once, field by field.
 * Returns the member the card belongs to; throws the problems otherwise.
 */
export async function checkMemberClaim(ctx: ActionContext, trx: Db, catalogue: Catalogue, values: Row): Promise<{ memberid: string }> {
  const screen = catalogue.screenByResource.get(MEMBER_CLAIM_RESOURCE)!;
  const settings = await claimSettings(trx);
  const today = isoDay(ctx.now());
  const flight = { carrier: String(values.carrier), flightdate: String(values.flightdate), ticketname: values.ticketname as string };
  const problems: Record<string, string> = {};
  const claimtype = values.claimtype as ClaimType;
  const carrier = carrierProblem(claimtype, flight.carrier, await allianceOf(trx, catalogue, flight.carrier), settings, typeLabel(screen, claimtype));
  if (carrier) problems.carrier = carrier;
  const window = windowProblem(flight, today, settings);
  if (window) problems.flightdate = window;
  const member = await memberByCard(trx, String(values.cardnumber), flight.flightdate);
  if (!member) {
    problems.cardnumber = say(RETRO_TEXTS.noMember, { card: String(values.cardnumber) });
    refuse(problems);
  }
  const names = (await definitionDb(trx).selectFrom('member').select(['firstname', 'lastname', 'enrollmentdate']).where('memberid', '=', member!.memberid).executeTakeFirst()) as Row;
  for (const [field, message] of Object.entries(memberProblems(flight, names as never, settings))) problems[field] ??= message;
  if (!problems.flightnumber) {
    const segment = (await definitionDb(trx).selectFrom('accrual_segment').select('activityid').where('segmentkey', '=', segmentKey(member!.memberid, claimedActivity(values))).executeTakeFirst()) as { activityid: string } | undefined;
    if (segment) problems.flightnumber = say(RETRO_TEXTS.alreadyCredited, { activity: segment.activityid });
  }
  if (!problems.flightnumber) {
    const waiting = (await definitionDb(trx)
      .selectFrom(resourceModelOf(catalogue, MEMBER_CLAIM_RESOURCE).table)
      .select(['claimid', 'carrier', 'flightnumber', 'flightdate', 'origin', 'destination', 'status'])
      .where('memberid', '=', member!.memberid)
      .where('flightdate', '=', flight.flightdate)
      .where('status', '=', CLAIM_STATUS.SUBMITTED)
      .execute()) as Row[];
    const same = waiting.find((w) => sameFlight(w, values));
    if (same) problems.flightnumber = say(RETRO_TEXTS.alreadyClaimed, { claim: String(same.claimid), status: 'Submitted' });
  }
  refuse(problems);
  return { memberid: member!.memberid };
}

/** A SkyTeam In claim: a flight of our own carrier, in the own-flight window, not claimed already for that member number. */
export async function checkInClaim(ctx: ActionContext, trx: Db, catalogue: Catalogue, values: Row): Promise<void> {
  const settings = await claimSettings(trx);
  const today = isoDay(ctx.now());
  const flight = { carrier: String(values.carrier), flightdate: String(values.flightdate) };
  const problems: Record<string, string> = {};
  const carrier = carrierProblem('OWN', flight.carrier, null, settings, '');
  if (carrier) problems.carrier = carrier;
  const window = windowProblem(flight, today, settings);
  if (window) problems.flightdate = window;
  const claims = (await definitionDb(trx)
    .selectFrom(resourceModelOf(catalogue, IN_CLAIM_RESOURCE).table)
    .select(['claimid', 'carrier', 'flightnumber', 'flightdate', 'origin', 'destination', 'status'])
    .where('programcode', '=', values.programcode)
    .where('ffpnumber', '=', values.ffpnumber)
    .where('flightdate', '=', flight.flightdate)
    .where('status', '!=', CLAIM_STATUS.REJECTED)
    .where('claimid', '!=', values.claimid)
    .execute()) as Row[];
  const same = claims.find((c) => sameFlight(c, values));
  if (same && !problems.flightnumber) problems.flightnumber = say(RETRO_TEXTS.alreadyClaimed, { claim: String(same.claimid), status: same.status === CLAIM_STATUS.EXPORT ? 'Ready for Export' : 'Submitted' });
  refuse(problems);
}

/** Opens the claim's approval request on the approval page of its manager's menu, in the claim's transaction; the claim keeps the request id. */
export async function openClaimRequest(ctx: ActionContext, trx: Db, catalogue: Catalogue, screen: ScreenDefinition, record: Row): Promise<number> {
  const model = resourceModel(screen);
  const key = Object.fromEntries(model.key.map((k) => [k, record[k]]));
  const recordkey = recordKey(model, key);
  const at = ctx.now();
  const proposed: Row = { ...record, status: screen.resource.name === IN_CLAIM_RESOURCE ? CLAIM_STATUS.EXPORT : CLAIM_STATUS.APPROVED };
  for (const name of ['eticket', 'boardingpass', 'requestid', 'activityid', 'awardmiles', 'tiermiles', 'rejectreason']) delete proposed[name];
  const requestid = await insertRequest(
    trx,
    { menucode: screen.menucode, action: CLAIM_REQUEST_ACTION, resource: model.name, recordkey, recordname: await recordName(trx, catalogue, model.name, record), key, data: key, proposed, before: null, requestedby: ctx.user!.username, requestdate: at.toISOString() },
    formatMessage(APPROVAL_TEXTS.pending, { title: screen.title, key: recordkey }),
  );
  let update = definitionDb(trx).updateTable(model.table).set({ requestid });
  for (const [name, value] of Object.entries(key)) update = update.where(name, '=', value);
  await update.execute();
  record.requestid = requestid;
  await writeUserLog(trx, { username: ctx.user!.username, module: screen.menucode, legend: LEGENDS.REQUEST_APPROVAL, recordkey, after: { requestid, action: CLAIM_REQUEST_ACTION }, ip: ctx.ip }, at);
  return requestid;
}

/** The claim a request names, as it is now (within the manager's filter), or null. */
export async function readClaim(db: Db, screen: ScreenDefinition, key: Row): Promise<Row | null> {
  const model = resourceModel(screen);
  let query = definitionDb(db).selectFrom(model.table).selectAll();
  for (const name of model.key) query = query.where(name, '=', key[name]);
  for (const [name, value] of Object.entries(model.filter ?? {})) if (!Array.isArray(value)) query = query.where(name, '=', value);
  const row = (await query.executeTakeFirst()) as Row | undefined;
  return row ? rowToRecord(model, row) : null;
}

/** The claim, still waiting: a claim decided already (or gone) refuses the decision. */
async function submittedClaim(trx: Db, screen: ScreenDefinition, request: ApprovalRequest): Promise<Row> {
  const claim = await readClaim(trx, screen, request.key);
  if (!claim) throw new ApiError(CODES.NOT_FOUND, `${screen.title} "${request.recordkey}" was not found`);
  if (claim.status !== CLAIM_STATUS.SUBMITTED) throw new ApiError(CODES.ALREADY_DECIDED, say(RETRO_TEXTS.notSubmitted, { claim: String(claim.claimid), status: String(claim.status) }));
  return claim;
}

async function setClaim(ctx: ActionContext, trx: Db, screen: ScreenDefinition, claim: Row, changes: Row, legend: string): Promise<void> {
  const model = resourceModel(screen);
  const at = ctx.now();
  let update = definitionDb(trx).updateTable(model.table).set({ ...changes, updatedby: ctx.user!.username, updateddate: at.toISOString() });
  for (const name of model.key) update = update.where(name, '=', claim[name]);
  await update.execute();
  const { eticket: _e, boardingpass: _b, ...shown } = claim;
  await writeUserLog(trx, { username: ctx.user!.username, module: screen.menucode, legend, recordkey: recordKey(model, claim), before: { status: claim.status }, after: { ...shown, ...changes }, ip: ctx.ip }, at);
}

/**
 * Approves a claim in the decision's transaction: a member's flight is posted through accrual (credited by the
 * rule table of the flight's date, or refused with the reason and nothing changes); a SkyTeam In claim is marked
 * for export, never credited here.
 */
export async function approveClaim(ctx: ActionContext, trx: Db, catalogue: Catalogue, screen: ScreenDefinition, request: ApprovalRequest): Promise<void> {
  const claim = await submittedClaim(trx, screen, request);
  if (screen.resource.name === IN_CLAIM_RESOURCE) {
    await setClaim(ctx, trx, screen, claim, { status: CLAIM_STATUS.EXPORT }, LEGENDS.APPROVE);
    return;
  }
  const posted = await postActivity(trx, claimedActivity(claim), 'STAFF', writeContext(ctx, catalogue));
  if (posted.status !== 'CREDITED') throw refusalError('AIR', posted.result);
  await setClaim(ctx, trx, screen, claim, { status: CLAIM_STATUS.APPROVED, activityid: posted.activityid, awardmiles: posted.result.awardmiles, tiermiles: posted.result.tiermiles }, LEGENDS.APPROVE);
}

/** Rejects a claim in the decision's transaction, keeping the checker's reason. */
export async function rejectClaim(ctx: ActionContext, trx: Db, screen: ScreenDefinition, request: ApprovalRequest): Promise<void> {
  const claim = await submittedClaim(trx, screen, request);
  const reason = (ctx.parameter.data as { reason?: string | null } | undefined)?.reason?.trim() ?? null;
  await setClaim(ctx, trx, screen, claim, { status: CLAIM_STATUS.REJECTED, rejectreason: reason?.slice(0, 500) ?? null }, LEGENDS.REJECT);
}
