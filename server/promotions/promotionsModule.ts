// Promotions: the promotion screens' hooks.
import { defineServerModule } from '../core/serverModule';
import { promotionHooks } from './promotionHooks';

export const promotionsModule = defineServerModule({
  name: 'promotions',
  hooks: promotionHooks,
});
