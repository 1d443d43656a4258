// The Webhook screen's Replay: a delivery's event queued again for its webhook as a new delivery (the same event id,
// so a receiver that has it already knows it), under WEBHOOK_UPDATE; only while the webhook is active.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { actionFunctionCode, isCustomAction, resourceModel } from '../../../engine/definition/compile';
import { recordSchema } from '../resources/resourceReference';
import { CODES } from '../../../engine/api/responseCodes';
import { formatMessage } from '../../../engine/rules';
import { defineAction, type Action } from '../core/action';
import { ApiError } from '../core/apiError';
import { definitionDb } from '../db/definitionDb';
import { writeUserLog } from '../userlog/userLog';
import { DELIVERY_TABLE, SUBSCRIPTION_TABLE, newDelivery, queueDeliveryJob } from './webhookEvents';
import { DELIVERY_RESOURCE } from './webhookHooks';
import { WEBHOOK_TEXTS } from './webhookRules';

export const REPLAY_ACTION = 'replay';
const KEY_DATA = {
  type: 'object',
  required: ['webhookcode', 'deliveryid'],
  properties: { webhookcode: { type: 'string', minLength: 1, maxLength: 23 }, deliveryid: { type: 'string', minLength: 1, maxLength: 23 } },
} as const;

export function webhookActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get(DELIVERY_RESOURCE);
  const replay = screen?.actions.filter(isCustomAction).find((a) => a.name === REPLAY_ACTION);
  if (!screen || !replay) return [];
  return [
    defineAction({
      path: `/api/${DELIVERY_RESOURCE}/${REPLAY_ACTION}`,
      guard: { function: actionFunctionCode(screen, replay) },
      data: KEY_DATA,
      reference: { summary: "Deliver a delivery's event again: the new delivery, queued", result: recordSchema(resourceModel(screen)), codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
      handler: async (ctx) => {
        const { webhookcode, deliveryid } = ctx.parameter.data as { webhookcode: string; deliveryid: string };
        const at = ctx.now();
        const delivery = await ctx.db.transaction().execute(async (trx) => {
          const any = definitionDb(trx);
          const found = (await any.selectFrom(DELIVERY_TABLE).select(['eventid', 'eventtype', 'occurredat']).where('webhookcode', '=', webhookcode).where('deliveryid', '=', deliveryid).executeTakeFirst()) as
            | { eventid: string; eventtype: string; occurredat: string }
            | undefined;
          if (!found) throw new ApiError(CODES.NOT_FOUND, formatMessage(WEBHOOK_TEXTS.unknownDelivery, { webhookcode, deliveryid }));
          const subscription = (await any.selectFrom(SUBSCRIPTION_TABLE).select('active').where('webhookcode', '=', webhookcode).executeTakeFirst()) as { active: number } | undefined;
          if (Number(subscription?.active) !== 1) throw new ApiError(CODES.VALIDATION, formatMessage(WEBHOOK_TEXTS.notActive, { webhookcode }));
          const row = newDelivery(webhookcode, found, at.toISOString(), ctx.user!.username);
          await any.insertInto(DELIVERY_TABLE).values(row).execute();
          await queueDeliveryJob(trx, at);
          await writeUserLog(trx, { username: ctx.user!.username, module: 'WEBHOOK', legend: 'REPLAY', recordkey: `${webhookcode}|${String(row.deliveryid)}`, after: { eventid: found.eventid, replayof: deliveryid }, ip: ctx.ip }, at);
          return row;
        });
        return { message: formatMessage(WEBHOOK_TEXTS.replayed, { eventid: String(delivery.eventid), webhookcode }), result: delivery };
      },
    }),
  ];
}
