// A panel's chart drawn as plain SVG (a few KiB, where a chart library was most of the dashboard's weight): line
// and bar charts of one or more series, pies; the palette, the first 10 results and thousand separators come from
// chartData, the geometry from chartGeometry. Hovering a point, a bar or a slice shows its figures (an SVG title).
// The elements keep recharts' class names, which the styles and the browser tests know them by.
import { columnOf, formatCell, formatThousands, seriesShape } from '../definition/chartData';
import { shownLabels, valueTicks } from './chartGeometry';
import { ChartBox, Legend, TEXT, type PanelChartProps } from './ChartBox';
import { PieSlices } from './PieSlices';

export type { PanelChartProps } from './ChartBox';

/** A bar's category on the axis: every one shown, a long name cut (the hover title has it whole). */
const AXIS_LABEL_CHARS = 16;
const shortLabel = (text: string) => (text.length > AXIS_LABEL_CHARS ? `${text.slice(0, AXIS_LABEL_CHARS - 1)}…` : text);
/** Lines of more points than this (a month of days) are drawn without a dot on each point. */
const MAX_DOTTED_POINTS = 14;
const Y_AXIS_WIDTH = 64;
const MARGIN = 5;
/** About the width of a character of the axis labels (12 px text), as chartGeometry.shownLabels reckons it. */
const LABEL_CHAR_WIDTH = 7;

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

export default function PanelChart(props: PanelChartProps) {
  return props.chart.kind === 'pie' ? <PieSlices {...props} /> : <SeriesChart {...props} />;
}
