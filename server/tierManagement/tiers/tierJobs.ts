// The tier module's background job: the daily period-end run (every server schedules it; the job key makes it one run).
import type { DailySchedule, JobHandler } from '../../platform/jobs/jobHandler';
import { isIsoDay } from '../../../engine/definition/dates';
import { closeDuePeriods } from './tierStore';

export const TIER_PERIOD_END_JOB = 'tier-period-end';
const SYSTEM_USER = 'system';

export const tierPeriodEndJobKey = (today: string): string => `${TIER_PERIOD_END_JOB}:${today}`;

export const tierJobHandlers: JobHandler[] = [
  {
    jobtype: TIER_PERIOD_END_JOB,
    async run({ db, parameters, progress, now }) {
      const today = (parameters as { today?: unknown } | undefined)?.today;
      if (typeof today !== 'string' || !isIsoDay(today)) throw new Error('parameters.today must be a date (YYYY-MM-DD)');
      return closeDuePeriods(db, { today, user: SYSTEM_USER, now, progress });
    },
  },
];

export const tierSchedules: DailySchedule[] = [{ jobtype: TIER_PERIOD_END_JOB, daily: (today) => ({ jobkey: tierPeriodEndJobKey(today), parameters: { today } }) }];
