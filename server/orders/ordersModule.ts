// Orders: their actions and the order screens' hooks.
import { defineServerModule } from '../core/serverModule';
import { orderActions } from './orderActions';
import { orderHooks } from './orderHooks';

export const ordersModule = defineServerModule({
  name: 'orders',
  serviceActions: orderActions,
  hooks: orderHooks,
});
