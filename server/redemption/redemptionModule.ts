// Redemption: awards, vouchers and certificates: their actions, wizard and hooks.
import { defineServerModule } from '../serverModule';
import { certificateUpdateActions, redemptionActions, redemptionWizardActions, voucherActions } from './redemptionActions';
import { redemptionHooks } from './redemptionHooks';

export const redemptionModule = defineServerModule({
  name: 'redemption',
  serviceActions: redemptionActions,
  catalogueActions: (catalogue) => [...redemptionWizardActions(catalogue), ...voucherActions(catalogue), ...certificateUpdateActions(catalogue)],
  hooks: () => redemptionHooks,
});
