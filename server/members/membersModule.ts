// Members: the account, mini view, one-time password and status actions, the transaction and navigator views, the member screen's hooks.
import { defineServerModule } from '../core/serverModule';
import { memberAccountActions } from './memberAccountActions';
import { memberResourceHooks } from './memberHooks';
import { memberNavigatorActions } from './memberNavigatorActions';
import { memberStatusActions } from './memberStatusActions';
import { memberTransactionActions } from './memberTransactionActions';
import { miniViewActions } from './miniViewActions';
import { otpActions } from './otpActions';

export const membersModule = defineServerModule({
  name: 'members',
  actions: [...memberAccountActions, ...miniViewActions, ...otpActions, ...memberStatusActions],
  catalogueActions: (catalogue) => [...memberTransactionActions(catalogue), ...memberNavigatorActions(catalogue)],
  hooks: () => memberResourceHooks,
});
