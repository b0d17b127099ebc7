import { BarController, BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

/**
 * chart.js with only the parts the console draws (lines and bars), registered once. Loaded by
 * dynamic import from ChartCanvas, so only the operator area ever downloads it.
 */
Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend, Filler);

export { Chart };
