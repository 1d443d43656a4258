// Orders: their actions and the order screens' hooks.
import { defineServerModule } from '../../platform/serverModule';
import { orderActions } from './orderActions';
import { orderHooks } from './orderHooks';
import * as orders0025 from './migrations/0025_orders';
import { seedOrderData } from './orderData';

export const ordersModule = defineServerModule({
  name: 'orders',
  migrations: { '0025_orders': orders0025 },
  serviceActions: orderActions,
  hooks: orderHooks,
  seed: [
    { name: 'orders', step: 'operations', after: ['redemptions'], run: ({ db, catalogue, now }) => seedOrderData(db, catalogue, now) },
  ],
});
