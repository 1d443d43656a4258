// Promotions: the promotion screens' hooks.
import { defineServerModule } from '../serverModule';
import { promotionHooks } from './promotionHooks';

export const promotionsModule = defineServerModule({
  name: 'promotions',
  hooks: promotionHooks,
});
