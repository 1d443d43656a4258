// Activity files: upload and processing actions, the file screen's hooks, the job that posts a file.
import { defineServerModule } from '../../platform/serverModule';
import { activityFileActions } from './activityFileActions';
import { activityFileHooks } from './activityFileHooks';
import { activityFileJobHandlers } from './activityFileJobs';
import * as activityFiles0016 from './migrations/0016_activity_files';
import * as activityFileOrder0054 from './migrations/0054_activity_file_order';

export const activityFilesModule = defineServerModule({
  name: 'activityFiles',
  migrations: { '0016_activity_files': activityFiles0016, '0054_activity_file_order': activityFileOrder0054 },
  serviceActions: activityFileActions,
  hooks: activityFileHooks,
  jobHandlers: activityFileJobHandlers,
});
