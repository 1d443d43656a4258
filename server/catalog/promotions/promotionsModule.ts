// Promotions: the promotion screens' hooks.
import { defineServerModule } from '../../platform/serverModule';
import { promotionHooks } from './promotionHooks';
import { seedPromotionData } from './promotionData';

export const promotionsModule = defineServerModule({
  name: 'promotions',
  hooks: promotionHooks,
  seed: [
    { name: 'promotions', step: 'operations', after: ['nominees'], run: ({ db, catalogue, now }) => seedPromotionData(db, catalogue, now) },
  ],
});
