// The activity file job: processes a file File Management sent for processing, reporting its percentage; a
// job whose server died is claimed again after its lease and resumes after the last chunk it committed.
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { JobHandler } from '../../platform/jobs/jobHandler';
import { processActivityFile } from './activityFileStore';

export const ACTIVITY_FILE_JOB = 'activity-file';

export const activityFileJobKey = (fileid: string): string => `${ACTIVITY_FILE_JOB}:${fileid}`;

export const activityFileJobHandlers = (catalogue: Catalogue): JobHandler[] => [
  {
    jobtype: ACTIVITY_FILE_JOB,
    async run({ db, job, parameters, now, progress }) {
      const { fileid, user } = (parameters ?? {}) as { fileid?: unknown; user?: unknown };
      if (typeof fileid !== 'string' || typeof user !== 'string') throw new Error('parameters.fileid and parameters.user are required');
      return processActivityFile(db, { db, catalogue, user, now: now() }, fileid, progress).then((outcome) => ({ ...outcome, jobid: job.jobid }));
    },
  },
];
