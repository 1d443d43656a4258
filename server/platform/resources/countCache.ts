// totalrecord without a COUNT(*) on every page: a query's count is taken once, on its first page, and
// reused for its other pages (a later first page shows it while it is recounted); callers asking for the same count while it runs share that one query.
// Local writes to the resource drop its counts at once, and those of every resource over the same table
// (a view's, kind "view", reads its source's table: a member saved on the member screen drops the counts
// of Member Locked and Invalid Name Check too); counts taken on another app server's writes age out after
// MAX_AGE_MS.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { resourceModel } from '../../../engine/definition/compile';

const MAX_AGE_MS = 60_000;
/**
 * Page 1 recounts (in the background, answering the count it has) once its count is this old: another app
 * server's writes show in a first page's total within about this long. Every 2 s made a contains search of a
 * common text recount without pause on PostgreSQL (each recount reads its ~50,000 matches) and halved the
 * list's throughput (docs/benchmarks.md).
 */
const FIRST_PAGE_AGE_MS = 10_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  total: number;
  at: number;
  generation: number;
}

export class CountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  /** Counts running now, by resource, generation and query: later callers join them. */
  private readonly running = new Map<string, Promise<number>>();

  /**
   * `tableOf` names the table a resource reads (the catalogue's models, server/platform/server.ts); counts are dropped
   * per table. Without it each resource is its own table.
   */
  constructor(
    private readonly clock: () => number = Date.now,
    private readonly tableOf: (resource: string) => string = (resource) => resource,
  ) {}

  private generation(resource: string) {
    return this.generations.get(this.tableOf(resource)) ?? 0;
  }

  /** The cached total for the query, or undefined when it must be counted. */
  get(resource: string, query: string, page: number): number | undefined {
    const entry = this.entries.get(`${resource}\u0000${query}`);
    if (!entry || entry.generation !== this.generation(resource)) return undefined;
    const age = this.clock() - entry.at;
    return age <= (page <= 1 ? FIRST_PAGE_AGE_MS : MAX_AGE_MS) ? entry.total : undefined;
  }

  set(resource: string, query: string, total: number, generation = this.generation(resource)): void {
    // A count that started before a write is already stale: it is answered, never kept.
    if (generation !== this.generation(resource)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(`${resource}\u0000${query}`, { total, at: this.clock(), generation });
  }

  /**
   * The cached total, or the count `run` takes: one run per query at a time, whoever asks. A count
   * running when the resource is written is not joined by later callers (they count afresh). Page 1 with
   * a count older than FIRST_PAGE_AGE_MS (but of no local write since, and under MAX_AGE_MS) is answered
   * with it at once while the recount runs for the next search: nobody waits for a recount.
   */
  count(resource: string, query: string, page: number, run: () => Promise<number>): Promise<number> {
    const cached = this.get(resource, query, page);
    if (cached !== undefined) return Promise.resolve(cached);
    const counting = this.counting(resource, query, run);
    const stale = page <= 1 ? this.get(resource, query, 2) : undefined;
    if (stale === undefined) return counting;
    // The recount's failure reaches nobody: the next caller counts again.
    counting.catch(() => undefined);
    return Promise.resolve(stale);
  }

  private counting(resource: string, query: string, run: () => Promise<number>): Promise<number> {
    const generation = this.generation(resource);
    const key = `${resource}\u0000${generation}\u0000${query}`;
    let counting = this.running.get(key);
    if (!counting) {
      counting = run().then(
        (total) => {
          this.running.delete(key);
          this.set(resource, query, total, generation);
          return total;
        },
        (error: unknown) => {
          this.running.delete(key);
          throw error;
        },
      );
      this.running.set(key, counting);
    }
    return counting;
  }

  /** A write to the resource: every count of it, and of every resource over its table, is stale. */
  invalidate(resource: string): void {
    this.invalidateTable(this.tableOf(resource));
  }

  /** A write to a table by domain code (an enrollment, a merge): every count of a resource over it is stale. */
  invalidateTable(table: string): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }
}

/** The table each resource of the catalogue reads (a view's is its source's), for CountCache's `tableOf`. */
export function resourceTables(catalogue: Catalogue): (resource: string) => string {
  const tables = new Map([...catalogue.screenByResource].map(([resource, screen]) => [resource, resourceModel(screen).table]));
  return (resource) => tables.get(resource) ?? resource;
}
