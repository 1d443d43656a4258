// A per-client request budget held in memory: at most `limit` calls per client address in each minute window.
// One app server's own count; behind several servers each grants its own budget.

const WINDOW_MS = 60_000;
/** Above this many tracked clients, windows that have ended are swept on the next call. */
const SWEEP_AT = 10_000;

export class ClientRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: number) {}

  /** Counts one call of the client; false when it is over the budget of the current window. */
  take(client: string, now: Date): boolean {
    const at = now.getTime();
    if (this.windows.size > SWEEP_AT) {
      for (const [key, window] of this.windows) if (at - window.start >= WINDOW_MS) this.windows.delete(key);
    }
    const window = this.windows.get(client);
    if (!window || at - window.start >= WINDOW_MS || at < window.start) {
      this.windows.set(client, { start: at, count: 1 });
      return this.limit > 0;
    }
    window.count++;
    return window.count <= this.limit;
  }
}
