// Member operations (transfers, merges and the like): their actions and hooks.
import { defineServerModule } from '../../platform/serverModule';
import { memberOperationActions } from './memberOperationsActions';
import { memberOperationHooks } from './memberOperationsHooks';
import { seedCustomTransactionData } from './customTransactionData';

export const memberOperationsModule = defineServerModule({
  name: 'memberOperations',
  serviceActions: memberOperationActions,
  hooks: memberOperationHooks,
  seed: [
    { name: 'customTransactions', step: 'operations', after: ['corporates'], run: ({ db, catalogue, now }) => seedCustomTransactionData(db, catalogue, now) },
  ],
});
