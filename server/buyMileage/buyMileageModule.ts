// Buy mileage: the purchase actions and the rule screens' hooks.
import { defineServerModule } from '../serverModule';
import { buyMileageActions } from './buyMileageActions';
import { buyMileageHooks } from './buyMileageHooks';

export const buyMileageModule = defineServerModule({
  name: 'buyMileage',
  serviceActions: buyMileageActions,
  hooks: buyMileageHooks,
});
