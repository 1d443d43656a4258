import { describe, expect, it } from 'vitest';
import { fitWidths } from '../../engine/definition/tableWidths';

describe('fitWidths', () => {
  it('keeps declared widths that fit', () => {
    expect(fitWidths([120, undefined, 200], 1000)).toEqual([120, undefined, 200]);
  });
  it('shrinks declared widths in proportion, leaving the others their least width', () => {
    expect(fitWidths([400, undefined, 400], 600, 100)).toEqual([250, undefined, 250]);
  });
  it('keeps the sum within the room when some columns stop at the least width', () => {
    const widths = fitWidths([80, 80, 400, 400], 600, 72) as number[];
    expect(widths.slice(0, 2)).toEqual([72, 72]);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(600);
  });
  it('never below the least width', () => {
    expect(fitWidths([300, 300], 100, 72)).toEqual([72, 72]);
  });
});
