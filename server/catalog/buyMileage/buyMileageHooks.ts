// A member's new purchase of miles in the generic resource API: its price and checks derived before it is
// stored (every refusal on its field), then its approval request opened in the same transaction (the answer
// names who may approve it); a waiting purchase cancelled closes its request.
import { approvalPages } from '../../../engine/definition/approvals';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { submittedAnswer } from '../../platform/approvals/approvers';
import type { ResourceHooks } from '../../platform/resources/hooks';
import { PURCHASE_REQUEST, PURCHASE_RESOURCE, closeCancelledRequest, openPurchaseRequest, pricePurchase } from './buyMileageStore';

export const buyMileageHooks = (catalogue: Catalogue): Record<string, ResourceHooks> => ({
  [PURCHASE_RESOURCE]: {
    deriveColumns: (ctx, trx, values) => pricePurchase(trx, catalogue, values, ctx.now()),
    afterCreate: (ctx, trx, record) => openPurchaseRequest(ctx, trx, catalogue, record),
    createdMessage: async (ctx) => (await submittedAnswer(ctx.db, approvalPages(catalogue), PURCHASE_REQUEST)).message,
    checkChange: (ctx, trx, { before, after }) => closeCancelledRequest(ctx, trx, before, after),
  },
});
