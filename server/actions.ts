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
import type { Catalogue } from '../engine/definition/catalogue';
import type { HookRegistry } from './resources/hooks';
import { corporateActions } from './corporates/corporateActions';

export const allActions: readonly Action[] = [
  ...sessionActions,
  ...userActions,
  ...forgotPasswordActions,
  ...staffResetActions,
  ...roleActions,
  ...memberAccountActions,
  ...miniViewActions,
  ...otpActions,
];

/** Domain hooks into the generic resource API, by resource name. */
export const resourceHooks = (catalogue: Catalogue): HookRegistry => ({ user: userHooks, role: roleHooks(catalogue) });

/** Domain actions built from the definitions (a wizard's Submit and its steps' checks). */
export const catalogueActions = (catalogue: Catalogue): Action[] => [...corporateActions(catalogue)];
