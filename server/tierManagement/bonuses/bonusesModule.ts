// Bonuses: the rule screens' hooks, the birthday job, and the first-activity and referral bonuses given inside each posting.
import { defineServerModule } from '../../platform/serverModule';
import { bonusHooks } from './bonusHooks';
import { bonusJobHandlers, bonusSchedules } from './bonusJobs';
import { bonusLedgerListener } from './bonusStore';

export const bonusesModule = defineServerModule({
  name: 'bonuses',
  // A bonus rule is chosen by the member's tier: the tier upgrade of the same posting comes first.
  after: ['tiers'],
  hooks: () => bonusHooks,
  jobHandlers: () => bonusJobHandlers,
  schedules: bonusSchedules,
  ledgerListeners: [bonusLedgerListener],
});
