// Members: the account, mini view, one-time password and status actions, the transaction and navigator views, the member screen's hooks.
import { defineServerModule } from '../../platform/serverModule';
import { memberAccountActions } from './memberAccountActions';
import { memberResourceHooks } from './memberHooks';
import { memberNavigatorActions } from './memberNavigatorActions';
import { memberStatusActions } from './memberStatusActions';
import { memberTransactionActions } from './memberTransactionActions';
import { miniViewActions } from './miniViewActions';
import { otpActions } from './otpActions';
import * as members0004 from './migrations/0004_members';
import * as memberGender0006 from './migrations/0006_member_gender';

export const membersModule = defineServerModule({
  name: 'members',
  migrations: { '0004_members': members0004, '0006_member_gender': memberGender0006 },
  actions: [...memberAccountActions, ...miniViewActions, ...otpActions, ...memberStatusActions],
  catalogueActions: (catalogue) => [...memberTransactionActions(catalogue), ...memberNavigatorActions(catalogue)],
  hooks: () => memberResourceHooks,
});
