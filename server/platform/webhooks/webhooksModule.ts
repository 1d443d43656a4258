// Outbound events (webhooks): the Webhook screen's hooks and Replay, the outbox tables and the delivery job. The
// domains publish their events through webhookEvents.ts, in the transaction of the change.
import { defineServerModule } from '../serverModule';
import { webhookActions } from './webhookActions';
import { webhookHooks } from './webhookHooks';
import { webhookJobHandlers } from './webhookDelivery';
import * as webhooks0059 from './migrations/0059_webhooks';

export const webhooksModule = defineServerModule({
  name: 'webhooks',
  migrations: { '0059_webhooks': webhooks0059 },
  catalogueActions: webhookActions,
  hooks: () => webhookHooks,
  jobHandlers: () => webhookJobHandlers,
});
