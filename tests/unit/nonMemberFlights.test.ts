// seed:volume's parked non-member flights: their keys never meet, whatever the random part of a generated key.
import { describe, expect, it } from 'vitest';
import { nonMemberFlights } from '../../server/demoPopulation/volumeActivity';

describe('nonMemberFlights', () => {
  it('gives every flight of 300,000 members a key of its own time (1,000,000 members met on a key before)', () => {
    const now = new Date('2026-11-24T08:30:00.000Z');
    const stamps = new Set<string>();
    let flights = 0;
    for (let index = 0; index < 300_000; index++) {
      for (const row of nonMemberFlights(index, now)) {
        flights++;
        stamps.add(String(row.parkid).slice(0, 17));
      }
    }
    expect(flights).toBeGreaterThan(10_000);
    expect(stamps.size).toBe(flights);
  });
});
