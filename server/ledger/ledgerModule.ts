// The miles ledger: the daily expiry job (its postings' listeners are the other modules').
import { defineServerModule } from '../core/serverModule';
import { ledgerJobHandlers, ledgerSchedules } from './ledgerJobs';

export const ledgerModule = defineServerModule({
  name: 'ledger',
  jobHandlers: () => ledgerJobHandlers,
  schedules: ledgerSchedules,
});
