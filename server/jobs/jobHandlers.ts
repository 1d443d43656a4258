// Every background job type the servers run and every daily schedule, one list (as server/actions.ts lists actions).
import type { Catalogue } from '../../engine/definition/catalogue';
import type { DailySchedule, JobHandler } from './jobHandler';
import { ledgerJobHandlers, ledgerSchedules } from '../ledger/ledgerJobs';
import { tierJobHandlers, tierSchedules } from '../tiers/tierJobs';
import { bonusJobHandlers, bonusSchedules } from '../bonuses/bonusJobs';
import { memberCheckJobHandlers, memberCheckSchedules } from '../memberChecks/memberChecksJobs';
import { activityFileJobHandlers } from '../activityFiles/activityFileJobs';
import { reportJobHandlers, reportSchedules } from '../reports/reportJobs';
import { mailingJobHandlers, mailingSchedules } from '../mailing/mailingJobs';

/** The handlers of every job type; some read the definitions (the name check applies the member screen's rules). */
export const allJobHandlers = (catalogue: Catalogue): readonly JobHandler[] => [...ledgerJobHandlers, ...tierJobHandlers, ...bonusJobHandlers, ...memberCheckJobHandlers(catalogue), ...activityFileJobHandlers(catalogue), ...reportJobHandlers, ...mailingJobHandlers(catalogue)];

export const allSchedules: readonly DailySchedule[] = [...ledgerSchedules, ...tierSchedules, ...bonusSchedules, ...memberCheckSchedules, ...reportSchedules, ...mailingSchedules];
