// The member checks' background jobs: the name check over every member, daily (every server schedules it; the
// job key makes it one run) and once more whenever the list of suspicious names changes (memberChecksHooks.ts).
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Kysely } from 'kysely';
import type { Schema } from '../../platform/db/schema';
import { enqueue } from '../../platform/jobs/jobQueue';
import type { DailySchedule, JobHandler } from '../../platform/jobs/jobHandler';
import { MEMBER_MENU, checkAllNames } from './memberChecksStore';

export const NAME_CHECK_JOB = 'name-check';

export const nameCheckJobKey = (today: string): string => `${NAME_CHECK_JOB}:${today}`;

/** The job handlers of the member checks: they read the member screen's field rules. */
export function memberCheckJobHandlers(catalogue: Catalogue): JobHandler[] {
  const memberScreen = catalogue.screenByMenu.get(MEMBER_MENU);
  if (!memberScreen) return [];
  return [
    {
      jobtype: NAME_CHECK_JOB,
      run: ({ db, now, progress }) => checkAllNames(db, memberScreen, { now: now(), progress }),
    },
  ];
}

export const memberCheckSchedules: DailySchedule[] = [{ jobtype: NAME_CHECK_JOB, daily: (today) => ({ jobkey: nameCheckJobKey(today) }) }];

/** A name check run now, in the caller's transaction (it is queued only if the change that wants it commits). */
export async function enqueueNameCheck(trx: Kysely<Schema>, now: Date, user: string): Promise<void> {
  await enqueue(trx, { jobtype: NAME_CHECK_JOB, jobkey: `${NAME_CHECK_JOB}:${now.toISOString()}`, user, now });
}

