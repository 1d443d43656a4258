// The mailing catalogue's background job: once a day, the cash purchases still waiting past their payment
// verification time are failed (shown EXPIRED) and their stock given back; staff may fail one earlier on OBP.
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { DailySchedule, JobHandler } from '../../platform/jobs/jobHandler';
import { expireWaitingPayments } from './buyProductStore';

export const PAYMENT_EXPIRY_JOB = 'buy-product-payment-expiry';

export const mailingJobHandlers = (catalogue: Catalogue): JobHandler[] => [
  { jobtype: PAYMENT_EXPIRY_JOB, run: async ({ db, now }) => ({ failed: await expireWaitingPayments(db, catalogue, now()) }) },
];

export const mailingSchedules: DailySchedule[] = [{ jobtype: PAYMENT_EXPIRY_JOB, daily: (today) => ({ jobkey: `${PAYMENT_EXPIRY_JOB}:${today}` }) }];
