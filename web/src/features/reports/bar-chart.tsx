import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what bar charts need, so the reports' chunk carries no other chart type.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** The spa's palette for series, darkest first (the tokens' accent, gold and their neighbours). */
const SERIES_COLOURS = ['#1f4d45', '#b08d57', '#6f8f86', '#7a5c33'];

export interface BarSeries {
  label: string;
  values: number[];
}

/**
 * A bar chart (Chart.js on a canvas). A canvas says nothing to a screen reader: the chart is named by
 * `summary`, and every report section also shows its figures as a table (and as CSV).
 */
export function BarChart({
  labels,
  series,
  summary,
  horizontal = false,
  stacked = false,
  format = (value) => String(value),
  height = 260,
}: {
  labels: string[];
  series: BarSeries[];
  summary: string;
  horizontal?: boolean;
  stacked?: boolean;
  /** How an axis tick and a tooltip say a value ("₹1,200", "45%"). */
  format?: (value: number) => string;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const valueAxis = {
      stacked,
      beginAtZero: true,
      ticks: { callback: (value: string | number) => format(Number(value)) },
    };
    const categoryAxis = { stacked, ticks: { autoSkip: true, maxRotation: 0 } };
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((entry, index) => ({
          label: entry.label,
          data: entry.values,
          backgroundColor: SERIES_COLOURS[index % SERIES_COLOURS.length],
          borderRadius: 3,
          maxBarThickness: 36,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        plugins: {
          legend: { display: series.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}`,
            },
          },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [labels, series, horizontal, stacked, format]);
  return (
    <div className="report-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
