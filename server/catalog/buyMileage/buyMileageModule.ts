// Buy mileage: the purchase actions and the rule screens' hooks.
import { defineServerModule } from '../../platform/serverModule';
import { buyMileageActions } from './buyMileageActions';
import { buyMileageHooks } from './buyMileageHooks';
import { seedBuyMileageData } from './buyMileageData';

export const buyMileageModule = defineServerModule({
  name: 'buyMileage',
  serviceActions: buyMileageActions,
  hooks: buyMileageHooks,
  seed: [
    { name: 'buyMileage', step: 'programme', after: ['awards'], run: ({ db, catalogue, now }) => seedBuyMileageData(db, catalogue, now) },
  ],
});
