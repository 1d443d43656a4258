// Redemption: awards, vouchers and certificates: their actions, wizard and hooks.
import { defineServerModule } from '../../platform/serverModule';
import { certificateUpdateActions, redemptionActions, redemptionWizardActions, voucherActions } from './redemptionActions';
import { redemptionHooks } from './redemptionHooks';
import { seedRedemptionData } from './redemptionData';

export const redemptionModule = defineServerModule({
  name: 'redemption',
  serviceActions: redemptionActions,
  catalogueActions: (catalogue) => [...redemptionWizardActions(catalogue), ...voucherActions(catalogue), ...certificateUpdateActions(catalogue)],
  hooks: () => redemptionHooks,
  seed: [
    { name: 'redemptions', step: 'operations', after: ['retroClaims'], run: ({ db, catalogue, now }) => seedRedemptionData(db, catalogue, now) },
  ],
});
