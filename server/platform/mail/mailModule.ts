// The mail outbox: its screen's actions and hooks (the mailer itself is platform, started by server.ts).
import { defineServerModule } from '../serverModule';
import { outboxActions, outboxHooks } from './outboxActions';
import * as outboxKeys0003 from './migrations/0003_outbox_keys';
import * as outboxAttachments0041 from './migrations/0041_outbox_attachments';

export const mailModule = defineServerModule({
  name: 'mail',
  migrations: { '0003_outbox_keys': outboxKeys0003, '0041_outbox_attachments': outboxAttachments0041 },
  catalogueActions: outboxActions,
  hooks: () => outboxHooks,
});
