// bench:report's job server (--jobs-thread): the two report workers in a thread of their own with their own
// database connection, as a server started with JOBS_ENABLED=true beside serving servers with JOBS_ENABLED=false.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../server/db/database';
import { createJobWorker } from '../server/jobs/jobWorker';
import { reportJobHandlers } from '../server/reports/reportJobs';

const { url, schema } = workerData as { url: string; schema?: string };
const database = openDatabase(url, { schema });
const t0 = performance.now();
const times: number[] = [];
await Promise.all(['server-a', 'server-b'].map(async (owner) => {
  await createJobWorker({ db: database.db, owner, handlers: reportJobHandlers, pollMs: 60_000 }).tick();
  times.push((performance.now() - t0) / 1000);
}));
await database.close();
parentPort!.postMessage(times);
