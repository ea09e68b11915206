// The chart of `npm run bench`: latency (p50, p95, p99, log scale) against the achieved load, one panel a
// journey, the knee marked. A self-contained HTML page (inline SVG, no scripts, no external assets) and
// a PNG of it taken with the system Chromium (as the billing service renders its PDFs).
import { pathToFileURL } from 'node:url';

const WIDTH = 420;
const HEIGHT = 300;
const MARGIN = { top: 36, right: 18, bottom: 46, left: 56 };
const SERIES = /** @type {const} */ ([
  { key: 'p50', colour: '#4c8c6b' },
  { key: 'p95', colour: '#c28a2c' },
  { key: 'p99', colour: '#b4493f' },
]);

/**
 * One load step of a journey, as bench.mjs reports it (the fields the chart draws).
 * @typedef {{ step: number, offered: number, achievedRequestsPerSecond: number, errors: number,
 *   latencyMs: { p50: number, p95: number, p99: number } }} ChartStep
 */
/** @typedef {{ name: string, unit: string, steps: ChartStep[], knee: { step: number | null } }} ChartJourney */

/** @param {unknown} text */
const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (char) =>
      /** @type {string} */ (
        /** @type {Record<string, string>} */ ({
          '&': '&amp;',
          '<': '&lt;',
          '>': '&gt;',
          '"': '&quot;',
          "'": '&#39;',
        })[char]
      ),
  );

/**
 * @param {number} value
 */
function niceMax(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * The knee's label, on the side of its line where it fits.
 * @param {number} at
 * @param {string} text
 */
function kneeLabel(at, text) {
  const right = at > WIDTH / 2;
  return `<text x="${right ? at - 4 : at + 4}" y="${MARGIN.top + 10}" class="note" text-anchor="${right ? 'end' : 'start'}">${escape(text)}</text>`;
}

/**
 * @param {ChartJourney} journey
 */
function panel(journey) {
  const steps = journey.steps.filter((step) => step.latencyMs.p50);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const xMax = niceMax(Math.max(1, ...steps.map((step) => step.achievedRequestsPerSecond)));
  const latencies = steps.flatMap((step) => SERIES.map(({ key }) => step.latencyMs[key] ?? 1));
  const yMin = 1;
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(10, ...latencies)));
  const x = (/** @type {number} */ value) => MARGIN.left + (value / xMax) * innerWidth;
  const y = (/** @type {number} */ value) =>
    MARGIN.top +
    innerHeight -
    ((Math.log10(Math.max(yMin, value)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) *
      innerHeight;
  /** @type {string[]} */
  const parts = [];
  for (let decade = yMin; decade <= yMax; decade *= 10) {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(decade)}" y2="${y(decade)}" class="grid"/>`,
      `<text x="${MARGIN.left - 6}" y="${y(decade) + 4}" class="tick" text-anchor="end">${decade >= 1000 ? `${decade / 1000} s` : `${decade} ms`}</text>`,
    );
  }
  for (let tick = 0; tick <= 4; tick++) {
    const value = (xMax / 4) * tick;
    parts.push(
      `<text x="${x(value)}" y="${HEIGHT - MARGIN.bottom + 16}" class="tick" text-anchor="middle">${Math.round(value)}</text>`,
    );
  }
  if (journey.name === 'browse') {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(50)}" y2="${y(50)}" class="target"/>`,
      `<text x="${WIDTH - MARGIN.right - 4}" y="${y(50) - 4}" class="note" text-anchor="end">target p99 50 ms at 300 req/s</text>`,
    );
  }
  const knee = journey.steps.find((step) => step.step === journey.knee.step);
  if (knee) {
    parts.push(
      `<line x1="${x(knee.achievedRequestsPerSecond)}" x2="${x(knee.achievedRequestsPerSecond)}" y1="${MARGIN.top}" y2="${HEIGHT - MARGIN.bottom}" class="knee"/>`,
      kneeLabel(x(knee.achievedRequestsPerSecond), `knee (${knee.offered} ${journey.unit} offered)`),
    );
  }
  for (const { key, colour } of SERIES) {
    const points = steps.map(
      (step) => `${x(step.achievedRequestsPerSecond).toFixed(1)},${y(step.latencyMs[key]).toFixed(1)}`,
    );
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const step of steps)
      parts.push(
        `<circle cx="${x(step.achievedRequestsPerSecond).toFixed(1)}" cy="${y(step.latencyMs[key]).toFixed(1)}" r="3" fill="${step.errors > 0 ? '#fff' : colour}" stroke="${colour}" stroke-width="1.5"><title>${escape(`${key} ${step.latencyMs[key]} ms at ${step.achievedRequestsPerSecond} req/s (${step.offered} ${journey.unit} offered, ${step.errors} errors)`)}</title></circle>`,
      );
  }
  // The legend sits in the title row, clear of the knee's label.
  SERIES.forEach(({ key, colour }, index) =>
    parts.push(
      `<rect x="${WIDTH - MARGIN.right - 150 + index * 52}" y="13" width="10" height="3" fill="${colour}"/>`,
      `<text x="${WIDTH - MARGIN.right - 136 + index * 52}" y="18" class="tick">${key}</text>`,
    ),
  );
  return `<figure><svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escape(journey.name)} latency against load">
<text x="${MARGIN.left}" y="20" class="title">${escape(journey.name)}</text>
<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${MARGIN.top}" y2="${HEIGHT - MARGIN.bottom}" class="axis"/>
<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${HEIGHT - MARGIN.bottom}" y2="${HEIGHT - MARGIN.bottom}" class="axis"/>
${parts.join('\n')}
<text x="${MARGIN.left + innerWidth / 2}" y="${HEIGHT - 8}" class="label" text-anchor="middle">achieved requests/s through the gateway</text>
</svg></figure>`;
}

