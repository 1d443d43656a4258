// Every API action the server offers, gathered from the domain modules.
import type { Action } from './core/action';
import { roleActions } from './roles/roleActions';
import { sessionActions } from './session/sessionActions';
import { userActions } from './users/userActions';
import { forgotPasswordActions } from './users/forgotPasswordActions';
import { staffResetActions, userHooks } from './users/staffReset';
import { roleHooks } from './roles/roleHooks';
import { memberAccountActions } from './members/memberAccountActions';
import { miniViewActions } from './members/miniViewActions';
import { otpActions } from './members/otpActions';
import { memberStatusActions } from './members/memberStatusActions';
import { memberResourceHooks } from './members/memberHooks';
import { tierHooks } from './tiers/tierHooks';
import { bonusHooks } from './bonuses/bonusHooks';
import { memberTransactionActions } from './members/memberTransactionActions';
import { memberNavigatorActions } from './members/memberNavigatorActions';
import { tierActions } from './tiers/tierActions';
import { tierLedgerListener } from './tiers/tierStore';
import { bonusLedgerListener } from './bonuses/bonusStore';
import type { LedgerListener } from './ledger/ledgerListeners';
import type { Catalogue } from '../engine/definition/catalogue';
import { combineHooks, type HookRegistry } from './resources/hooks';
import { corporateActions } from './corporates/corporateActions';
import { memberCheckActions } from './memberChecks/memberChecksActions';
import { memberCheckHooks } from './memberChecks/memberChecksHooks';
import type { ResourceServices } from './resources/resourceServices';
import { enrollmentActions } from './enrollment/enrollmentActions';
import { enrollmentHooks } from './enrollment/enrollmentHooks';
import { suspectDuplicateActions } from './enrollment/suspectDuplicateActions';
import { memberOperationActions } from './memberOperations/memberOperationsActions';
import { memberOperationHooks } from './memberOperations/memberOperationsHooks';
import { accrualActions } from './accrual/accrualActions';
import { accrualHooks } from './accrual/accrualHooks';
import { retroClaimActions } from './retroClaims/retroClaimActions';
import { retroClaimHooks } from './retroClaims/retroClaimHooks';
import { activityFileActions } from './activityFiles/activityFileActions';
import { activityFileHooks } from './activityFiles/activityFileHooks';
import { promotionHooks } from './promotions/promotionHooks';
import { buyMileageActions } from './buyMileage/buyMileageActions';
import { buyMileageHooks } from './buyMileage/buyMileageHooks';
import { orderActions } from './orders/orderActions';
import { orderHooks } from './orders/orderHooks';
import { certificateUpdateActions, redemptionActions, redemptionWizardActions, voucherActions } from './redemption/redemptionActions';
import { redemptionHooks } from './redemption/redemptionHooks';
import { mailingHooks } from './mailing/mailingHooks';
import { outboxActions, outboxHooks } from './mail/outboxActions';

export const allActions: readonly Action[] = [
  ...sessionActions,
  ...userActions,
  ...forgotPasswordActions,
  ...staffResetActions,
  ...roleActions,
  ...memberAccountActions,
  ...miniViewActions,
  ...otpActions,
  ...memberStatusActions,
];

/** Domain hooks into the generic resource API, by resource name. */
export const resourceHooks = (catalogue: Catalogue): HookRegistry =>
  combineHooks({ user: userHooks, role: roleHooks(catalogue) }, memberResourceHooks, tierHooks, bonusHooks, memberCheckHooks(catalogue), enrollmentHooks, memberOperationHooks(catalogue), accrualHooks(catalogue), retroClaimHooks(catalogue), promotionHooks(catalogue), activityFileHooks(catalogue), buyMileageHooks(catalogue), redemptionHooks, mailingHooks(catalogue), orderHooks(catalogue), outboxHooks);

/** Domain actions that change a definition-built resource through the generic services (a view's own actions). */
export const serviceActions = (services: ResourceServices): Action[] => [...memberCheckActions(services), ...suspectDuplicateActions(services), ...accrualActions(services), ...memberOperationActions(services), ...retroClaimActions(services), ...activityFileActions(services), ...buyMileageActions(services), ...redemptionActions(services), ...orderActions(services)];

/** Domain actions built from the definitions (a wizard's Submit and its steps' checks). */
export const catalogueActions = (catalogue: Catalogue): Action[] => [...corporateActions(catalogue), ...enrollmentActions(catalogue), ...memberTransactionActions(catalogue), ...memberNavigatorActions(catalogue), ...tierActions(catalogue), ...redemptionWizardActions(catalogue), ...voucherActions(catalogue), ...certificateUpdateActions(catalogue), ...outboxActions(catalogue)];

/** What runs inside every ledger posting (server/ledger/ledgerListeners.ts): tier upgrades, the first-activity and referral bonuses. */
export const ledgerListeners: readonly LedgerListener[] = [tierLedgerListener, bonusLedgerListener];
