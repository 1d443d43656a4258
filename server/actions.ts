// Every API action the server offers, gathered from the domain modules.
import type { Action } from './core/action';
import { roleActions } from './roles/roleActions';
import { sessionActions } from './session/sessionActions';
import { userActions } from './users/userActions';
import { forgotPasswordActions } from './users/forgotPasswordActions';

export const allActions: readonly Action[] = [...sessionActions, ...userActions, ...forgotPasswordActions, ...roleActions];
