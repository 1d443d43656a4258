// One job run in a worker thread of its own with its own database connection (jobWorker.ts starts it for the
// handlers marked ownThread): the serving thread keeps answering while a long report is written. The thread
// reports progress under the claiming worker's owner, so the lease is kept alive exactly as in-thread; the
// claiming worker completes or fails the job with what the thread answers. A killed server takes its threads
// with it: the lease passes and another server claims the job again. (Counts the serving thread cached over
// tables the job wrote age out as after another app server's writes: server/resources/countCache.ts.)
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import { parseParameters, progress, type Job } from './jobQueue';
import { threadJobHandlers } from './threadJobHandlers';

export interface JobThreadData {
  url: string;
  schema?: string;
  job: Job;
  owner: string;
  leaseMs: number;
}

export type JobThreadAnswer = { ok: true; result: unknown } | { ok: false; error: string };

const { url, schema, job, owner, leaseMs } = workerData as JobThreadData;
const database = openDatabase(url, { schema });
let answer: JobThreadAnswer;
try {
  const handler = threadJobHandlers.find((h) => h.jobtype === job.jobtype);
  if (!handler) throw new Error(`No thread handler for job type "${job.jobtype}"`);
  const now = () => new Date();
  const result = await handler.run({
    db: database.db,
    job,
    parameters: parseParameters(job),
    now,
    progress: async (percentage) => {
      await progress(database.db, { jobid: job.jobid, owner, percentage, leaseMs, now: now() });
    },
  });
  answer = { ok: true, result };
} catch (error) {
  answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
} finally {
  await database.close();
}
parentPort!.postMessage(answer!);
