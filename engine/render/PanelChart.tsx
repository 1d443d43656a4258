// A panel's chart drawn as plain SVG (a few KiB, where a chart library was most of the dashboard's weight): line
// and bar charts of one or more series, pies; the palette, the first 10 results and thousand separators come from
// chartData, the geometry from chartGeometry. Hovering a point, a bar or a slice shows its figures (an SVG title).
// The elements keep recharts' class names, which the styles and the browser tests know them by.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { columnOf, formatCell, formatThousands, pieSlices, seriesShape } from '../definition/chartData';
import type { PanelChart as PanelChartDefinition } from '../definition/screen';
import { pieSectors, polar, shownLabels, valueTicks } from './chartGeometry';

export interface PanelChartProps {
  chart: PanelChartDefinition;
  rows: unknown[];
  height: number;
}

/** A bar's category on the axis: every one shown, a long name cut (the hover title has it whole). */
const AXIS_LABEL_CHARS = 16;
const shortLabel = (text: string) => (text.length > AXIS_LABEL_CHARS ? `${text.slice(0, AXIS_LABEL_CHARS - 1)}…` : text);
/** Lines of more points than this (a month of days) are drawn without a dot on each point. */
const MAX_DOTTED_POINTS = 14;
const LEGEND_HEIGHT = 28;
const Y_AXIS_WIDTH = 64;
const MARGIN = 5;
/** About the width of a character of the axis labels (12 px text), as chartGeometry.shownLabels reckons it. */
const LABEL_CHAR_WIDTH = 7;
const TEXT = { fill: '#666', fontSize: 12 } as const;

