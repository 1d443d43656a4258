// The arithmetic of the dashboard's SVG charts (engine/render/chartGeometry.ts): value ticks, category labels that
// fit, pie sectors.
import { describe, expect, it } from 'vitest';
import { pieSectors, polar, shownLabels, valueTicks } from '../../engine/render/chartGeometry';

describe('chart geometry', () => {
  it.each([
    [0, [0, 1, 2, 3, 4]],
    [4, [0, 1, 2, 3, 4]],
    [7, [0, 2, 4, 6, 8]],
    [1000, [0, 250, 500, 750, 1000]],
    [1234, [0, 500, 1000, 1500, 2000]],
  ])('ticks whole numbers from 0 past the top value %d', (max, ticks) => expect(valueTicks(max)).toEqual(ticks));

  it('shows every category label that fits, and always the last', () => {
    expect(shownLabels(['a', 'b', 'c'], 600)).toEqual([0, 1, 2]);
    const days = Array.from({ length: 31 }, (_, i) => `${String(i + 1).padStart(2, '0')}/10/2026`);
    const shown = shownLabels(days, 400);
    expect(shown.length).toBeLessThanOrEqual(Math.floor(400 / (10 * 7 + 8)));
    expect(shown[shown.length - 1]).toBe(30);
  });

  it('cuts the pie in the values\' order, counter-clockwise from three o\'clock', () => {
    const [a, b] = pieSectors([1, 3], 100, 100, 50);
    expect([a!.start, a!.end, b!.start, b!.end]).toEqual([0, 90, 90, 360]);
    expect(a!.path).toMatch(/^M 100,100 L 150,100 A 50,50 0 0,0 /);
    expect(polar(100, 100, 50, 90).y).toBeCloseTo(50);
    expect(pieSectors([5], 0, 0, 10)[0]!.path).toContain('a 10,10');
    expect(pieSectors([0, 0], 0, 0, 10).map((s) => s.end)).toEqual([0, 0]);
  });
});
