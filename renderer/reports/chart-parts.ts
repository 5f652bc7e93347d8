/**
 * The parts of chart.js the Reports draw, and only those: bar charts on a
 * category and a linear axis, with legend and tooltips. Named imports let the
 * bundler leave out every other chart type, scale and plugin (chart.js/auto
 * would register them all); bar-chart.ts loads this module on first use.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
