// The box every SVG chart of a panel is drawn in: its width followed as the page resizes, the plot's surface and
// the legend under it (recharts' class names, which the styles and the browser tests know them by).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { PanelChart as PanelChartDefinition } from '../definition/screen';

/** What a panel's chart is drawn from. */
export interface PanelChartProps {
  chart: PanelChartDefinition;
  rows: unknown[];
  height: number;
}

const LEGEND_HEIGHT = 28;
/** The axis labels' text. */
export const TEXT = { fill: '#666', fontSize: 12 } as const;

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

export function Legend({ items, icon }: { items: { name: string; colour: string }[]; icon: 'line' | 'rect' }) {
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

export function ChartBox({ height, legend, children }: { height: number; legend: ReactNode; children: (width: number, plotHeight: number) => ReactNode }) {
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
