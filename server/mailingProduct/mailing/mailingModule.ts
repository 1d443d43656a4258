// Mailings and buy-product orders: the screens' hooks and the daily payment-expiry job.
import { defineServerModule } from '../../platform/serverModule';
import { mailingHooks } from './mailingHooks';
import { mailingJobHandlers, mailingSchedules } from './mailingJobs';
import { seedMailingData } from './mailingData';

export const mailingModule = defineServerModule({
  name: 'mailing',
  hooks: mailingHooks,
  jobHandlers: mailingJobHandlers,
  schedules: mailingSchedules,
  seed: [
    { name: 'mailing', step: 'operations', after: ['orders'], run: ({ db, catalogue, now }) => seedMailingData(db, catalogue, now) },
  ],
});
