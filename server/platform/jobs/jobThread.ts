// The thread long jobs run in (jobWorker.ts starts one per round for the handlers marked ownThread, and runs
// that round's such jobs in it side by side): its own database connection, so the serving thread keeps
// answering while a long report is written, and one isolate however many reports run at once. Each job reports
// progress under the claiming worker's owner, so the lease is kept alive exactly as in-thread; the claiming
// worker completes or fails the job with what the thread answers. A killed server takes its thread with it:
// the lease passes and another server claims the job again. (Counts the serving thread cached over tables a job
// wrote age out as after another app server's writes: server/platform/resources/countCache.ts.)
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import { parseParameters, progress, type Job } from './jobQueue';
import type { JobThreadAnswer, JobThreadData, JobThreadRequest } from './jobThreadMessages';
import type { JobHandler } from './jobHandler';

const { url, schema, modules } = workerData as JobThreadData;
const database = openDatabase(url, { schema });
// The handlers come from the manifests the worker names (server/platform/modules.ts threadManifests: each exports its module).
const manifests = await Promise.all(modules.map((manifest) => import(manifest) as Promise<Record<string, { threadJobHandlers?: readonly JobHandler[] }>>));
const threadJobHandlers = manifests.flatMap((exports) => Object.values(exports).flatMap((module) => module.threadJobHandlers ?? []));
const port = parentPort!;

async function run({ id, job, owner, leaseMs }: { id: number; job: Job; owner: string; leaseMs: number }): Promise<JobThreadAnswer> {
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
    return { id, ok: true, result };
  } catch (error) {
    return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (request: JobThreadRequest) => {
  if ('close' in request) {
    void database.close().finally(() => port.close());
    return;
  }
  void run(request).then((answer) => port.postMessage(answer));
});
