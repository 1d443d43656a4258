// The accrual engine's module: the simulator's and manual postings' actions, the rule screens' hooks.
import { defineServerModule } from '../core/serverModule';
import { accrualActions } from './accrualActions';
import { accrualHooks } from './accrualHooks';

export const accrualModule = defineServerModule({
  name: 'accrual',
  serviceActions: accrualActions,
  hooks: accrualHooks,
});
