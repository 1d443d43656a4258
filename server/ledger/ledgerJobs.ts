// The ledger's background jobs: the daily expiry run (every server schedules it; the job key makes it one run).
import type { DailySchedule, JobHandler } from '../platform/jobs/jobHandler';
import { isIsoDay } from '../../engine/definition/dates';
import { expireDue } from './ledgerStore';

export const LEDGER_EXPIRY_JOB = 'ledger-expiry';
const SYSTEM_USER = 'system';

export const ledgerExpiryJobKey = (today: string): string => `${LEDGER_EXPIRY_JOB}:${today}`;

export const ledgerJobHandlers: JobHandler[] = [
  {
    jobtype: LEDGER_EXPIRY_JOB,
    async run({ db, job, parameters, progress }) {
      const today = (parameters as { today?: unknown } | undefined)?.today;
      if (typeof today !== 'string' || !isIsoDay(today)) throw new Error('parameters.today must be a date (YYYY-MM-DD)');
      return expireDue(db, { today, user: SYSTEM_USER, jobid: job.jobid, progress });
    },
  },
];

export const ledgerSchedules: DailySchedule[] = [{ jobtype: LEDGER_EXPIRY_JOB, daily: (today) => ({ jobkey: ledgerExpiryJobKey(today), parameters: { today } }) }];
