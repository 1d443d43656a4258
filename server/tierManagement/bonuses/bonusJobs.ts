// The bonuses' background job: the daily birthday bonus run (every server schedules it; the job key makes it one run).
import type { DailySchedule, JobHandler } from '../../platform/jobs/jobHandler';
import { isIsoDay } from '../../../engine/definition/dates';
import { giveBirthdayBonuses } from './bonusStore';

export const BIRTHDAY_BONUS_JOB = 'birthday-bonus';
const SYSTEM_USER = 'system';

export const birthdayBonusJobKey = (today: string): string => `${BIRTHDAY_BONUS_JOB}:${today}`;

export const bonusJobHandlers: JobHandler[] = [
  {
    jobtype: BIRTHDAY_BONUS_JOB,
    async run({ db, parameters, progress, now }) {
      const today = (parameters as { today?: unknown } | undefined)?.today;
      if (typeof today !== 'string' || !isIsoDay(today)) throw new Error('parameters.today must be a date (YYYY-MM-DD)');
      return giveBirthdayBonuses(db, { today, user: SYSTEM_USER, now, progress });
    },
  },
];

export const bonusSchedules: DailySchedule[] = [{ jobtype: BIRTHDAY_BONUS_JOB, daily: (today) => ({ jobkey: birthdayBonusJobKey(today), parameters: { today } }) }];
