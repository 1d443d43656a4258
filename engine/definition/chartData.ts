// A panel's rows shaped for its chart, without React: the fixed seven-colour palette, the first 10
// results (spec 000 §9), thousand-separated numbers, and flat or nested rows turned into series.
import { formatDate, formatNumber } from './format';
import type { PanelChart, PanelColumn } from './screen';
import { isoDay } from './dates';

/** Spec 000 §9: chart colours are a fixed seven-colour palette, in this order. */
export const CHART_PALETTE = ['#1d5fa8', '#13a8a8', '#f5a623', '#e8684a', '#7262fd', '#5aa454', '#c2458f'] as const;

/** Spec 000 §9: charts show at most the first 10 results (tier charts show all: `limit: false`). */
export const FIRST_RESULTS = 10;

export const paletteColour = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length]!;

export function firstResults<T>(items: readonly T[], limit: number | false | undefined): T[] {
  if (limit === false) return [...items];
  return items.slice(0, limit ?? FIRST_RESULTS);
}

/** Y-axis ticks and tooltips: numbers with thousand separators ('1,234,567'). */
export const formatThousands = (value: unknown): string => formatNumber(value);

/** A row value as its column says: number with separators, percent, date DD/MM/YYYY, else text. */
export function formatCell(column: Pick<PanelColumn, 'format'> | undefined, value: unknown): string {
  switch (column?.format) {
    case 'number':
      return formatThousands(value);
    case 'percent':
      return value === null || value === undefined || value === '' ? '' : `${formatNumber(value)}%`;
    case 'date':
      return formatDate(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export const columnOf = (chart: PanelChart, name: string | undefined): PanelColumn | undefined =>
  name === undefined ? undefined : chart.columns?.find((c) => c.name === name);

export const columnLabel = (chart: PanelChart, name: string | undefined): string => columnOf(chart, name)?.label ?? name ?? '';

/** The columns that hold reference values (a `source`): shown by their labels. */
export const labelledColumns = (chart: PanelChart): (PanelColumn & { source: NonNullable<PanelColumn['source']> })[] =>
  (chart.columns ?? []).filter((c): c is PanelColumn & { source: NonNullable<PanelColumn['source']> } => c.source !== undefined);

/**
 * The rows with each reference value replaced by its label (`labelOf`: undefined while unknown, then the
 * value stays): what the axis, the slices, the tooltips and the table show.
 */
export function withLabels(chart: PanelChart, rows: unknown[], labelOf: (selector: string, value: unknown) => string | undefined): unknown[] {
  const columns = labelledColumns(chart);
  if (columns.length === 0) return rows;
  return rows.map((row) => {
    const shown: Record<string, unknown> = { ...(row as Record<string, unknown>) };
    for (const column of columns) {
      const value = shown[column.name];
      if (value !== null && value !== undefined && value !== '') shown[column.name] = labelOf(column.source.selector, value) ?? value;
    }
    return shown;
  });
}

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;
/** A line over days is filled with the days between its points up to this span. */
const MAX_FILLED_DAYS = 366;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ChartSeries {
  /** The data key of the series' values in each point. */
  key: string;
  name: string;
  colour: string;
}

/** Line and bar charts: one point per x value, holding each series' value under the series' key. */
export interface SeriesShape {
  xKey: 'x';
  points: Row[];
  series: ChartSeries[];
}

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Dates and numbers on the x axis sort ascending; other categories keep the server's order. */
function sortPoints(points: Row[]): Row[] {
  const xs = points.map((p) => p.x);
  const sortable = xs.every((x) => typeof x === 'number') || xs.every((x) => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}/.test(x));
  return sortable ? [...points].sort((a, b) => (String(a.x) < String(b.x) ? -1 : String(a.x) > String(b.x) ? 1 : 0)) : points;
}

/**
 * The rows as series. Nested rows: each row is a series named by `series`, its points in the `data`
 * list. Flat rows with `series`: grouped by that field. Flat rows without: one series of `y`. The first
 * `limit` results are kept: series when there are several, rows otherwise.
 */
export function seriesShape(chart: PanelChart, rows: readonly unknown[]): SeriesShape {
  const x = chart.x ?? 'x';
  const y = chart.y ?? 'y';
  const groups = new Map<string, Row[]>();
  if (chart.data) {
    for (const row of rows.filter(isRow)) {
      const name = String(row[chart.series ?? ''] ?? '');
      const items = Array.isArray(row[chart.data]) ? (row[chart.data] as unknown[]).filter(isRow) : [];
      groups.set(name, [...(groups.get(name) ?? []), ...items]);
    }
  } else if (chart.series) {
    for (const row of rows.filter(isRow)) {
      const name = String(row[chart.series] ?? '');
      groups.set(name, [...(groups.get(name) ?? []), row]);
    }
  } else {
    groups.set(columnLabel(chart, y), firstResults(rows.filter(isRow), chart.limit));
  }
  const kept = chart.data || chart.series ? firstResults([...groups.entries()], chart.limit) : [...groups.entries()];
  const series = kept.map(([name], i): ChartSeries => ({ key: `s${i}`, name, colour: paletteColour(i) }));
  const byX = new Map<string, Row>();
  kept.forEach(([, items], i) => {
    for (const item of items) {
      const at = item[x] as string | number;
      const id = JSON.stringify(at);
      const point = byX.get(id) ?? { x: at };
      point[`s${i}`] = (toNumber(point[`s${i}`]) ?? 0) + (toNumber(item[y]) ?? 0);
      byX.set(id, point);
    }
  });
  // A line over days has every day between its first and last point (up to a year of them): the panels count
  // things, so a day without a row counted none.
  if (chart.kind === 'line') {
    const days = [...byX.values()].map((p) => p.x);
    if (days.length > 1 && days.every((d) => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))) {
      const sorted = (days as string[]).sort();
      const first = Date.parse(`${sorted[0]}T00:00:00Z`);
      const last = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`);
      const span = Math.round((last - first) / DAY_MS);
      if (span <= MAX_FILLED_DAYS) {
        for (let d = 0; d <= span; d++) {
          const at = isoDay(new Date(first + d * DAY_MS));
          if (!byX.has(JSON.stringify(at))) byX.set(JSON.stringify(at), { x: at });
        }
      }
    }
  }
  // A series with nothing on a point's x counted none there (a line goes through 0, not a gap).
  for (const point of byX.values()) for (const s of series) point[s.key] ??= 0;
  return { xKey: 'x', points: sortPoints([...byX.values()]), series };
}

export interface PieSlice {
  name: string;
  value: number;
  colour: string;
}

/** Pie slices: the first `limit` rows, named by `x`, sized by `y`. */
export function pieSlices(chart: PanelChart, rows: readonly unknown[]): PieSlice[] {
  return firstResults(rows.filter(isRow), chart.limit).map((row, i) => ({
    name: String(row[chart.x ?? 'x'] ?? ''),
    value: toNumber(row[chart.y ?? 'y']) ?? 0,
    colour: paletteColour(i),
  }));
}

/** A statistic: the sum of `y` over the rows (the one row's value when there is one). */
export function statisticValue(chart: PanelChart, rows: readonly unknown[]): number {
  return rows.filter(isRow).reduce<number>((sum, row) => sum + (toNumber(row[chart.y ?? 'y']) ?? 0), 0);
}

/** Whether there is anything to draw (else the empty placeholder shows). */
export const hasRows = (rows: readonly unknown[] | undefined): boolean => !!rows && rows.some(isRow);
