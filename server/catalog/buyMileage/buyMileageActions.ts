// Buy mileage's part in the approvals (Approval Buy Mileage covers the member's buy-mileage requests): how a
// purchase's request is shown and applied (approved: credited through the ledger with its receipt number),
// and a rejection recorded on the purchase with its reason; an approved purchase's receipt opened
// by its path.
import { APPROVAL_STATUS } from '../../../engine/definition/approvals';
import { actionFunctionCode, isCustomAction } from '../../../engine/definition/compile';
import { defineAction, type Action } from '../../platform/core/action';
import { FILE_LINK, issueFileLink } from '../../platform/session/fileLinks';
import { CODES } from '../../../engine/api/responseCodes';
import type { ModuleServices } from '../../platform/serverModule';
import { PURCHASE_REQUEST, PURCHASE_RESOURCE, approvePurchase, readPurchase, receiptFile, rejectPurchase } from './buyMileageStore';

const RECEIPT_ACTION = 'receipt';
const KEY_DATA = {
  type: 'object',
  additionalProperties: false,
  required: ['memberid', 'purchaseid'],
  properties: { memberid: { type: 'string', minLength: 1, maxLength: 20 }, purchaseid: { type: 'string', minLength: 1, maxLength: 23 } },
};

export function buyMileageActions(services: ModuleServices): Action[] {
  const { catalogue, approvals: registry } = services;
  const screen = catalogue.screenByResource.get(PURCHASE_RESOURCE);
  if (!registry || !screen) return [];
  registry.register(PURCHASE_REQUEST.menucode, PURCHASE_REQUEST.action, {
    screen,
    current: (db, request) => readPurchase(db, catalogue, request.key),
    async apply(ctx, trx, request) {
      await approvePurchase(ctx, trx, catalogue, request);
      services.counts.invalidate(PURCHASE_RESOURCE);
    },
  });
  registry.onDecision(PURCHASE_REQUEST.menucode, PURCHASE_REQUEST.action, async (ctx, trx, request, status) => {
    if (status !== APPROVAL_STATUS.REJECTED) return;
    await rejectPurchase(ctx, trx, catalogue, request);
    services.counts.invalidate(PURCHASE_RESOURCE);
  });
  const receipt = screen.actions.filter(isCustomAction).find((a) => a.name === RECEIPT_ACTION);
  if (!receipt) return [];
  return [
    defineAction({
      path: `/api/${PURCHASE_RESOURCE}/${RECEIPT_ACTION}`,
      guard: { function: actionFunctionCode(screen, receipt) },
      data: KEY_DATA,
      reference: { summary: "An approved purchase's receipt: a one-time path to open", result: FILE_LINK, codes: [CODES.VALIDATION] },
      // Spec 001 §7.5: the browser opens result.path.
      handler: async (ctx) => ({ result: { path: await issueFileLink(ctx, { file: await receiptFile(ctx.db, catalogue, ctx.parameter.data as Record<string, unknown>) }) } }),
    }),
  ];
}
