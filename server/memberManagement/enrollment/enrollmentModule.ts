// Enrollment: the enrollment wizard, the suspect-duplicate view's actions and the member screens' enrollment hooks.
import { defineServerModule } from '../../platform/serverModule';
import { enrollmentActions } from './enrollmentActions';
import { enrollmentHooks } from './enrollmentHooks';
import { suspectDuplicateActions } from './suspectDuplicateActions';
import * as enrollment0011 from './migrations/0011_enrollment';

export const enrollmentModule = defineServerModule({
  name: 'enrollment',
  migrations: { '0011_enrollment': enrollment0011 },
  catalogueActions: enrollmentActions,
  serviceActions: suspectDuplicateActions,
  hooks: () => enrollmentHooks,
});
