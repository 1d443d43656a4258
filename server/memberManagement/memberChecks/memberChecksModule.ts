// Member checks: the name-check and referral views' actions, their hooks, and the daily name check.
import { defineServerModule } from '../../platform/serverModule';
import { memberCheckActions } from './memberChecksActions';
import { memberCheckHooks } from './memberChecksHooks';
import { memberCheckJobHandlers, memberCheckSchedules } from './memberChecksJobs';

export const memberChecksModule = defineServerModule({
  name: 'memberChecks',
  serviceActions: memberCheckActions,
  hooks: memberCheckHooks,
  jobHandlers: memberCheckJobHandlers,
  schedules: memberCheckSchedules,
});
