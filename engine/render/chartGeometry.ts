// The arithmetic of the panels' SVG charts (engine/render/PanelChart.tsx): the value axis' ticks, the points'
// places along the category axis, which category labels fit, and a pie's sectors and label places.

/** Whole-number ticks from 0 to at least `max`, about `count` of them, at 1, 2, 2.5 or 5 times a power of ten. */
export function valueTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1, 2, 3, 4];
  const rough = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough && Number.isInteger(s)) ?? Math.ceil(rough));
  const ticks: number[] = [];
  for (let tick = 0; ticks.length < count || ticks[ticks.length - 1]! < max; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * The indexes of the category labels drawn when only some fit `width` (a line over a month of days): every
 * `stride`-th counted back from the last, so the last is always shown.
 */
export function shownLabels(labels: readonly string[], width: number, charWidth = 7, gap = 8): number[] {
  const widest = Math.max(0, ...labels.map((l) => l.length)) * charWidth + gap;
  const fit = Math.max(1, Math.floor(width / widest));
  const stride = Math.max(1, Math.ceil(labels.length / fit));
  return labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % stride === 0);
}

/** A point on the circle of `radius` about (cx, cy) at `degrees` (counter-clockwise from three o'clock). */
export function polar(cx: number, cy: number, radius: number, degrees: number): { x: number; y: number } {
  const radians = (-degrees * Math.PI) / 180;
  return { x: cx + radius * Math.cos(radians), y: cy + radius * Math.sin(radians) };
}

export interface Sector {
  start: number;
  end: number;
  /** The SVG path of the sector (a full circle for a whole pie). */
  path: string;
}

/** Each value's sector of the pie, counter-clockwise from three o'clock, in the values' order. */
export function pieSectors(values: readonly number[], cx: number, cy: number, radius: number): Sector[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  let at = 0;
  return values.map((value) => {
    const sweep = total === 0 ? 0 : (Math.max(0, value) / total) * 360;
    const start = at;
    at += sweep;
    if (sweep >= 359.999) {
      const path = `M ${cx - radius},${cy} a ${radius},${radius} 0 1,0 ${radius * 2},0 a ${radius},${radius} 0 1,0 ${-radius * 2},0 Z`;
      return { start, end: at, path };
    }
    const from = polar(cx, cy, radius, start);
    const to = polar(cx, cy, radius, at);
    const path = `M ${cx},${cy} L ${from.x},${from.y} A ${radius},${radius} 0 ${sweep > 180 ? 1 : 0},0 ${to.x},${to.y} Z`;
    return { start, end: at, path };
  });
}
