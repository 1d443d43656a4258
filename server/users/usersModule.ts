// Staff users: their actions, forgotten and staff-reset passwords, the user screen's hooks.
import { defineServerModule } from '../serverModule';
import { forgotPasswordActions } from './forgotPasswordActions';
import { staffResetActions, userHooks } from './staffReset';
import { userActions } from './userActions';
import * as authFlows0005 from './migrations/0005_auth_flows';

export const usersModule = defineServerModule({
  name: 'users',
  migrations: { '0005_auth_flows': authFlows0005 },
  actions: [...userActions, ...forgotPasswordActions, ...staffResetActions],
  hooks: () => ({ user: userHooks }),
});
