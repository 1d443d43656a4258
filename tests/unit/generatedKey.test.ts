// Keys the server makes for records without a natural key (resource.generatedKey): their shape, their order by age, no repeats.
import { describe, expect, it } from 'vitest';
import { GENERATED_KEY_LENGTH, generateKey, isGeneratedKey } from '../../engine/definition/generatedKey';

describe('generated keys', () => {
  it('are the UTC time to the millisecond and six random characters', () => {
    const key = generateKey(new Date('2026-11-23T08:05:09.042Z'));
    expect(key).toMatch(/^20261123080509042[0-9A-Z]{6}$/);
    expect(key).toHaveLength(GENERATED_KEY_LENGTH);
    expect(isGeneratedKey(key)).toBe(true);
  });
  it('sort by the time they were made and do not repeat', () => {
    const earlier = generateKey(new Date('2026-01-01T00:00:00.000Z'));
    const later = generateKey(new Date('2026-01-01T00:00:00.001Z'));
    expect(earlier < later).toBe(true);
    const at = new Date();
    // 36^6 endings: 200 keys in one millisecond collide about once in 100,000 runs.
    expect(new Set(Array.from({ length: 200 }, () => generateKey(at))).size).toBe(200);
  });
  it('tells a made key from anything else a client may send', () => {
    for (const value of ['', 'x', 123, null, '2026112308050904', '20261123080509042abcdef', '20261123080509042ABCDEFG']) expect(isGeneratedKey(value), String(value)).toBe(false);
  });
});
