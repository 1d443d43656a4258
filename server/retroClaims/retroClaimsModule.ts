// Retro claims: their actions and hooks.
import { defineServerModule } from '../platform/serverModule';
import { retroClaimActions } from './retroClaimActions';
import { retroClaimHooks } from './retroClaimHooks';
import { seedRetroClaimData } from './retroClaimData';

export const retroClaimsModule = defineServerModule({
  name: 'retroClaims',
  serviceActions: retroClaimActions,
  hooks: retroClaimHooks,
  seed: [
    { name: 'retroClaims', step: 'operations', after: ['customTransactions'], run: ({ db, catalogue, now }) => seedRetroClaimData(db, catalogue, now) },
  ],
});
