// A member's purchase of miles: priced and checked from the catalogue rows (a message on the form's field),
// stored waiting for approval with its request on Approval Buy Mileage, and on approval credited through the
// ledger with its receipt number, in the decision's transaction.
import { formatDate } from '../../../engine/definition/format';
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_STATUS, APPROVAL_TEXTS } from '../../../engine/definition/approvals';
import { resourceModelOf, type Catalogue } from '../../../engine/definition/catalogue';
import type { ResourceModel } from '../../../engine/definition/compile';
import { formatMessage } from '../../../engine/rules';
import type { ApprovalRequest } from '../../platform/approvals/approvalStore';
import { insertRequest } from '../../platform/approvals/approvalStore';
import { recordName } from '../../platform/approvals/recordNames';
import { readConfigKey } from '../../platform/configuration/configKeys';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { isoDay } from '../../../engine/definition/dates';
import { LedgerError, TRX_TYPES, credit } from '../../ledger/ledgerStore';
import { MEMBER_STATUS } from '../../memberManagement/members/memberStore';
import { memberTierAsOf } from '../../tierManagement/tiers/tierStore';
import { recordKey, recordsWhere, type Row } from '../../platform/resources/records';
import { LEGENDS, writeUserLog } from '../../platform/userlog/userLog';
import { BUY_MILEAGE_TEXTS as TEXTS, milesProblem, priceFor, quote, type BuyMileagePrice, type BuyMileagePromo } from './buyMileageRules';
import { definitionDb } from '../../platform/db/definitionDb';

type Db = Kysely<Schema>;
/** Definition-built tables are not in the typed schema. */

export const PURCHASE_RESOURCE = 'member-buy-mileage';
const PRICE_RESOURCE = 'buy-mileage-catalog';
const PROMO_RESOURCE = 'buy-mileage-promo';
const RECEIPT_RESOURCE = 'receipt-catalogue';
/** Approval Buy Mileage (screens/approval/approval-buy-mileage.json) covers the member's buy-mileage requests. */
export const PURCHASE_REQUEST = { menucode: 'MEMBER', action: 'buy-mileage' } as const;
export const PURCHASE_STATUS = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED', CANCELLED: 'CANCELLED' } as const;

const fieldError = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });

/** Miles a member bought in the calendar year of `day`, the purchases waiting for approval included. */
async function boughtInYear(db: Db, model: ResourceModel, memberid: string, day: string): Promise<number> {
  const year = day.slice(0, 4);
  const row = (await definitionDb(db)
    .selectFrom(model.table)
    .select((eb: any) => eb.fn.sum('miles').as('miles'))
    .where('memberid', '=', memberid)
    .where('status', 'in', [PURCHASE_STATUS.PENDING, PURCHASE_STATUS.APPROVED])
    .where('purchasedate', '>=', `${year}-01-01`)
    .where('purchasedate', '<=', `${year}-12-31`)
    .executeTakeFirst()) as { miles: unknown } | undefined;
  return Number(row?.miles ?? 0);
}

/** The active member buying, or a message on memberid. */
async function activeMember(db: Db, memberid: string, day: string): Promise<{ memberid: string; tierid: string }> {
  const member = await db.selectFrom('member').select(['memberid', 'status']).where('memberid', '=', memberid).executeTakeFirst();
  if (!member) throw fieldError('memberid', formatMessage(TEXTS.memberNotFound, { member: memberid }));
  if (member.status !== MEMBER_STATUS.ACTIVE) throw fieldError('memberid', formatMessage(TEXTS.memberInactive, { member: memberid }));
  return { memberid, tierid: (await memberTierAsOf(db, memberid, day))?.tierid ?? '' };
}

/** A new purchase's derived values: the member active, the price row offered to the member's tier today, the miles allowed, the price with VAT. */
export async function pricePurchase(db: Db, catalogue: Catalogue, values: Row, now: Date): Promise<Row> {
  const day = isoDay(now);
  const member = await activeMember(db, String(values.memberid), day);
  const buymileageid = String(values.buymileageid);
  const prices = (await recordsWhere(db, resourceModelOf(catalogue, PRICE_RESOURCE), { buymileageid })) as unknown as BuyMileagePrice[];
  const price = priceFor(prices, buymileageid, member.tierid, day);
  if (!price) throw fieldError('buymileageid', formatMessage(TEXTS.notOffered, { price: buymileageid, tier: member.tierid, date: formatDate(day) }));
  const wanted = Number(values.miles);
  const limit = await readConfigKey(db, 'BUY_MILEAGE_MAX_MILES_PER_YEAR');
  const problem = milesProblem(wanted, price, await boughtInYear(db, resourceModelOf(catalogue, PURCHASE_RESOURCE), member.memberid, day), limit);
  if (problem) throw fieldError('miles', problem);
  const promos = (await recordsWhere(db, resourceModelOf(catalogue, PROMO_RESOURCE), { buymileageid })) as unknown as BuyMileagePromo[];
  return { ...quote(wanted, price, promos, await readConfigKey(db, 'VAT_BUY_MILEAGE'), day), purchasedate: day, status: PURCHASE_STATUS.PENDING };
}

