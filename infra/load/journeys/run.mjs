// One journey of `npm run bench` at its load steps, in a process of its own (so that its CPU is counted
// apart and the orchestrator's scraping does not share its event loop): `node run.mjs <plan.json>`,
// spawned by bench.mjs with an IPC channel. It fetches what the journey needs, tells the parent
// { type: 'started' } when the steps' clock starts, and sends { type: 'summary', steps } at the end.
import { readFile } from 'node:fs/promises';
import { closeClient } from '../client.mjs';
import { closeGenerator, runSteps } from '../open-model.mjs';
import * as browse from './browse.mjs';
import * as booking from './booking.mjs';
import * as checkout from './checkout.mjs';

/**
 * What bench.mjs asks for: a journey, its steps (journeys a minute), how long each lasts, the gap after
 * each for the journeys begun in it to finish, and how many journeys may run at once.
 * @typedef {{ journey: 'browse' | 'booking' | 'checkout', perMinute: number[], stepSeconds: number,
 *   gapSeconds: number, maxConcurrent: number, data: import('./common.mjs').BenchData }} Plan
 */

const JOURNEYS = { browse, booking, checkout };

/**
 * @param {unknown} message
 */
const tell = (message) =>
  new Promise((resolve, reject) => {
    if (!process.send) throw new Error('run.mjs is started by bench.mjs, with an IPC channel');
    process.send(message, (/** @type {Error | null} */ error) =>
      error ? reject(error) : resolve(undefined),
    );
  });

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node run.mjs <plan.json>');
  /** @type {Plan} */
  const plan = JSON.parse(await readFile(file, 'utf8'));
  const journey = /** @type {typeof booking} */ (JOURNEYS[plan.journey]);
  if (!journey) throw new Error(`no journey ${plan.journey}`);
  const prepared = /** @type {any} */ (await journey.setup(plan.data));
  closeClient();
  await tell({ type: 'started' });
  const steps = await runSteps({
    steps: plan.perMinute.map((perMinute, index) => ({
      name: `step${index + 1}`,
      perMinute,
      seconds: plan.stepSeconds,
      startSeconds: index * (plan.stepSeconds + plan.gapSeconds),
      graceSeconds: plan.gapSeconds,
    })),
    maxConcurrent: plan.maxConcurrent,
    journey: (context) => journey.run(context, plan.data, prepared),
  });
  closeGenerator();
  await tell({ type: 'summary', steps });
  process.disconnect?.();
}

await main();
