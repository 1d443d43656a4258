// Roles: their actions and the role screen's hooks (the grants).
import { defineServerModule } from '../../platform/serverModule';
import { roleActions } from './roleActions';
import { roleHooks } from './roleHooks';

export const rolesModule = defineServerModule({
  name: 'roles',
  actions: roleActions,
  hooks: (catalogue) => ({ role: roleHooks(catalogue) }),
});
