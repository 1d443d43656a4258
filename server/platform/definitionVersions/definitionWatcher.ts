// `npm run dev`: the definition files watched while the server runs (DEFINITIONS_WATCH). A saved file is checked as
// `npm run validate` checks it, stored as its definition's next version as a start would store it, and served at
// once; files the checks refuse are logged with their problems, and what was served stays served.
import { watch } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Saves come in bursts (an editor writes, renames, touches): one sync after the last of them. */
const SETTLE_MS = 50;

export interface WatchOptions {
  dir: string;
  log: FastifyBaseLogger;
  /** Checks the files, stores what changed and serves it; answers the problems that kept it from being served. */
  sync: () => Promise<string[]>;
}

/** Watches `dir` and its folders; answers how to stop. Syncs run one after another. */
export function watchDefinitionFiles({ dir, log, sync }: WatchOptions): () => void {
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  const run = () => {
    queue = queue.then(async () => {
      try {
        const problems = await sync();
        if (problems.length > 0) log.error({ problems }, 'definition files not served: fix these (what was served stays served)');
      } catch (error) {
        log.error({ err: error }, 'definition files not served: what was served stays served');
      }
    });
  };
  const watcher = watch(dir, { recursive: true }, (_event, name) => {
    if (!name?.endsWith('.json')) return;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
