// Retro claims: their actions and hooks.
import { defineServerModule } from '../serverModule';
import { retroClaimActions } from './retroClaimActions';
import { retroClaimHooks } from './retroClaimHooks';

export const retroClaimsModule = defineServerModule({
  name: 'retroClaims',
  serviceActions: retroClaimActions,
  hooks: retroClaimHooks,
});
