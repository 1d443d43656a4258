// What a background job type brings: its handler (run by server/platform/jobs/jobWorker.ts, in the serving thread or one of
// its own) and, for a job wanted every day, its schedule.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Job } from './jobQueue';

export interface JobContext {
  db: Kysely<Schema>;
  job: Job;
  parameters: unknown;
  now: () => Date;
  /** Reports 0-100 and keeps the lease alive; long jobs call it at least once per lease. */
  progress(percentage: number): Promise<void>;
}

export interface JobHandler {
  jobtype: string;
  /** Tries before the job stays FAILED (default 5). */
  maxAttempts?: number;
  /**
   * Runs in a worker thread of its own with its own database connection when the worker has a threadDatabase
   * (long file writers: the serving thread keeps answering); its module's manifest lists it in threadJobHandlers too.
   */
  ownThread?: boolean;
  run(context: JobContext): Promise<unknown>;
}

/** A job wanted once a day: its key and parameters for that day (YYYY-MM-DD, UTC). */
export interface DailySchedule {
  jobtype: string;
  daily(today: string): { jobkey: string; parameters?: unknown };
}
