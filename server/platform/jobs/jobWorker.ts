// The background worker every app server runs: each poll enqueues what the daily schedules want today (one
// job per key across all servers), then claims and runs due jobs through the handler registered for their type.
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { once } from 'node:events';
import type { DailySchedule, JobHandler } from './jobHandler';
import type { JobThreadAnswer, JobThreadData, JobThreadRequest } from './jobThreadMessages';
import { claim, complete, enqueue, fail, parseParameters, progress, type Job } from './jobQueue';
import { JOB_CHANNEL, onJobEnqueued } from './jobSignal';
import type { Database } from '../db/database';
import { isoDay } from '../../../engine/definition/dates';

export interface JobWorkerOptions {
  db: Kysely<Schema>;
  /** Who holds a lease: host and process, so a stuck server is visible in the job table. */
  owner: string;
  handlers: readonly JobHandler[];
  schedules?: readonly DailySchedule[];
  pollMs: number;
  leaseMs?: number;
  retryBaseMs?: number;
  now?: () => Date;
  /** The database the job threads connect to (server/main.ts: DATABASE_URL); without it every job runs in this thread. */
  threadDatabase?: JobThreadData;
  /** Job threads running at once (default 2). */
  maxThreads?: number;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** PostgreSQL: hears the jobs other app servers enqueue (Database.listen) in the schema `schema`. */
  listen?: { on: NonNullable<Database['listen']>; schema: string };
}

export interface JobWorker {
  /** One round: schedules, then every due job; how many jobs ran. */
  tick(): Promise<number>;
  /** Runs rounds every pollMs (the first at once), and at once when a job is enqueued, until stop(). */
  start(): void;
  /** Ends the loop; waits for the round in progress. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_RETRY_BASE_MS = 60_000;
const DEFAULT_MAX_ATTEMPTS = 5;
const JOBS_PER_TICK = 20;
const DEFAULT_MAX_THREADS = 2;
const SYSTEM_USER = 'system';

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, owner } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxThreads = options.maxThreads ?? DEFAULT_MAX_THREADS;
  const handlers = new Map(options.handlers.map((h) => [h.jobtype, h]));
  let scheduledDay = '';

  async function schedule(): Promise<void> {
    const today = isoDay(now());
    if (today === scheduledDay) return;
    for (const s of options.schedules ?? []) {
      const { jobkey, parameters } = s.daily(today);
      await enqueue(db, { jobtype: s.jobtype, jobkey, parameters, user: SYSTEM_USER, now: now() });
    }
    scheduledDay = today;
  }

  async function runOne(job: Job): Promise<void> {
    const handler = handlers.get(job.jobtype)!;
    const maxAttempts = handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
    if (job.attempts > maxAttempts) {
      await fail(db, { job, owner, error: `gave up after ${maxAttempts} attempts (lease expired)`, now: now(), maxAttempts, retryBaseMs });
      return;
    }
    try {
      const result = handler.ownThread && options.threadDatabase ? await runInThread(job, options.threadDatabase) : await handler.run({
        db,
        job,
        parameters: parseParameters(job),
        now,
        progress: async (percentage) => {
          await progress(db, { jobid: job.jobid, owner, percentage, leaseMs, now: now() });
        },
      });
      await complete(db, { jobid: job.jobid, owner, result, now: now() });
      options.log?.info({ jobid: job.jobid, jobtype: job.jobtype, result }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await fail(db, { job, owner, error: message, now: now(), maxAttempts, retryBaseMs });
      options.log?.error({ jobid: job.jobid, jobtype: job.jobtype, err: error, outcome }, 'job failed');
    }
  }

  /**
   * The job thread: opened for the first ownThread job of a round and closed when the round's jobs are done, or,
   * for a worker that loops (start()), opened at its start and kept warm until stop(), so that a report enqueued by
   * a request does not wait a second or more for a thread to load its modules. A thread that dies is opened again
   * for the next job.
   */
  let thread: { worker: Worker; pending: Map<number, (answer: JobThreadAnswer) => void>; next: number } | undefined;

