// Keeps a running server on the definition versions its database serves: it checks the versions' stamp every
// DEFINITIONS_POLL_MS and reloads when another server (or this one) activated a version; a failed reload is logged
// and the definitions served before stay served.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Schema } from '../db/schema';
import { versionsStamp } from './definitionVersionStore';

export interface ReloaderOptions {
  db: Kysely<Schema>;
  /** 0: no polling (a server of a fixed catalogue). */
  pollMs: number;
  log: FastifyBaseLogger;
  /** Builds what the active versions make and serves it (throws, serving nothing new, when it cannot). */
  reload: () => Promise<void>;
}

export class DefinitionReloader {
  /** The stamp of the versions served. */
  private served: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Checks run one after another: a poll and an activation's reload never build at once. */
  private queue: Promise<void> = Promise.resolve();
  private checking = false;

  constructor(private readonly options: ReloaderOptions) {}

  /** Polls from now on; `served`: the stamp of the versions the server started with. */
  start(served: string): void {
    this.served = served;
    if (this.options.pollMs <= 0) return;
    this.timer = setInterval(() => {
      if (!this.checking) void this.check(false);
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Reloads once `write` (an activation) is done, before answering it: this server serves the change at once. */
  async after<T>(write: Promise<T>): Promise<T> {
    const written = await write;
    await this.reload();
    return written;
  }

  /** Builds and serves what the database serves now (called once an activation has committed, never inside its transaction). */
  reload(): Promise<void> {
    return this.check(true);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queue;
  }

  private check(force: boolean): Promise<void> {
    this.checking = true;
    this.queue = this.queue.then(async () => {
      try {
        const stamp = await versionsStamp(this.options.db);
        if (!force && stamp === this.served) return;
        const started = performance.now();
        await this.options.reload();
        this.served = stamp;
        this.options.log.info({ versions: stamp, ms: Math.round(performance.now() - started) }, 'definitions reloaded');
      } catch (error) {
        this.options.log.error({ err: error }, 'definitions not reloaded: the definitions served before stay served');
      } finally {
        this.checking = false;
      }
    });
    return this.queue;
  }
}