/** Opens the purchase's request on Approval Buy Mileage, in the purchase's transaction; the purchase keeps the request id. */
export async function openPurchaseRequest(ctx: ActionContext, trx: Db, catalogue: Catalogue, record: Row): Promise<void> {
  const model = resourceModelOf(catalogue, PURCHASE_RESOURCE);
  const key = Object.fromEntries(model.key.map((k) => [k, record[k]]));
  const recordkey = recordKey(model, key);
  const at = ctx.now();
  const proposed: Row = { ...record, status: PURCHASE_STATUS.APPROVED };
  const requestid = await insertRequest(
    trx,
    { ...PURCHASE_REQUEST, resource: model.name, recordkey, recordname: await recordName(trx, catalogue, model.name, record), key, data: key, proposed, before: null, requestedby: ctx.user!.username, requestdate: at.toISOString() },
    formatMessage(APPROVAL_TEXTS.pending, { title: 'Buy Mileage', key: recordkey }),
  );
  let update = definitionDb(trx).updateTable(model.table).set({ requestid });
  for (const [name, value] of Object.entries(key)) update = update.where(name, '=', value);
  await update.execute();
  record.requestid = requestid;
  await writeUserLog(trx, { username: ctx.user!.username, module: PURCHASE_REQUEST.menucode, legend: LEGENDS.REQUEST_APPROVAL, recordkey, after: { requestid, action: PURCHASE_REQUEST.action }, ip: ctx.ip }, at);
}

/** The purchase a request names, as it is now, or null. */
export async function readPurchase(db: Db, catalogue: Catalogue, key: Row): Promise<Row | null> {
  const model = resourceModelOf(catalogue, PURCHASE_RESOURCE);
  const [row] = await recordsWhere(db, model, Object.fromEntries(model.key.map((k) => [k, key[k]])));
  return row ?? null;
}

