// What a first start says while it works (server/platform/core/startProgress.ts): each step's beginning, the lines it
// tells, its end with its time; a count tells at most every two seconds and always at its end; quiet starts say nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aloud, counting, quietly, silent } from '../../server/platform/core/startProgress';

afterEach(() => vi.restoreAllMocks());

/** performance.now() reads `clock.ms`. */
function fakeClock() {
  const clock = { ms: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.ms);
  return clock;
}

describe('start progress', () => {
  it('writes a step, what it tells, and its end with the time it took', async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const result = await aloud((line) => lines.push(line))('Seeding', async (tell) => {
      tell('Writing the ledger');
      clock.ms = 1500;
      return 42;
    });
    expect(result).toBe(42);
    expect(lines).toEqual(['Seeding...', 'Writing the ledger', 'Seeding: done in 1.5 s']);
  });

  it('counts at most every two seconds, and always at the end', () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const count = counting((line) => lines.push(line), 'Seeding demo members', 2000);
    for (let done = 1; done <= 2000; done++) {
      clock.ms = done * 3;
      count(done);
    }
    expect(lines).toEqual(['Seeding demo members: 667 of 2,000', 'Seeding demo members: 1,334 of 2,000', 'Seeding demo members: 2,000 of 2,000']);
  });

  it('says nothing when quiet', async () => {
    const told: string[] = [];
    await quietly('Seeding', async (tell) => {
      tell('never written');
      counting(tell, 'Seeding demo members', 10)(10);
      told.push('ran');
    });
    expect(told).toEqual(['ran']);
    expect(silent('x')).toBeUndefined();
  });
});
