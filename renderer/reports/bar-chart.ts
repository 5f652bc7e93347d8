/**
 * Bar charts with chart.js, loaded with import() the first time a chart is
 * drawn, so the app's start does not pay for it; the chunk holds only the
 * parts a bar chart needs (chart-parts.ts). chart.js draws on a canvas and sizes it through
 * CSSOM (element.style), which the CSP allows; it injects no style sheet.
 * Colours come from the app's CSS variables, read when a chart is drawn,
 * so charts follow the light and dark theme.
 */
import type { Chart, ChartEvent, ActiveElement } from 'chart.js';
import type * as ChartParts from './chart-parts.ts';

interface BarSeries {
  label: string;
  data: number[];
  /** A CSS colour or a `--variable` of the app's style sheet. */
  color: string;
}

interface BarChartSpec {
  labels: string[];
  series: BarSeries[];
  stacked: boolean;
  /** Bars along the y axis (long category names read better). */
  horizontal?: boolean;
  /** A bar was clicked: which series and which category. */
  onBar(seriesIndex: number, labelIndex: number): void;
}

export type ChartModule = typeof ChartParts;
let loading: Promise<ChartModule> | undefined;

/** chart.js, once, with only the bar chart's parts (chart-parts.ts: nothing else is in the chunk). */
export function loadChartJs(): Promise<ChartModule> {
  loading ??= import('./chart-parts.ts');
  return loading;
}

function cssColor(style: CSSStyleDeclaration, value: string): string {
  return value.startsWith('--') ? style.getPropertyValue(value).trim() || '#888888' : value;
}

/** Draws at once with the loaded module (see loadChartJs), so two draws never race for one canvas. */
export function drawBarChart(
  { Chart }: ChartModule,
  canvas: HTMLCanvasElement,
  spec: BarChartSpec,
): Chart<'bar'> {
  const style = getComputedStyle(canvas);
  const text = cssColor(style, '--lanes-fg');
  const muted = cssColor(style, '--lanes-muted');
  const grid = cssColor(style, '--lanes-border');
  const font = { family: cssColor(style, '--lanes-font') || 'system-ui' };
  const valueAxis = {
    stacked: spec.stacked,
    beginAtZero: true,
    ticks: { color: muted, precision: 0, font },
    grid: { color: grid },
  };
  // Every type name is shown along a horizontal chart (skipping some would leave bars unnamed).
  const categoryAxis = {
    stacked: spec.stacked,
    ticks: { color: text, font, autoSkip: !spec.horizontal },
    grid: { display: false },
  };
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series) => ({
        label: series.label,
        data: series.data,
        backgroundColor: cssColor(style, series.color),
        borderColor: cssColor(style, '--lanes-bg'),
        borderWidth: spec.stacked ? 1 : 0,
      })),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      // Charts appear at once: an animation would only delay the numbers (and the user's click).
      animation: false,
      scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        legend: {
          display: spec.series.length > 1,
          labels: { color: text, font: { ...font, size: 11 }, boxWidth: 12, padding: 8 },
        },
        tooltip: { enabled: true },
      },
      onHover: (event: ChartEvent, active: ActiveElement[]) => {
        const target = event.native?.target as HTMLElement | undefined;
        if (target) target.style.cursor = active.length > 0 ? 'pointer' : 'default';
      },
      onClick: (_event: ChartEvent, active: ActiveElement[]) => {
        const bar = active[0];
        if (bar) spec.onBar(bar.datasetIndex, bar.index);
      },
    },
  });
}
