// Staff users: their actions, forgotten and staff-reset passwords, the user screen's hooks.
import { defineServerModule } from '../core/serverModule';
import { forgotPasswordActions } from './forgotPasswordActions';
import { staffResetActions, userHooks } from './staffReset';
import { userActions } from './userActions';

export const usersModule = defineServerModule({
  name: 'users',
  actions: [...userActions, ...forgotPasswordActions, ...staffResetActions],
  hooks: () => ({ user: userHooks }),
});
