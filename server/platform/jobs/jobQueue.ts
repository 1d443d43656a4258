// The job table as a queue with leases: a job key runs once however many servers enqueue it; a worker
// claims a job for a while (PostgreSQL: FOR UPDATE SKIP LOCKED, so N servers never claim the same one),
// keeps the lease alive by reporting progress, and a job whose lease passed is claimed again.
import { sql, type Kysely } from 'kysely';
import type { JobRow, Schema } from '../db/schema';
import { isSqlite } from '../db/columnTypes';
import { signalJobEnqueued } from './jobSignal';

export const JOB_STATUS = { QUEUED: 'QUEUED', RUNNING: 'RUNNING', DONE: 'DONE', FAILED: 'FAILED' } as const;

export type Job = Omit<JobRow, 'jobid' | 'attempts' | 'percentage'> & { jobid: number; attempts: number; percentage: number };

type Db = Kysely<Schema>;

const ERROR_LENGTH = 1000;

export interface EnqueueRequest {
  jobtype: string;
  /** Unique per run, e.g. 'ledger-expiry:2026-11-23'. */
  jobkey: string;
  parameters?: unknown;
  runafter?: Date;
  user: string;
  now: Date;
}

/** Adds a job unless its key is there already; `created` says which (N servers scheduling one key make one job). */
export async function enqueue(db: Db, request: EnqueueRequest): Promise<{ created: boolean }> {
  const at = request.now.toISOString();
  const result = await db
    .insertInto('job')
    .values({
      jobtype: request.jobtype,
      jobkey: request.jobkey,
      status: JOB_STATUS.QUEUED,
      parameters: request.parameters === undefined ? null : JSON.stringify(request.parameters),
      runafter: (request.runafter ?? request.now).toISOString(),
      leaseowner: null,
      leaseuntil: null,
      result: null,
      error: null,
      createdby: request.user,
      createddate: at,
      updateddate: at,
    })
    .onConflict((oc) => oc.column('jobkey').doNothing())
    .returning('jobid')
    .executeTakeFirst();
  // Due now: the workers start it at once (after the commit) rather than at their next poll.
  if (result !== undefined && (request.runafter ?? request.now) <= request.now) await signalJobEnqueued(db);
  return { created: result !== undefined };
}

/**
 * Claims the next due job (queued and due, or running with a lease that passed) for `owner` until
 * now + leaseMs: status RUNNING, attempts + 1. PostgreSQL skips rows other claimers hold; SQLite runs
 * the one statement atomically. Undefined when nothing is due.
 */
export async function claim(db: Db, { owner, leaseMs, now, jobtypes }: { owner: string; leaseMs: number; now: Date; jobtypes?: readonly string[] }): Promise<Job | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  return db.transaction().execute(async (trx) => {
    let next = trx
      .selectFrom('job')
      .select('jobid')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', JOB_STATUS.QUEUED), eb('runafter', '<=', at)]),
          eb.and([eb('status', '=', JOB_STATUS.RUNNING), eb('leaseuntil', '<', at)]),
        ]),
      )
      .orderBy('runafter')
      .orderBy('jobid')
      .limit(1);
    if (jobtypes) next = next.where('jobtype', 'in', jobtypes.length > 0 ? [...jobtypes] : ['']);
    const picked = await (isSqlite(db) ? next : next.forUpdate().skipLocked()).executeTakeFirst();
    if (!picked) return undefined;
    const claimed = await trx
      .updateTable('job')
      .set((eb) => ({ status: JOB_STATUS.RUNNING, leaseowner: owner, leaseuntil: until, attempts: eb('attempts', '+', 1), updateddate: at }))
      .where('jobid', '=', picked.jobid)
      .returningAll()
      .executeTakeFirst();
    return claimed as Job | undefined;
  });
}

/** Records a percentage (0-100) and extends the lease; false when the job is no longer this owner's. */
export async function progress(db: Db, { jobid, owner, percentage, leaseMs, now }: { jobid: number; owner: string; percentage: number; leaseMs: number; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      percentage: Math.max(0, Math.min(100, Math.floor(percentage))),
      leaseuntil: new Date(now.getTime() + leaseMs).toISOString(),
      updateddate: now.toISOString(),
    })
    .where('jobid', '=', jobid)
    .where('leaseowner', '=', owner)
    .where('status', '=', JOB_STATUS.RUNNING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** DONE at 100 % with its result; false when another worker took the job over meanwhile. */
export async function complete(db: Db, { jobid, owner, result, now }: { jobid: number; owner: string; result: unknown; now: Date }): Promise<boolean> {
  const done = await db
    .updateTable('job')
    .set({
      status: JOB_STATUS.DONE,
      percentage: 100,
      result: result === undefined ? null : JSON.stringify(result),
      error: null,
      leaseowner: null,
      leaseuntil: null,
      updateddate: now.toISOString(),
    })
    .where('jobid', '=', jobid)
    .where('leaseowner', '=', owner)
    .where('status', '=', JOB_STATUS.RUNNING)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Delay before try n+1: base x 2^(n-1), at most an hour. */
export const backoffMs = (attempts: number, baseMs: number): number => Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * A failed run: QUEUED again after a backoff while attempts < maxAttempts, else FAILED with the error.
 * 'LOST' when the job is no longer this owner's.
 */
export async function fail(
  db: Db,
  { job, owner, error, now, maxAttempts, retryBaseMs }: { job: Pick<Job, 'jobid' | 'attempts'>; owner: string; error: string; now: Date; maxAttempts: number; retryBaseMs: number },
): Promise<'RETRY' | 'FAILED' | 'LOST'> {
  const retry = job.attempts < maxAttempts;
  const result = await db
    .updateTable('job')
    .set({
      status: retry ? JOB_STATUS.QUEUED : JOB_STATUS.FAILED,
      runafter: retry ? new Date(now.getTime() + backoffMs(job.attempts, retryBaseMs)).toISOString() : sql<string>`runafter`,
      error: error.slice(0, ERROR_LENGTH),
      leaseowner: null,
      leaseuntil: null,
      updateddate: now.toISOString(),
    })
    .where('jobid', '=', job.jobid)
    .where('leaseowner', '=', owner)
    .where('status', '=', JOB_STATUS.RUNNING)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return 'LOST';
  return retry ? 'RETRY' : 'FAILED';
}

export const parseParameters = (job: Pick<Job, 'parameters'>): unknown => (job.parameters === null ? undefined : JSON.parse(job.parameters));
