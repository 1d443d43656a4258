// Member operations (transfers, merges and the like): their actions and hooks.
import { defineServerModule } from '../serverModule';
import { memberOperationActions } from './memberOperationsActions';
import { memberOperationHooks } from './memberOperationsHooks';

export const memberOperationsModule = defineServerModule({
  name: 'memberOperations',
  serviceActions: memberOperationActions,
  hooks: memberOperationHooks,
});
