// Enrollment: the enrollment wizard, the suspect-duplicate view's actions and the member screens' enrollment hooks.
import { defineServerModule } from '../core/serverModule';
import { enrollmentActions } from './enrollmentActions';
import { enrollmentHooks } from './enrollmentHooks';
import { suspectDuplicateActions } from './suspectDuplicateActions';

export const enrollmentModule = defineServerModule({
  name: 'enrollment',
  catalogueActions: enrollmentActions,
  serviceActions: suspectDuplicateActions,
  hooks: () => enrollmentHooks,
});
