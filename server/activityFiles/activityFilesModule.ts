// Activity files: upload and processing actions, the file screen's hooks, the job that posts a file.
import { defineServerModule } from '../core/serverModule';
import { activityFileActions } from './activityFileActions';
import { activityFileHooks } from './activityFileHooks';
import { activityFileJobHandlers } from './activityFileJobs';

export const activityFilesModule = defineServerModule({
  name: 'activityFiles',
  serviceActions: activityFileActions,
  hooks: activityFileHooks,
  jobHandlers: activityFileJobHandlers,
});
