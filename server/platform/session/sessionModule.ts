// Sessions: sign-in, sign-out and the session's own actions.
import { defineServerModule } from '../serverModule';
import { sessionActions } from './sessionActions';

export const sessionModule = defineServerModule({
  name: 'session',
  actions: sessionActions,
});
