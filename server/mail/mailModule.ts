// The mail outbox: its screen's actions and hooks (the mailer itself is platform, started by server.ts).
import { defineServerModule } from '../core/serverModule';
import { outboxActions, outboxHooks } from './outboxActions';

export const mailModule = defineServerModule({
  name: 'mail',
  catalogueActions: outboxActions,
  hooks: () => outboxHooks,
});