  function openThread(database: JobThreadData) {
    const worker = new Worker(new URL('./jobThread.mjs', import.meta.url), { workerData: database });
    options.log?.info({ threadId: worker.threadId }, 'job thread started');
    const opened = { worker, pending: new Map<number, (answer: JobThreadAnswer) => void>(), next: 1 };
    const failAll = (error: string) => {
      for (const [id, resolve] of opened.pending) resolve({ id, ok: false, error });
      opened.pending.clear();
      if (thread === opened) thread = undefined;
    };
    worker.on('message', (answer: JobThreadAnswer) => {
      opened.pending.get(answer.id)?.(answer);
      opened.pending.delete(answer.id);
    });
    worker.on('error', (error) => failAll(`job thread failed: ${error.message}`));
    worker.on('exit', (code) => failAll(`job thread ended (exit code ${code}) without an answer`));
    return opened;
  }

  async function runInThread(job: Job, database: JobThreadData): Promise<unknown> {
    thread ??= openThread(database);
    const current = thread;
    const id = current.next++;
    const answer = await new Promise<JobThreadAnswer>((resolve) => {
      current.pending.set(id, resolve);
      const request: JobThreadRequest = { id, job, owner, leaseMs };
      current.worker.postMessage(request);
    });
    if (!answer.ok) throw new Error(answer.error);
    return answer.result;
  }

  async function closeThread(): Promise<void> {
    const current = thread;
    if (!current) return;
    thread = undefined;
    const exited = once(current.worker, 'exit');
    const request: JobThreadRequest = { close: true };
    current.worker.postMessage(request);
    await exited;
    options.log?.info({ threadId: current.worker.threadId }, 'job thread ended');
  }

  async function tick(): Promise<number> {
    await schedule();
    let ran = 0;
    // Jobs of their own thread run side by side (two reports generate at once), up to maxThreads.
    const threads = new Set<Promise<void>>();
    while (ran < JOBS_PER_TICK) {
      if (threads.size >= maxThreads) await Promise.race(threads);
      const job = await claim(db, { owner, leaseMs, now: now(), jobtypes: [...handlers.keys()] });
      if (!job) break;
      ran += 1;
      if (options.threadDatabase && handlers.get(job.jobtype)?.ownThread) {
        const running: Promise<void> = runOne(job)
          .catch((error: unknown) => options.log?.error({ err: error, jobid: job.jobid }, 'job thread round failed'))
          .finally(() => threads.delete(running));
        threads.add(running);
      } else await runOne(job);
    }
    await Promise.all(threads);
    if (!warm) await closeThread();
    return ran;
  }

  let started = false;
  let stopped = false;
  /** A looping worker keeps its job thread between rounds. */
  let warm = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /** A job was enqueued during a round: another round follows it at once. */
  let again = false;
  const loop = () => {
    if (stopped) return;
    timer = undefined;
    again = false;
    running = tick()
      .catch((error: unknown) => options.log?.error({ err: error }, 'job worker round failed'))
      .finally(() => {
        if (stopped) return;
        if (again) loop();
        else timer = setTimeout(loop, options.pollMs);
      });
  };
  /** A job was enqueued: a round now, or right after the one in progress. */
  const wake = () => {
    if (!started || stopped) return;
    if (timer === undefined) again = true;
    else {
      clearTimeout(timer);
      loop();
    }
  };
  const unhear = onJobEnqueued(db, wake);
  let unlisten: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);

  return {
    tick,
    start() {
      started = true;
      if (options.threadDatabase && [...handlers.values()].some((h) => h.ownThread)) {
        warm = true;
        thread ??= openThread(options.threadDatabase);
      }
      const listen = options.listen;
      if (listen)
        unlisten = listen
          .on(JOB_CHANNEL, (schema) => {
            if (schema === listen.schema) wake();
          })
          // What was enqueued elsewhere before the listening began: one more round once it has.
          .then((stop) => {
            wake();
            return stop;
          })
          .catch((error: unknown) => {
            options.log?.error({ err: error }, 'job worker could not listen for jobs; polling only');
            return undefined;
          });
      loop();
    },
    async stop() {
      stopped = true;
      unhear();
      if (timer) clearTimeout(timer);
      await (await unlisten)?.();
      await running;
      await closeThread();
    },
  };
}

/** A worker already looping (what server/main.ts starts). */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const worker = createJobWorker(options);
  worker.start();
  return worker;
}
