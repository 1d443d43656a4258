// API clients of the airline's systems (User Management › API Client): their secrets and the screen's hooks. The
// token a secret buys and the checks of every client call are the session's (server/platform/session/clientTokens.ts).
import { defineServerModule } from '../../platform/serverModule';
import { apiClientActions, apiClientHooks } from './apiClientActions';
import * as apiClients0058 from './migrations/0058_api_clients';

export const apiClientsModule = defineServerModule({
  name: 'apiClients',
  migrations: { '0058_api_clients': apiClients0058 },
  catalogueActions: apiClientActions,
  hooks: () => apiClientHooks,
});
