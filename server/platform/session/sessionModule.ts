// Sessions: sign-in, sign-out and the session's own actions; an API client's token.
import { defineServerModule } from '../serverModule';
import { sessionActions } from './sessionActions';
import { clientTokenActions } from './clientTokenActions';

export const sessionModule = defineServerModule({
  name: 'session',
  actions: [...sessionActions, ...clientTokenActions],
});
