// A member's purchase of a mailing product (spec 001 §4.5; Buy Product, child MEMBUYPRD of the member page):
// checked and priced from the product's rows (every refusal a message on its field, nothing changed), the
// variant's stock taken in the purchase's transaction, and paid either in miles (a ledger debit in the same
// transaction: Success at once) or in cash (Waiting For Payment until staff confirm it within
// BUY_PRODUCT_PAYMENT_MINUTES; a failed payment gives the stock back and shows EXPIRED once the time passed).
// A paid purchase becomes a mailing order through the orders module (server/mailingProduct/mailing/orderSeam.ts).
import type { Kysely } from 'kysely';
import { CODES } from '../../../engine/api/responseCodes';
import { resourceModelOf, type Catalogue } from '../../../engine/definition/catalogue';
import { PAYMENT_STATUS, VENDOR_TEXTS, priceText } from '../../../domain/mailing';
import { formatMessage } from '../../../engine/rules';
import { readConfigKey } from '../../platform/configuration/configKeys';
import type { ActionContext } from '../../platform/core/action';
import { ApiError } from '../../platform/core/apiError';
import type { Schema } from '../../platform/db/schema';
import { isoDay } from '../../../engine/definition/dates';
import { LedgerError, TRX_TYPES, debit } from '../../ledger/ledgerStore';
import { MEMBER_STATUS } from '../../memberManagement/members/memberStore';
import { recordsWhere, type Row } from '../../platform/resources/records';
import { BUY_PRODUCT_MESSAGES as TEXTS, missingVendor, paymentAllowed, totalWithTax, type VendorRow } from './mailingRules';
import { SEND_TO, regionForAddress } from '../orders/orderStore';
import { orderPurchase } from './orderSeam';
import { definitionDb } from '../../platform/db/definitionDb';

type Db = Kysely<Schema>;
/** Definition-built tables are not in the typed schema. */

export const PURCHASE_RESOURCE = 'member-buy-product';
/** OBP (screens/mailing-product/obp.json): a view of every member's purchases. */
export const ORDER_BUY_PRODUCT_RESOURCE = 'order-buy-product';
export const PRODUCT_RESOURCE = 'mailing-product';
export const VARIANT_RESOURCE = 'mailing-product-variant';
const VENDOR_RESOURCE = 'vendor';
/** A receipt number is this prefix and the purchase id. */
export const RECEIPT_PREFIX = 'BP';

const fieldError = (field: string, message: string) => new ApiError(CODES.VALIDATION, message, 200, { [field]: message });

/**
 * A new purchase's derived values: the member active, the product active and payable by the chosen method, a
 * vendor of every step it uses (the courier one serving the chosen region), the variant the product's and in
 * stock, the price with tax; a cash purchase waits for payment until its verification timeout.
 */
