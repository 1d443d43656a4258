// Flight identity: the one reading of "the same flight" that rating, segment keys, activity files and retro claims share.
import { describe, expect, it } from 'vitest';
import { flightNumber, normalisedSegmentKey, sameFlight, segmentKey } from '../../domain/flightIdentity';

const flight = { carrier: 'XK', flightnumber: '101', flightdate: '2026-03-10', origin: 'CGK', destination: 'SIN' };

describe('flight identity', () => {
  it("reads 'GA0402', '0402' and '402' as one flight of GA", () => {
    for (const n of ['GA0402', '0402', '402', 'ga402', ' GA402 ']) expect(flightNumber(n, 'GA')).toBe('402');
  });

  it("takes off the carrier's own designator, a digit in it too, and two letters when no carrier is given", () => {
    expect(flightNumber('3K0101', '3K')).toBe('101');
    expect(flightNumber('XK101')).toBe('101');
    expect(flightNumber('0')).toBe('0');
    expect(flightNumber('101A', 'XK')).toBe('101A');
  });

  it('gives one segment key to the flight however its number is spelled', () => {
    const plain = segmentKey('M1', flight);
    expect(segmentKey('M1', { ...flight, flightnumber: 'XK101' })).toBe(plain);
    expect(segmentKey('M1', { ...flight, flightnumber: 'xk0101' })).toBe(plain);
    expect(segmentKey('M1', { ...flight, flightdate: '2026-03-11' })).not.toBe(plain);
    expect(sameFlight(flight, { ...flight, flightnumber: 'XK0101' })).toBe(true);
    expect(sameFlight(flight, { ...flight, carrier: 'GA', flightnumber: 'GA101' })).toBe(false);
  });

  it('rewrites a stored key of the old spelling and leaves other text alone', () => {
    expect(normalisedSegmentKey('M1|XK|XK0101|2026-03-10|CGK|SIN')).toBe(segmentKey('M1', flight));
    expect(normalisedSegmentKey('not a key')).toBeUndefined();
  });
});
