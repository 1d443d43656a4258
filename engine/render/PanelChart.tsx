// A panel's chart drawn with recharts (loaded with the first chart, not with the page): line and bar charts
// of one or more series, pies; the palette, the first 10 results and thousand separators come from chartData.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { columnLabel, columnOf, formatCell, formatThousands, pieSlices, seriesShape } from '../definition/chartData';
import type { PanelChart as PanelChartDefinition } from '../definition/screen';

export interface PanelChartProps {
  chart: PanelChartDefinition;
  rows: unknown[];
  height: number;
}

const tooltipNumber = (value: unknown) => formatThousands(value);

/** A bar's category on the axis: every one shown, a long name cut (the tooltip has it whole). */
const AXIS_LABEL_CHARS = 16;
const shortLabel = (text: string) => (text.length > AXIS_LABEL_CHARS ? `${text.slice(0, AXIS_LABEL_CHARS - 1)}…` : text);
/** Lines of more points than this (a month of days) are drawn without a dot on each point; hovering shows one. */
const MAX_DOTTED_POINTS = 14;

function SeriesChart({ chart, rows, height }: PanelChartProps) {
  const shape = seriesShape(chart, rows);
  const xColumn = columnOf(chart, chart.x);
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis
      key="x"
      dataKey={shape.xKey}
      interval={chart.kind === 'bar' ? 0 : 'preserveEnd'}
      // A bar's category (an award's name) is slanted so that ten of them side by side do not overlap.
      {...(chart.kind === 'bar' ? { angle: -30, textAnchor: 'end', height: 72 } : {})}
      tickFormatter={(value: unknown) => (chart.kind === 'bar' ? shortLabel(formatCell(xColumn, value)) : formatCell(xColumn, value))}
      name={columnLabel(chart, chart.x)}
    />,
    <YAxis key="y" tickFormatter={tooltipNumber} width={64} allowDecimals={false} />,
    <Tooltip key="tooltip" formatter={tooltipNumber} labelFormatter={(value: unknown) => formatCell(xColumn, value)} />,
    <Legend key="legend" itemSorter={null} />,
  ];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {chart.kind === 'bar' ? (
        <BarChart data={shape.points}>
          {axes}
          {shape.series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={false} />
          ))}
        </BarChart>
      ) : (
        <LineChart data={shape.points}>
          {axes}
          {shape.series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.colour} strokeWidth={2} dot={shape.points.length <= MAX_DOTTED_POINTS ? { r: 3 } : false} activeDot={{ r: 4 }} isAnimationActive={false} />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}

function PieSlices({ chart, rows, height }: PanelChartProps) {
  const slices = pieSlices(chart, rows).map((slice) => ({ ...slice, fill: slice.colour }));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const share = (value: number) => (total === 0 ? '0' : formatThousands(Math.round((value * 10000) / total) / 100));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          outerRadius="72%"
          isAnimationActive={false}
          label={({ name, value }: { name?: string; value?: number }) => `${name}: ${formatThousands(value)} (${share(value ?? 0)}%)`}
        />
        <Tooltip formatter={(value: unknown) => `${formatThousands(value)} (${share(Number(value))}%)`} />
        <Legend itemSorter={null} />
      </PieChart>
    </ResponsiveContainer>
  );
}

export default function PanelChart(props: PanelChartProps) {
  return props.chart.kind === 'pie' ? <PieSlices {...props} /> : <SeriesChart {...props} />;
}
