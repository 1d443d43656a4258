// A panel's pie: a slice a row, each labelled with its figure and share, the legend naming them.
import { formatThousands, pieSlices } from '../definition/chartData';
import { pieSectors, polar } from './chartGeometry';
import { ChartBox, Legend, type PanelChartProps } from './ChartBox';

export function PieSlices({ chart, rows, height }: PanelChartProps) {
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
