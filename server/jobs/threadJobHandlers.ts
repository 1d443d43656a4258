// The job types that run in a thread of their own (long file writers); they need the database only, no catalogue.
import type { JobHandler } from './jobHandler';
import { reportJobHandlers } from '../reports/reportJobs';

export const threadJobHandlers: readonly JobHandler[] = reportJobHandlers.filter((h) => h.ownThread);
