// Reports and statements: their actions, the jobs that write the files (in a thread of their own), the daily sweep, the files' links.
import { defineServerModule } from '../platform/serverModule';
import { reportActions, reportFileRoutes } from './reportActions';
import { reportJobHandlers, reportSchedules } from './reportJobs';
import { statementActions } from './statementActions';
import { reportQuerySignatures } from './reportQueries';
import * as reportFiles0040 from './migrations/0040_report_files';
import { seedStatementData } from './statementData';

export const reportsModule = defineServerModule({
  name: 'reports',
  migrations: { '0040_report_files': reportFiles0040 },
  catalogueActions: (catalogue) => [...reportActions(catalogue), ...statementActions(catalogue)],
  jobHandlers: () => reportJobHandlers,
  threadJobHandlers: reportJobHandlers.filter((h) => h.ownThread),
  schedules: reportSchedules,
  reportSignatures: () => reportQuerySignatures(),
  routes: (app, { db, now }) => reportFileRoutes(app, db, now),
  seed: [
    { name: 'statements', step: 'operations', after: ['mailing'], run: ({ db, catalogue, now }) => seedStatementData(db, catalogue, now) },
  ],
});
