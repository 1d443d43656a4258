// Staff users: their actions, forgotten and staff-reset passwords, the user screen's hooks.
import { defineServerModule } from '../../platform/serverModule';
import { forgotPasswordActions } from './forgotPasswordActions';
import { staffResetActions, userHooks } from './staffReset';
import { userActions } from './userActions';
import * as authFlows0005 from './migrations/0005_auth_flows';
import { seedEnrollmentAccess, seedRolesAndUsers } from './userData';

export const usersModule = defineServerModule({
  name: 'users',
  migrations: { '0005_auth_flows': authFlows0005 },
  actions: [...userActions, ...forgotPasswordActions, ...staffResetActions],
  hooks: () => ({ user: userHooks }),
  seed: [
    { name: 'users', step: 'users', run: seedRolesAndUsers },
    { name: 'enrollmentAccess', step: 'operations', after: ['statements'], run: ({ db, catalogue }) => seedEnrollmentAccess(db, catalogue) },
  ],
});