/** The width the chart's box is given, followed as the page resizes. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    setWidth(node.clientWidth);
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [box, width];
}

function Legend({ items, icon }: { items: { name: string; colour: string }[]; icon: 'line' | 'rect' }) {
  return (
    <ul className="recharts-default-legend" style={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 10, margin: 0, padding: 0, height: LEGEND_HEIGHT, alignItems: 'center', listStyle: 'none' }}>
      {items.map((item, i) => (
        <li key={i} className="recharts-legend-item" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <svg width={14} height={14} viewBox="0 0 32 32" aria-hidden>
            {icon === 'line' ? <path strokeWidth={4} fill="none" stroke={item.colour} d="M0,16h32" /> : <path fill={item.colour} d="M0,4h32v24h-32z" />}
          </svg>
          <span className="recharts-legend-item-text" style={{ color: item.colour }}>
            {item.name}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ChartBox({ height, legend, children }: { height: number; legend: ReactNode; children: (width: number, plotHeight: number) => ReactNode }) {
  const [box, width] = useWidth();
  return (
    <div ref={box} className="recharts-responsive-container" style={{ width: '100%', height }}>
      {width > 0 && (
        <div className="recharts-wrapper" style={{ position: 'relative', width, height }}>
          <svg className="recharts-surface" width={width} height={height - LEGEND_HEIGHT} role="img">
            {children(width, height - LEGEND_HEIGHT)}
          </svg>
          {legend}
        </div>
      )}
    </div>
  );
}

function SeriesChart({ chart, rows, height }: PanelChartProps) {
  const shape = seriesShape(chart, rows);
  const xColumn = columnOf(chart, chart.x);
  const bar = chart.kind === 'bar';
  const labels = shape.points.map((p) => formatCell(xColumn, p.x));
  const ticks = valueTicks(Math.max(0, ...shape.points.flatMap((p) => shape.series.map((s) => Number(p[s.key]) || 0))));
  const top = ticks[ticks.length - 1]!;
  const dotted = shape.points.length <= MAX_DOTTED_POINTS;
  return (
    <ChartBox height={height} legend={<Legend items={shape.series} icon={bar ? 'rect' : 'line'} />}>
      {(width, plotHeight) => {
        const left = MARGIN + Y_AXIS_WIDTH;
        // A line's last label is centred on the right edge: the plot stops half a label short of it.
        const right = width - Math.max(MARGIN, bar ? 0 : (Math.max(0, ...labels.map((l) => l.length)) * LABEL_CHAR_WIDTH) / 2);
        const bottom = plotHeight - (bar ? 72 : 30);
        const y = (value: number) => bottom - ((bottom - MARGIN) * value) / top;
        const band = (right - left) / Math.max(1, shape.points.length);
        // Bars sit in their category's band; a line's points run from edge to edge.
        const x = (i: number) => (bar ? left + band * (i + 0.5) : left + (shape.points.length > 1 ? ((right - left) * i) / (shape.points.length - 1) : (right - left) / 2));
        const barWidth = Math.max(1, (band * 0.8 - 4 * (shape.series.length - 1)) / shape.series.length);
        const titleOf = (i: number) => [labels[i], ...shape.series.map((s) => `${s.name} : ${formatThousands(shape.points[i]![s.key])}`)].join('\n');
        const shown = bar ? labels.map((_, i) => i) : shownLabels(labels, right - left);
        return (
          <>
            <g className="recharts-cartesian-grid">
              {ticks.map((tick) => (
                <line key={tick} x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke="#ccc" strokeDasharray="3 3" />
              ))}
            </g>
            <g className="recharts-xAxis xAxis">
              <line x1={left} x2={right} y1={bottom} y2={bottom} stroke="#666" />
              {shown.map((i) => (
                <text key={i} className="recharts-cartesian-axis-tick-value" x={x(i)} y={bottom + 16} {...TEXT} textAnchor={bar ? 'end' : 'middle'} transform={bar ? `rotate(-30, ${x(i)}, ${bottom + 10})` : undefined}>
                  <tspan>{bar ? shortLabel(labels[i]!) : labels[i]}</tspan>
                </text>
              ))}
            </g>
            <g className="recharts-yAxis yAxis">
              <line x1={left} x2={left} y1={MARGIN} y2={bottom} stroke="#666" />
              {ticks.map((tick) => (
                <text key={tick} className="recharts-cartesian-axis-tick-value" x={left - 8} y={y(tick) + 4} {...TEXT} textAnchor="end">
                  <tspan>{formatThousands(tick)}</tspan>
                </text>
              ))}
            </g>
            {shape.series.map((s, k) =>
              bar ? (
                <g key={s.key} className="recharts-bar">
                  {shape.points.map((p, i) => {
                    const value = Number(p[s.key]) || 0;
                    const at = x(i) - (band * 0.8) / 2 + k * (barWidth + 4);
                    return (
                      <path key={i} className="recharts-rectangle recharts-bar-rectangle" fill={s.colour} d={`M${at},${y(value)}h${barWidth}V${bottom}h${-barWidth}Z`}>
                        <title>{titleOf(i)}</title>
                      </path>
                    );
                  })}
                </g>
              ) : (
                <g key={s.key} className="recharts-line">
                  <path className="recharts-curve recharts-line-curve" fill="none" stroke={s.colour} strokeWidth={2} d={shape.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${y(Number(p[s.key]) || 0)}`).join('')} />
                  {shape.points.map((p, i) => (
                    <circle key={i} className="recharts-dot recharts-line-dot" cx={x(i)} cy={y(Number(p[s.key]) || 0)} r={dotted ? 3 : 4} stroke={s.colour} strokeWidth={dotted ? 1 : 0} fill={dotted ? '#fff' : 'transparent'}>
                      <title>{titleOf(i)}</title>
                    </circle>
                  ))}
                </g>
              ),
            )}
          </>
        );
      }}
    </ChartBox>
  );
}

function PieSlices({ chart, rows, height }: PanelChartProps) {
  const slices = pieSlices(chart, rows);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const share = (value: number) => (total === 0 ? '0' : formatThousands(Math.round((value * 10000) / total) / 100));
  const text = (slice: (typeof slices)[number]) => `${slice.name}: ${formatThousands(slice.value)} (${share(slice.value)}%)`;
  return (
    <ChartBox height={height} legend={<Legend items={slices.map((s) => ({ name: s.name, colour: s.colour }))} icon="rect" />}>
      {(width, plotHeight) => {
        const cx = width / 2;
        const cy = plotHeight / 2;
        const radius = (Math.min(width, plotHeight) / 2) * 0.72;
        const sectors = pieSectors(slices.map((s) => s.value), cx, cy, radius);
        return (
          <g className="recharts-pie">
            {sectors.map((sector, i) => (
              <g key={i} className="recharts-pie-sector">
                <path className="recharts-sector" fill={slices[i]!.colour} stroke="#fff" d={sector.path}>
                  <title>{`${slices[i]!.name} : ${formatThousands(slices[i]!.value)} (${share(slices[i]!.value)}%)`}</title>
                </path>
              </g>
            ))}
            <g className="recharts-pie-labels">
              {sectors.map((sector, i) => {
                const middle = (sector.start + sector.end) / 2;
                const from = polar(cx, cy, radius, middle);
                const to = polar(cx, cy, radius + 20, middle);
                return (
                  <g key={i}>
                    <path className="recharts-pie-label-line" stroke={slices[i]!.colour} fill="none" d={`M${from.x},${from.y}L${to.x},${to.y}`} />
                    <text className="recharts-text recharts-pie-label-text" x={to.x} y={to.y} dy="0.355em" fill={slices[i]!.colour} fontSize={12} textAnchor={to.x >= cx ? 'start' : 'end'}>
                      {text(slices[i]!)}
                    </text>
                  </g>
                );
              })}
            </g>
          </g>
        );
      }}
    </ChartBox>
  );
}

export default function PanelChart(props: PanelChartProps) {
  return props.chart.kind === 'pie' ? <PieSlices {...props} /> : <SeriesChart {...props} />;
}
