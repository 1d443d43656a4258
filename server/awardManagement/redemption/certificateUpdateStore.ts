// Certificate update (spec 001 §3.4): the certificate picked (issued, of an issued flight redemption), the new
// activity (free flight or upgrade: new departure and return dates, compartment) priced again from the award chart
// with the award's update fee, and the difference applied through Approval Redemption Update: on approval, in
// one transaction, the redemption's flights and prices changed and the difference debited (REDEMPTION) or given
// back (REDEPOSIT credit). The redemption of the certificate changes, all its passengers alike.
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_TEXTS, approvalPages } from '../../../engine/definition/approvals';
import { resourceModelOf, type Catalogue } from '../../../engine/definition/catalogue';
import { resourceModel } from '../../../engine/definition/compile';
import { formatMessage } from '../../../engine/rules';
import type { ApprovalRequest } from '../../platform/approvals/approvalStore';
import { insertRequest } from '../../platform/approvals/approvalStore';
import { submittedAnswer } from '../../platform/approvals/approvers';
import { recordName } from '../../platform/approvals/recordNames';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { isoDay } from '../../../engine/definition/dates';
import { LedgerError, TRX_TYPES, credit, debit } from '../../ledger/ledgerStore';
import { rowToRecord, type Row } from '../../platform/resources/records';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { CERTIFICATE_RESOURCE, CERTIFICATE_STATUS, REDEMPTION_RESOURCE, REDEMPTION_STATUS, eligibleAward, lockRedemption, memberByCard, priceList, readCertificates, readRedemption } from './redemptionStore';
import { definitionDb } from '../../platform/db/definitionDb';
import * as moduleTexts from './texts.json';

type Db = Kysely<Schema>;

export const UPDATE_MENU = 'CERTUPD';
export const UPDATE_REQUEST = { menucode: 'MEMBER', action: 'redemption-update' } as const;
export const UPDATE_STEPS = { certificate: 'step1', activity: 'step2' } as const;

// not in spec: the product's own messages for a certificate update.
export const UPDATE_TEXTS = moduleTexts.update;

const onField = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });
/** A compartment as the reference data holds it (Partner Management › Compartment): its name and rank. */
interface Compartment {
  name: string;
  rank: number;
}

/** A compartment code's name and rank (the best rank when airlines rank it differently); undefined when no row holds it. */
async function compartmentOf(db: Db, catalogue: Catalogue, code: string): Promise<Compartment | undefined> {
  const screen = catalogue.screenByResource.get('compartment');
  if (!screen) return undefined;
  const row = (await definitionDb(db).selectFrom(resourceModel(screen).table).select(['compartmentname', 'rank']).where('compartmentcode', '=', code).orderBy('rank').limit(1).executeTakeFirst()) as { compartmentname: string; rank: number | null } | undefined;
  return row ? { name: row.compartmentname, rank: Number(row.rank ?? 0) } : undefined;
}

export interface UpdateQuote {
  certificateid: string;
  memberid: string;
  redemptionid: string;
  oldtotal: number;
  newtotal: number;
  updatefee: number;
  difference: number;
  pricedeparture: number;
  pricereturn: number;
  departuredate: string;
  returndate: string | null;
  compartmentcode: string;
  /** The member's balance now: the difference comes out of it on approval. */
  balance: number;
}

/** What the clerk sees of a quote before Submit: the totals, the update fee by name, the difference and the balance before and after. */
export const updateShown = (quote: UpdateQuote): Row => ({
  oldtotal: quote.oldtotal,
  newtotal: quote.newtotal,
  updatefee: quote.updatefee,
  difference: quote.difference,
  balance: quote.balance,
  balanceafter: quote.balance - quote.difference,
});

/** The certificate as the clerk sees it before changing it: its holder and the redemption's flights and miles. */
export const certificateShown = ({ certificate, redemption }: { certificate: Row; redemption: Row }): Row => ({
  redemptionid: redemption.redemptionid,
  holder: `${String(certificate.name ?? '')} ${String(certificate.familyname ?? '')}`.trim(),
  membername: redemption.membername,
  awardcode: redemption.awardcode,
  origin: redemption.origin,
  destination: redemption.destination,
  departuredate: redemption.departuredate,
  returndate: redemption.returndate,
  compartmentcode: redemption.compartmentcode,
  passenger: redemption.passenger,
  oldtotal: redemption.totalmileage,
  validitydate: certificate.validitydate,
});

