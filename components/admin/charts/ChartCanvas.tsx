import { useTheme } from 'next-themes';
import { useEffect, useRef, useState } from 'react';
import type { Chart } from 'chart.js';

export interface Series {
  label: string;
  data: number[];
  /** [light, dark] colours. */
  color: readonly [string, string];
}

interface ChartCanvasProps {
  kind: 'line' | 'bar';
  labels: string[];
  series: Series[];
  /** Bars of the series stacked on each other. */
  stacked?: boolean;
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  label: string;
  /** Formats the values of the axis and tooltips. */
  format?: (value: number) => string;
  height?: number;
}

const loadChart = () => import('./chartSetup');

/**
 * One chart.js chart, drawn after the library loads (only the operator area loads it) and again
 * when the data or the theme change.
 */
export function ChartCanvas({ kind, labels, series, stacked, label, format, height = 240 }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { resolvedTheme } = useTheme();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: Chart | undefined;
    let cancelled = false;
    const dark = resolvedTheme === 'dark';
    const text = dark ? '#d4d4d4' : '#5c4d3f';
    const grid = dark ? 'rgba(255,255,255,0.08)' : 'rgba(43,33,24,0.08)';
    loadChart().then(
      ({ Chart: ChartClass }) => {
        if (cancelled || !canvas.current) return;
        chart = new ChartClass(canvas.current, {
          type: kind,
          data: {
            labels,
            datasets: series.map((item) => {
              const color = dark ? item.color[1] : item.color[0];
              return { label: item.label, data: item.data, borderColor: color, backgroundColor: kind === 'bar' ? color : `${color}33`, fill: kind === 'line', tension: 0.25, pointRadius: 2, borderWidth: 2 };
            }),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { labels: { color: text, boxWidth: 12 } },
              tooltip: { callbacks: format ? { label: (item) => `${item.dataset.label}: ${format(Number(item.raw))}` } : {} },
            },
            scales: {
              x: { stacked, ticks: { color: text, maxRotation: 0, autoSkipPadding: 8 }, grid: { color: grid } },
              y: { stacked, beginAtZero: true, ticks: { color: text, precision: 0, callback: format ? (value) => format(Number(value)) : undefined }, grid: { color: grid } },
            },
          },
        });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, labels, series, stacked, format, resolvedTheme]);

  if (failed) return <p className="text-sm text-ink-soft dark:text-neutral-400">Không tải được biểu đồ; số liệu có trong bảng bên dưới.</p>;
  return (
    <div style={{ height }} className="relative">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
