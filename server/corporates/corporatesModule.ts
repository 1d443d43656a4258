// Corporate accounts: the corporate wizard's actions.
import { defineServerModule } from '../core/serverModule';
import { corporateActions } from './corporateActions';

export const corporatesModule = defineServerModule({
  name: 'corporates',
  catalogueActions: corporateActions,
});
