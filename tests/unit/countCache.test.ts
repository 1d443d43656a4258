// The count cache: one count per query at a time whoever asks, reuse across pages, and writes that
// make every count of the resource stale, also one still running.
import { describe, expect, it } from 'vitest';
import { CountCache } from '../../server/platform/resources/countCache';

/** A count the test finishes by hand, recording how many were started. */
function counter() {
  const finishers: ((total: number) => void)[] = [];
  return {
    started: () => finishers.length,
    run: () => new Promise<number>((resolve) => finishers.push(resolve)),
    finish: (index: number, total: number) => finishers[index]!(total),
  };
}

describe('CountCache', () => {
  it('runs one count for concurrent callers of the same query, and one per distinct query', async () => {
    const cache = new CountCache();
    const c = counter();
    const first = Array.from({ length: 5 }, () => cache.count('flight', 'q1', 1, c.run));
    const other = cache.count('flight', 'q2', 1, c.run);
    const elsewhere = cache.count('member', 'q1', 1, c.run);
    expect(c.started()).toBe(3);
    c.finish(0, 42);
    c.finish(1, 7);
    c.finish(2, 9);
    expect(await Promise.all(first)).toEqual([42, 42, 42, 42, 42]);
    expect([await other, await elsewhere]).toEqual([7, 9]);
  });

  it('reuses a count for later pages for a minute; page 1 after ten seconds answers it while recounting', async () => {
    let now = 0;
    const cache = new CountCache(() => now);
    const c = counter();
    const counted = cache.count('flight', 'q', 1, c.run);
    c.finish(0, 100);
    expect(await counted).toBe(100);
    now = 9_900;
    expect(await cache.count('flight', 'q', 1, c.run)).toBe(100);
    now = 10_100;
    expect(await cache.count('flight', 'q', 2, c.run)).toBe(100);
    expect(c.started()).toBe(1);
    // Page 1: the count it has at once, and one recount for every caller meanwhile.
    expect(await cache.count('flight', 'q', 1, c.run)).toBe(100);
    expect(await cache.count('flight', 'q', 1, c.run)).toBe(100);
    expect(c.started()).toBe(2);
    c.finish(1, 120);
    await Promise.resolve();
    expect(await cache.count('flight', 'q', 1, c.run)).toBe(120);
    expect(c.started()).toBe(2);
    now = 71_000;
    expect(cache.get('flight', 'q', 2)).toBeUndefined();
    // Past a minute page 1 waits for its count.
    const fresh = cache.count('flight', 'q', 1, c.run);
    expect(c.started()).toBe(3);
    c.finish(2, 130);
    expect(await fresh).toBe(130);
  });

  it('after a write, page 1 waits for a new count instead of answering the old one', async () => {
    let now = 0;
    const cache = new CountCache(() => now);
    expect(await cache.count('flight', 'q', 1, async () => 100)).toBe(100);
    now = 5_000;
    cache.invalidate('flight');
    expect(await cache.count('flight', 'q', 1, async () => 101)).toBe(101);
  });

  it('forgets a recount that failed behind a page 1 answer', async () => {
    let now = 0;
    const cache = new CountCache(() => now);
    expect(await cache.count('flight', 'q', 1, async () => 100)).toBe(100);
    now = 15_000;
    expect(await cache.count('flight', 'q', 1, () => Promise.reject(new Error('database gone')))).toBe(100);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.count('flight', 'q', 1, async () => 102)).toBe(100);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get('flight', 'q', 1)).toBe(102);
  });

  it('after a write, neither joins nor keeps a count that started before it', async () => {
    const cache = new CountCache();
    const c = counter();
    const before = cache.count('flight', 'q', 2, c.run);
    cache.invalidate('flight');
    const after = cache.count('flight', 'q', 2, c.run);
    expect(c.started()).toBe(2);
    c.finish(0, 10);
    c.finish(1, 11);
    expect([await before, await after]).toEqual([10, 11]);
    expect(cache.get('flight', 'q', 2)).toBe(11);
  });

  it('lets the next caller count again when a count fails', async () => {
    const cache = new CountCache();
    await expect(cache.count('flight', 'q', 1, () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.count('flight', 'q', 1, async () => 5)).toBe(5);
  });

  it('drops the counts of every resource over the written table (a view and its source), and only those', async () => {
    const tables: Record<string, string> = { member: 'member', 'member-locked': 'member', 'invalid-name-check': 'member', city: 'city' };
    const cache = new CountCache(() => 0, (resource) => tables[resource] ?? resource);
    for (const resource of Object.keys(tables)) cache.set(resource, 'q', 3);
    cache.invalidate('member');
    expect(['member', 'member-locked', 'invalid-name-check', 'city'].map((r) => cache.get(r, 'q', 2))).toEqual([undefined, undefined, undefined, 3]);
    cache.set('member-locked', 'q', 4);
    cache.invalidateTable('member');
    expect(cache.get('member-locked', 'q', 2)).toBeUndefined();
    expect(cache.get('city', 'q', 2)).toBe(3);
  });
});
