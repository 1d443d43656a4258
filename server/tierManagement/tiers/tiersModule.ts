// Tiers: their actions and hooks, the period-end job, and the upgrade made inside each posting.
import { defineServerModule } from '../../platform/serverModule';
import { tierActions } from './tierActions';
import { tierHooks } from './tierHooks';
import { tierJobHandlers, tierSchedules } from './tierJobs';
import { tierLedgerListener } from './tierStore';
import { seedTierData } from './tierData';
import { seedTierRuleData } from './tierRuleData';

export const tiersModule = defineServerModule({
  name: 'tiers',
  catalogueActions: tierActions,
  hooks: () => tierHooks,
  jobHandlers: () => tierJobHandlers,
  schedules: tierSchedules,
  ledgerListeners: [tierLedgerListener],
  seed: [
    { name: 'tiers', step: 'programme', run: ({ db, catalogue, now }) => seedTierData(db, catalogue, now) },
    { name: 'tierRules', step: 'programme', after: ['buyMileage'], run: ({ db, catalogue, now }) => seedTierRuleData(db, catalogue, now) },
  ],
});