/**
 * @param {{ generatedAt: string, quick: boolean, stepSeconds: number, generator: string,
 *   machine: { cores: number, loadAverageAtStart: number[] }, journeys: Record<string, ChartJourney> }} summary
 */
export function renderChart(summary) {
  const journeys = Object.values(summary.journeys);
  const subtitle = `${summary.generatedAt.slice(0, 16).replace('T', ' ')} UTC · ${summary.machine.cores} cores (load average ${/** @type {number} */ (summary.machine.loadAverageAtStart[0]).toFixed(2)} at start) · ${summary.stepSeconds} s steps${summary.quick ? ' (quick run)' : ''} · ${summary.generator}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>npm run bench: latency against load</title>
<style>
body { margin: 0; padding: 20px 24px; font: 13px system-ui, sans-serif; color: #2d2a26; background: #fbf8f3; }
h1 { font-size: 18px; margin: 0 0 4px; font-weight: 600; }
p { margin: 0 0 12px; color: #6b655d; }
.panels { display: flex; gap: 12px; flex-wrap: wrap; }
figure { margin: 0; background: #fff; border: 1px solid #e6dfd3; border-radius: 8px; }
.grid { stroke: #eee7dc; } .axis { stroke: #8d857a; }
.tick { font-size: 11px; fill: #6b655d; } .label { font-size: 11px; fill: #4a453f; }
.title { font-size: 14px; font-weight: 600; fill: #2d2a26; } .note { font-size: 10px; fill: #8d857a; }
.target { stroke: #b4493f; stroke-dasharray: 2 3; } .knee { stroke: #6b655d; stroke-dasharray: 5 4; }
</style></head>
<body><h1>Latency against load, through the gateway (npm run bench)</h1>
<p>${escape(subtitle)}. Each point is one load step; hollow points had errors. Sign-in and the payment provider are left out of the latencies.</p>
<div class="panels">${journeys.map(panel).join('\n')}</div>
</body></html>
`;
}

/**
 * A PNG of the chart page, through puppeteer-core and the system Chromium (CHROMIUM_PATH).
 * @param {string} htmlFile
 * @param {string} pngFile
 */
export async function screenshot(htmlFile, pngFile) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    timeout: 30_000,
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1340, height: 420, deviceScaleFactor: 2 });
    await page.goto(pathToFileURL(htmlFile).href, { waitUntil: 'load', timeout: 30_000 });
    await page.screenshot({ path: pngFile, fullPage: true });
  } finally {
    await browser.close();
  }
}
