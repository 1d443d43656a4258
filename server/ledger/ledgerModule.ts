// The miles ledger: the daily expiry job and the postings' outbound events (its other listeners are the other modules').
import { defineServerModule } from '../platform/serverModule';
import { ledgerJobHandlers, ledgerSchedules } from './ledgerJobs';
import { ledgerEventListener } from './ledgerEvents';
import * as ledger0009 from './migrations/0009_ledger';
import * as ledgerMore0010 from './migrations/0010_ledger_more';
import * as lotTransferable0013 from './migrations/0013_lot_transferable';

export const ledgerModule = defineServerModule({
  name: 'ledger',
  migrations: { '0009_ledger': ledger0009, '0010_ledger_more': ledgerMore0010, '0013_lot_transferable': lotTransferable0013 },
  jobHandlers: () => ledgerJobHandlers,
  schedules: ledgerSchedules,
  ledgerListeners: [ledgerEventListener],
});