async function pendingPurchase(trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<Row> {
  const purchase = await readPurchase(trx, catalogue, request.key);
  if (!purchase) throw new ApiError(CODES.NOT_FOUND, `Buy Mileage "${request.recordkey}" was not found`);
  if (purchase.status !== PURCHASE_STATUS.PENDING) throw new ApiError(CODES.ALREADY_DECIDED, formatMessage(TEXTS.notPending, { purchase: request.recordkey, status: String(purchase.status) }));
  return purchase;
}

async function setPurchase(ctx: ActionContext, trx: Db, catalogue: Catalogue, purchase: Row, changes: Row, legend: string): Promise<void> {
  const model = resourceModelOf(catalogue, PURCHASE_RESOURCE);
  const at = ctx.now();
  let update = definitionDb(trx).updateTable(model.table).set({ ...changes, updatedby: ctx.user!.username, updateddate: at.toISOString() });
  for (const name of model.key) update = update.where(name, '=', purchase[name]);
  await update.execute();
  await writeUserLog(trx, { username: ctx.user!.username, module: PURCHASE_REQUEST.menucode, legend, recordkey: recordKey(model, purchase), before: { status: purchase.status }, after: { ...purchase, ...changes }, ip: ctx.ip }, at);
}

/**
 * Approves a purchase in the decision's transaction: the member still active, the miles (with any bonus) credited
 * through the ledger as the receipt type says (bought, or bought to extend), and the receipt number given.
 */
export async function approvePurchase(ctx: ActionContext, trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<void> {
  const purchase = await pendingPurchase(trx, catalogue, request);
  const memberid = String(purchase.memberid);
  await activeMember(trx, memberid, isoDay(ctx.now()));
  const [price] = await recordsWhere(trx, resourceModelOf(catalogue, PRICE_RESOURCE), { buymileageid: purchase.buymileageid });
  const [receipt] = price ? await recordsWhere(trx, resourceModelOf(catalogue, RECEIPT_RESOURCE), { receipttypeid: price.receipttypeid }) : [];
  if (!receipt) throw fieldError('buymileageid', `Buy Mileage "${String(purchase.buymileageid)}" has no receipt type`);
  const receiptnumber = `${String(receipt.receiptprefix)}${String(purchase.purchaseid)}`;
  const now = ctx.now();
  let trxid: number;
  try {
    ({ trxid } = await credit(trx, {
      memberid,
      trxtype: receipt.milestype === TRX_TYPES.BUYEXTEND ? TRX_TYPES.BUYEXTEND : TRX_TYPES.BUY,
      activitydate: isoDay(now),
      awardmiles: Number(purchase.miles) + Number(purchase.bonusmiles ?? 0),
      source: `approval:${request.requestid}`,
      reason: `Receipt ${receiptnumber}`,
      user: ctx.user!.username,
      now,
    }));
  } catch (error) {
    throw error instanceof LedgerError ? error.onField('miles').toApiError() : error;
  }
  await setPurchase(ctx, trx, catalogue, purchase, { status: PURCHASE_STATUS.APPROVED, trxid, receiptnumber }, LEGENDS.APPROVE);
}

/** A rejected purchase keeps the checker's reason; nothing was credited. */
export async function rejectPurchase(ctx: ActionContext, trx: Db, catalogue: Catalogue, request: ApprovalRequest): Promise<void> {
  const purchase = await pendingPurchase(trx, catalogue, request);
  const reason = (ctx.parameter.data as { reason?: string | null } | undefined)?.reason?.trim() ?? null;
  await setPurchase(ctx, trx, catalogue, purchase, { status: PURCHASE_STATUS.REJECTED, rejectreason: reason?.slice(0, 500) ?? null }, LEGENDS.REJECT);
}

const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const amount = (value: unknown) => Number(value ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * An approved purchase's receipt as a printable HTML file: its number, the receipt type as the selector shows
 * it (spec 001 §4.7's relabels), the member, the miles and the price lines. A purchase without one answers on its key.
 */
export async function receiptFile(db: Db, catalogue: Catalogue, key: Row): Promise<{ filename: string; mimetype: string; content: string }> {
  const purchase = await readPurchase(db, catalogue, key);
  if (!purchase?.receiptnumber) throw fieldError('purchaseid', `Buy Mileage "${String(key.purchaseid ?? '')}" has no receipt: it is not approved`);
  const [price] = await recordsWhere(db, resourceModelOf(catalogue, PRICE_RESOURCE), { buymileageid: purchase.buymileageid });
  const [receipt] = price ? await recordsWhere(db, resourceModelOf(catalogue, RECEIPT_RESOURCE), { receipttypeid: price.receipttypeid }) : [];
  const typeName = String(receipt?.receipttypename ?? '');
  const shownType = catalogue.selectors.receipt?.relabel?.[typeName] ?? typeName;
  const member = await db.selectFrom('member').select(['firstname', 'lastname']).where('memberid', '=', String(purchase.memberid)).executeTakeFirst();
  const currency = String(purchase.currencycode ?? '');
  const lines: [string, string][] = [
    ['Receipt Number', String(purchase.receiptnumber)],
    ['Receipt Type', shownType],
    ['Date', String(purchase.purchasedate)],
    ['Member', `${String(purchase.memberid)} ${member ? `${member.firstname} ${member.lastname}`.trim() : ''}`.trim()],
    ['Miles', amount(purchase.miles)],
    ['Bonus Miles', amount(purchase.bonusmiles)],
    ['Price', `${currency} ${amount(purchase.amount)}`],
    ['Discount', `${currency} ${amount(purchase.discount)}`],
    [`VAT (${amount(purchase.vatpercent)}%)`, `${currency} ${amount(purchase.vat)}`],
    ['Total', `${currency} ${amount(purchase.total)}`],
  ];
  const rows = lines.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const content = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(purchase.receiptnumber)}</title></head><body><h1>${escapeHtml(shownType)}</h1><table>${rows}</table></body></html>`;
  return { filename: `${String(purchase.receiptnumber)}.html`, mimetype: 'text/html', content };
}

/** A waiting purchase cancelled (its Cancel row action): its request is closed with it, so no checker approves it later. */
export async function closeCancelledRequest(ctx: ActionContext, trx: Db, before: Row, after: Row | undefined): Promise<void> {
  if (after?.status !== PURCHASE_STATUS.CANCELLED || before.status !== PURCHASE_STATUS.PENDING) return;
  const closed = await trx
    .updateTable('approval_request')
    .set({ status: APPROVAL_STATUS.REJECTED, decidedby: ctx.user!.username, decisiondate: ctx.now().toISOString(), reason: TEXTS.cancelled })
    .where('requestid', '=', Number(before.requestid))
    .where('status', '=', APPROVAL_STATUS.PENDING)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) throw new ApiError(CODES.ALREADY_DECIDED, formatMessage(TEXTS.notPending, { purchase: String(before.purchaseid), status: 'decided' }));
}