export async function pricePurchase(db: Db, catalogue: Catalogue, values: Row, now: Date): Promise<Row> {
  const memberid = String(values.memberid);
  const member = await db.selectFrom('member').select(['memberid', 'status']).where('memberid', '=', memberid).executeTakeFirst();
  if (!member) throw fieldError('memberid', formatMessage(TEXTS.memberNotFound, { member: memberid }));
  if (member.status !== MEMBER_STATUS.ACTIVE) throw fieldError('memberid', formatMessage(TEXTS.memberInactive, { member: memberid }));

  const code = String(values.mailingproductcode);
  const [product] = await recordsWhere(db, resourceModelOf(catalogue, PRODUCT_RESOURCE), { mailingproductcode: code });
  if (!product || product.status !== 'ACTIVE') throw fieldError('mailingproductcode', formatMessage(TEXTS.productNotActive, { product: code }));
  const method = String(values.paymentmethod);
  if (!paymentAllowed(product, method)) throw fieldError('paymentmethod', formatMessage(TEXTS.methodNotAllowed, { product: code, method }));

  // The courier region is the vendor region covering the delivery country (server/mailingProduct/orders).
  const region = await regionForAddress(db, { sendto: SEND_TO.member, country: String(values.country) });
  if (!region) throw fieldError('country', VENDOR_TEXTS.notAvailableForRegion);
  const vendors = (await recordsWhere(db, resourceModelOf(catalogue, VENDOR_RESOURCE), { status: 'ACTIVE' })) as unknown as VendorRow[];
  const missing = missingVendor(vendors, product, region.regioncode);
  if (missing) throw fieldError(missing.field, missing.message);

  const variantid = String(values.inventoryvariantid);
  const [variant] = await recordsWhere(db, resourceModelOf(catalogue, VARIANT_RESOURCE), { mailingproductcode: code, inventoryvariantid: variantid });
  if (!variant || variant.status !== 'ACTIVE') throw fieldError('inventoryvariantid', formatMessage(TEXTS.notAVariant, { variant: variantid, product: code }));
  const quantity = Number(values.quantity);
  const stock = Number(variant.quantity ?? 0);
  if (stock === 0) throw fieldError('inventoryvariantid', TEXTS.outOfStock);
  if (quantity > stock) throw fieldError('quantity', formatMessage(TEXTS.notEnoughStock, { left: stock, variant: String(variant.inventoryvariantname) }));

  const day = isoDay(now);
  if (method === 'MILEAGE') {
    const unit = Number(product.mileageprice);
    const totalamount = unit * quantity;
    return { regioncode: region.regioncode, currencycode: null, unitprice: unit, taxpercent: 0, totalamount, pricetext: priceText(method, null, totalamount), status: PAYMENT_STATUS.WAITING, purchasedate: day };
  }
  const unit = Number(product.price);
  const taxpercent = Number(product.taxpercent ?? 0);
  const minutes = await readConfigKey(db, 'BUY_PRODUCT_PAYMENT_MINUTES');
  const totalamount = totalWithTax(unit * quantity, taxpercent);
  return {
    regioncode: region.regioncode,
    currencycode: product.currencycode,
    unitprice: unit,
    taxpercent,
    totalamount,
    pricetext: priceText(method, product.currencycode, totalamount),
    status: PAYMENT_STATUS.WAITING,
    purchasedate: day,
    paymentverificationtimeout: new Date(now.getTime() + minutes * 60_000).toISOString(),
  };
}

/** Takes (or, negative, gives back) a variant's stock; never below zero: a purchase that would is refused as out of stock. */
async function moveStock(trx: Db, catalogue: Catalogue, purchase: Row, take: number): Promise<void> {
  const model = resourceModelOf(catalogue, VARIANT_RESOURCE);
  const updated = await definitionDb(trx)
    .updateTable(model.table)
    .set((eb: any) => ({ quantity: eb('quantity', '-', take) }))
    .where('mailingproductcode', '=', purchase.mailingproductcode)
    .where('inventoryvariantid', '=', purchase.inventoryvariantid)
    .where('quantity', '>=', Math.max(take, 0))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw fieldError('quantity', TEXTS.outOfStock);
}

async function setPurchase(trx: Db, catalogue: Catalogue, purchase: Row, changes: Row): Promise<void> {
  const model = resourceModelOf(catalogue, PURCHASE_RESOURCE);
  let update = definitionDb(trx).updateTable(model.table).set(changes);
  for (const name of model.key) update = update.where(name, '=', purchase[name]);
  await update.execute();
  Object.assign(purchase, changes);
}

const receiptOf = (purchase: Row) => `${RECEIPT_PREFIX}${String(purchase.purchaseid)}`;

/**
 * After the purchase row is written, in its transaction: the stock taken; paid in miles, the miles debited
 * through the ledger (never below zero: 'not enough miles' on the payment method), Success with its payment
 * time, receipt and transaction, and its order placed.
 */