/** The certificate by number, issued, of an issued flight redemption; with its redemption. */
export async function updatableCertificate(db: Db, catalogue: Catalogue, certificateid: unknown): Promise<{ certificate: Row; redemption: Row }> {
  const id = typeof certificateid === 'string' ? certificateid.trim() : '';
  const model = resourceModelOf(catalogue, CERTIFICATE_RESOURCE);
  const row = (await definitionDb(db).selectFrom(model.table).selectAll().where('certificateid', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) throw onField('certificateid', formatMessage(UPDATE_TEXTS.notFound, { certificate: id }));
  const certificate = rowToRecord(model, row);
  if (certificate.status !== CERTIFICATE_STATUS.ISSUED) throw onField('certificateid', formatMessage(UPDATE_TEXTS.notIssued, { certificate: id, status: String(certificate.status) }));
  const redemption = (await readRedemption(db, catalogue, certificate))!;
  if (redemption.categorytype !== 'AIR') throw onField('certificateid', formatMessage(UPDATE_TEXTS.notFlight, { certificate: id }));
  if (redemption.status !== REDEMPTION_STATUS.ISSUED) throw onField('certificateid', formatMessage(UPDATE_TEXTS.notIssued, { certificate: id, status: String(redemption.status) }));
  return { certificate, redemption };
}

/** The new activity priced (step 2): the redemption's route and passengers on the new dates and compartment, plus the update fee. */
export async function quoteUpdate(db: Db, catalogue: Catalogue, certificateid: unknown, activity: Row, now: Date, via: Db = db): Promise<UpdateQuote> {
  const { redemption } = await updatableCertificate(via, catalogue, certificateid);
  const day = isoDay(now);
  const member = await memberByCard(via, redemption.cardnumber, day);
  const award = await eligibleAward(db, catalogue, redemption.awardcode, member, day, via);
  const compartment = String(activity.compartmentcode ?? '');
  if (activity.activityairtype === 'upgrade') {
    const held = await compartmentOf(via, catalogue, String(redemption.compartmentcode));
    const wanted = await compartmentOf(via, catalogue, compartment);
    // Rank 1 is the highest compartment (First); one the reference data does not hold ranks below all.
    const rankOf = (c: Compartment | undefined) => c?.rank ?? Number.POSITIVE_INFINITY;
    if (rankOf(wanted) >= rankOf(held)) throw onField('compartmentcode', formatMessage(UPDATE_TEXTS.upgradeNotHigher, { compartment: held?.name ?? String(redemption.compartmentcode) }));
  }
  const returndate = redemption.isreturn ? String(activity.returndate ?? redemption.returndate ?? '') : null;
  const nominees = (await readCertificates(via, catalogue, redemption)).filter((c) => !c.selfusage).length;
  // The miles of this redemption are the member's still: the balance check counts them.
  const price = await priceList(db, catalogue, { ...member, awardmiles: member.awardmiles + Number(redemption.totalmileage) }, award, {
    origin: String(redemption.origin),
    destination: String(redemption.destination),
    departuredate: String(activity.departuredate),
    isreturn: Boolean(redemption.isreturn),
    returndate,
    compartmentcode: compartment,
    passenger: Number(redemption.passenger),
  }, nominees, via);
  const [awardRow] = (await definitionDb(via).selectFrom(resourceModelOf(catalogue, 'award').table).select('updatefee').where('awardcode', '=', award.awardcode).execute()) as Row[];
  const updatefee = Number(awardRow?.updatefee ?? 0);
  const oldtotal = Number(redemption.totalmileage);
  return {
    certificateid: String(certificateid),
    memberid: String(redemption.memberid),
    redemptionid: String(redemption.redemptionid),
    oldtotal,
    newtotal: price.totalmileage,
    updatefee,
    difference: price.totalmileage + updatefee - oldtotal,
    pricedeparture: price.pricedeparture,
    pricereturn: price.pricereturn,
    departuredate: String(activity.departuredate),
    returndate,
    compartmentcode: compartment,
    balance: member.awardmiles,
  };
}

/** Submit: the update checked and priced, then its request on Approval Redemption Update (nothing moves yet). */
export async function requestUpdate(ctx: ActionContext, trx: Db, catalogue: Catalogue, certificateid: unknown, activity: Row): Promise<{ message: string; result: Row }> {
  const at = ctx.now();
  // One request per redemption at a time: the lock orders two makers (PostgreSQL), the second then sees the first's request.
  await lockRedemption(trx, catalogue, (await updatableCertificate(trx, catalogue, certificateid)).redemption);
  const quote = await quoteUpdate(ctx.db, catalogue, certificateid, activity, at, trx);
  const key = { memberid: quote.memberid, redemptionid: quote.redemptionid };
  const recordkey = `${quote.memberid}|${quote.redemptionid}`;
  // Named as the redemption it changes (its award, its member): the quote holds only its key.
  const recordname = await recordName(trx, catalogue, REDEMPTION_RESOURCE, (await readRedemption(trx, catalogue, key)) ?? key);
  const requestid = await insertRequest(
    trx,
    { ...UPDATE_REQUEST, resource: REDEMPTION_RESOURCE, recordkey, recordname, key, data: { ...key, certificateid: quote.certificateid, ...activity }, proposed: quote as unknown as Row, before: null, requestedby: ctx.user!.username, requestdate: at.toISOString() },
    formatMessage(APPROVAL_TEXTS.pending, { title: 'Redemption', key: recordkey }),
  );
  await writeUserLog(trx, { username: ctx.user!.username, module: UPDATE_MENU, legend: LEGENDS.REQUEST_APPROVAL, recordkey, after: { requestid, ...quote }, ip: ctx.ip }, at);
  const requested = formatMessage(UPDATE_TEXTS.requested, { certificate: quote.certificateid, difference: quote.difference.toLocaleString('en-US') });
  const { message, approvers } = await submittedAnswer(trx, approvalPages(catalogue), UPDATE_REQUEST, requested);
  return { message, result: { requestid, ...quote, approvers } };
}

/** Approval Redemption Update approved: priced again, the difference debited or given back, the redemption changed, in one transaction. */
export async function approveUpdate(ctx: ActionContext, trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<void> {
  const at = ctx.now();
  const user = ctx.user!.username;
  const data = request.data;
  await lockRedemption(trx, catalogue, request.key);
  const quote = await quoteUpdate(ctx.db, catalogue, data.certificateid, data, at, trx);
  const entry = { memberid: quote.memberid, activitydate: isoDay(at), source: `redemption-update:${request.requestid}`, reason: `Certificate update ${quote.certificateid}`, user, now: at };
  try {
    if (quote.difference > 0) await debit(trx, { ...entry, trxtype: TRX_TYPES.REDEMPTION, awardmiles: quote.difference });
    if (quote.difference < 0) await credit(trx, { ...entry, trxtype: TRX_TYPES.REDEPOSIT, awardmiles: -quote.difference });
  } catch (error) {
    throw error instanceof LedgerError ? error.onField('certificateid').toApiError() : error;
  }
  const model = resourceModelOf(catalogue, REDEMPTION_RESOURCE);
  await definitionDb(trx)
    .updateTable(model.table)
    .set({ departuredate: quote.departuredate, returndate: quote.returndate, compartmentcode: quote.compartmentcode, pricedeparture: quote.pricedeparture, pricereturn: quote.pricereturn, totalmileage: quote.oldtotal + quote.difference, updatedby: user, updateddate: at.toISOString() })
    .where('memberid', '=', quote.memberid)
    .where('redemptionid', '=', quote.redemptionid)
    .execute();
  await writeUserLog(trx, { username: user, module: UPDATE_REQUEST.menucode, legend: LEGENDS.APPROVE, recordkey: request.recordkey, after: quote, ip: ctx.ip }, at);
}
