// The messages between the job worker (server/platform/jobs/jobWorker.ts) and a job thread (server/platform/jobs/jobThread.ts).
import type { Job } from './jobQueue';

export interface JobThreadData {
  url: string;
  schema?: string;
  /** The manifests (file URLs) whose threadJobHandlers the thread runs: server/platform/modules.ts threadManifests(). */
  modules: readonly string[];
}

/** To the thread: a job to run, or the end of the round (close the connection and end). */
export type JobThreadRequest = { id: number; job: Job; owner: string; leaseMs: number } | { close: true };
export type JobThreadAnswer = { id: number } & ({ ok: true; result: unknown } | { ok: false; error: string });