export async function completePurchase(ctx: ActionContext, trx: Db, catalogue: Catalogue, purchase: Row): Promise<void> {
  await moveStock(trx, catalogue, purchase, Number(purchase.quantity));
  if (purchase.paymentmethod !== 'MILEAGE') return;
  const now = ctx.now();
  let trxid: number;
  try {
    ({ trxid } = await debit(trx, {
      memberid: String(purchase.memberid),
      trxtype: TRX_TYPES.BUYPRODUCT,
      activitydate: isoDay(now),
      awardmiles: Number(purchase.totalamount),
      source: `buy-product:${String(purchase.purchaseid)}`,
      reason: `Receipt ${receiptOf(purchase)}`,
      user: ctx.user!.username,
      now,
    }));
  } catch (error) {
    throw error instanceof LedgerError ? error.onField('paymentmethod').toApiError() : error;
  }
  await setPurchase(trx, catalogue, purchase, { status: PAYMENT_STATUS.SUCCESS, trxid, paymenttime: now.toISOString(), receiptnumber: receiptOf(purchase) });
  await setPurchase(trx, catalogue, purchase, { orderid: await orderPurchase(trx, purchase, now, ctx.user!.username) });
}

/**
 * A cash payment confirmed (Confirm Payment) or failed (Payment Failed) by staff: confirmed only while it waits
 * and before its verification timeout (then it can only fail, and shows EXPIRED); confirmed, it gets its payment
 * time and receipt.
 */
export function paymentChange(before: Row, changes: Row, now: Date): Row | undefined {
  if (changes.status === undefined || changes.status === before.status) return undefined;
  if (before.status !== PAYMENT_STATUS.WAITING) throw fieldError('status', formatMessage(TEXTS.notWaiting, { purchase: String(before.purchaseid) }));
  if (changes.status !== PAYMENT_STATUS.SUCCESS) return undefined;
  const timeout = new Date(String(before.paymentverificationtimeout));
  if (!(timeout.getTime() >= now.getTime())) throw fieldError('status', formatMessage(TEXTS.verificationPassed, { purchase: String(before.purchaseid) }));
  return { paymenttime: now.toISOString(), receiptnumber: receiptOf(before) };
}

/** After a payment's change, in its transaction: a confirmed one is ordered, a failed one gives its stock back. */
export async function afterPaymentChange(ctx: ActionContext, trx: Db, catalogue: Catalogue, before: Row, after: Row | undefined): Promise<void> {
  if (!after || before.status !== PAYMENT_STATUS.WAITING || after.status === before.status) return;
  if (after.status === PAYMENT_STATUS.FAILED) return moveStock(trx, catalogue, after, -Number(after.quantity));
  if (after.status === PAYMENT_STATUS.SUCCESS) await setPurchase(trx, catalogue, after, { orderid: await orderPurchase(trx, after, ctx.now(), ctx.user!.username) });
}

/**
 * Cash payments still waiting past their verification time, failed (then shown EXPIRED) with their stock given
 * back, each in its own transaction, by the daily sweep (server/mailingProduct/mailing/mailingJobs.ts); how many were failed.
 */
export async function expireWaitingPayments(db: Db, catalogue: Catalogue, now: Date): Promise<number> {
  const model = resourceModelOf(catalogue, PURCHASE_RESOURCE);
  const due = (await definitionDb(db)
    .selectFrom(model.table)
    .select(model.key)
    .where('status', '=', PAYMENT_STATUS.WAITING)
    .where('paymentverificationtimeout', '<', now.toISOString())
    .execute()) as Row[];
  let failed = 0;
  for (const key of due) {
    await db.transaction().execute(async (trx) => {
      // Read again in the transaction: staff may have decided it meanwhile.
      const [purchase] = await recordsWhere(trx, model, key);
      if (!purchase || purchase.status !== PAYMENT_STATUS.WAITING) return;
      await setPurchase(trx, catalogue, purchase, { status: PAYMENT_STATUS.FAILED, updatedby: 'system', updateddate: now.toISOString() });
      await moveStock(trx, catalogue, purchase, -Number(purchase.quantity));
      failed += 1;
    });
  }
  return failed;
}
