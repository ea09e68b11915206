// The knee of a journey: the first load step where the platform stops keeping up. Any of: errors start,
// throughput stops following the offered load (the generator had to drop journeys: as many as it may run
// at once were still running because answers came too slowly, or fewer journeys were done than offered),
// or p99 jumps (at least doubles and grows by 20 ms or more from the step before).

const DROPPED_SHARE = 0.02;
const DONE_SHARE = 0.9;
const P99_FACTOR = 2;
const P99_MIN_GROWTH_MS = 20;

/**
 * @param {Array<{ step: number, offered: number, errors: number, droppedShare: number,
 *   offeredIterationsPerSecond: number, achievedIterationsPerSecond: number,
 *   latencyMs: { p99: number | null } }>} steps
 * @returns {{ step: number | null, offered: number | null, reasons: string[] }}
 */
export function findKnee(steps) {
  for (let index = 0; index < steps.length; index++) {
    const step = /** @type {(typeof steps)[number]} */ (steps[index]);
    const reasons = [];
    if (step.errors > 0) reasons.push(`errors start (${step.errors})`);
    if (step.droppedShare > DROPPED_SHARE)
      reasons.push(
        `throughput stops following the offered load (${Math.round(step.droppedShare * 100)}% of journeys dropped)`,
      );
    else if (step.achievedIterationsPerSecond < DONE_SHARE * step.offeredIterationsPerSecond)
      reasons.push(
        `throughput stops following the offered load (${step.achievedIterationsPerSecond} of ${step.offeredIterationsPerSecond} journeys/s done)`,
      );
    const previous = steps[index - 1]?.latencyMs.p99;
    const p99 = step.latencyMs.p99;
    if (previous && p99 && p99 >= P99_FACTOR * previous && p99 - previous >= P99_MIN_GROWTH_MS)
      reasons.push(`p99 jumps (${previous} → ${p99} ms)`);
    if (reasons.length > 0) return { step: step.step, offered: step.offered, reasons };
  }
  return { step: null, offered: null, reasons: [] };
}
