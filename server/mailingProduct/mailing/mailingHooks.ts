// The mailing catalogue in the generic resource API: a product's total price with tax derived whenever its
// price or tax is saved; a member's product purchase checked and priced before it is stored, its stock and
// miles taken in the same transaction, and its cash payment confirmed or failed by staff.
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { ResourceHooks } from '../../platform/resources/hooks';
import type { Row } from '../../platform/resources/records';
import { ORDER_BUY_PRODUCT_RESOURCE, PRODUCT_RESOURCE, PURCHASE_RESOURCE, afterPaymentChange, completePurchase, paymentChange, pricePurchase } from './buyProductStore';
import { totalWithTax } from './mailingRules';

/** 'Total Price (Include Tax)' of a product's cash price, or null without one. */
function productTotal(record: Row): Row {
  const price = record.price;
  if (price === null || price === undefined) return { totalprice: null };
  return { totalprice: totalWithTax(Number(price), Number(record.taxpercent ?? 0)) };
}

export const mailingHooks = (catalogue: Catalogue): Record<string, ResourceHooks> => ({
  [PRODUCT_RESOURCE]: {
    deriveColumns: async (_ctx, _trx, values) => productTotal(values),
    changeColumns: (_ctx, _trx, { before, changes }) => ('price' in changes || 'taxpercent' in changes ? productTotal({ ...before, ...changes }) : undefined),
  },
  [PURCHASE_RESOURCE]: {
    deriveColumns: (ctx, trx, values) => pricePurchase(trx, catalogue, values, ctx.now()),
    afterCreate: (ctx, trx, record) => completePurchase(ctx, trx, catalogue, record),
    ...paymentHooks(catalogue),
  },
  // OBP (Order Buy Product): every member's purchases, where staff verify the cash payments too.
  [ORDER_BUY_PRODUCT_RESOURCE]: paymentHooks(catalogue),
});

/** A payment confirmed or failed, from the member's page or from OBP. */
const paymentHooks = (catalogue: Catalogue): ResourceHooks => ({
  changeColumns: (ctx, _trx, { before, changes }) => paymentChange(before, changes, ctx.now()),
  checkChange: (ctx, trx, { before, after }) => afterPaymentChange(ctx, trx, catalogue, before, after),
});
