// npm run bench:events — outbox -> relay -> Kafka -> idempotent consumer, at a fixed offered load.
// Each event is one producing transaction (a domain row and its outbox row); the consumer records
// the effect with its inbox row. Lag is from the producing transaction to the consumer's commit.
// As deployed, producer (with its relay) and consumer are separate processes with their own databases.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testInfra, uniqueName } from '../src/testing/index.js';
import { createProbeWorld } from '../test/fixtures/probe-world.js';

const rate = Number(process.env.BENCH_RATE ?? 1000); // events per second offered
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const tickMs = 10;
const maxInFlight = 256;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const world = await createProbeWorld('bench');
world.startRelay();
const consumerScript = fileURLToPath(new URL('../test/fixtures/consumer-process.ts', import.meta.url));
const consumerProcess = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    consumerScript,
    world.consumerDbUrl,
    testInfra.kafkaBrokers.join(','),
    world.topic,
    uniqueName('bench-consumer'),
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
// Warm-up, excluded from the figures: the consumer group joins, the producer's pool opens its
// connections and the JIT compiles the hot path, as in a service that has been running a while.
const WARMUP_EVENTS = 2_000;
await Promise.all(Array.from({ length: 20 }, () => world.producer.pool.query('select 1')));
for (let batch = 0; batch < WARMUP_EVENTS; batch += 50) {
  await Promise.all(Array.from({ length: 50 }, (_, index) => world.recordProbe('warmup', batch + index)));
}
while ((await world.effects()).length < WARMUP_EVENTS)
  await new Promise((resolve) => setTimeout(resolve, 50));

const total = rate * seconds;
let issued = 0;
let inFlight = 0;
let dropped = 0;
const started = Date.now();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
    while (issued < due) {
      if (inFlight >= maxInFlight) {
        dropped += due - issued; // the producer side could not keep up with the offered load
        issued = due;
        break;
      }
      const sequence = ++issued;
      inFlight++;
      void world.recordProbe(`key-${sequence % 64}`, sequence).finally(() => inFlight--);
    }
    if (issued >= total) {
      clearInterval(timer);
      resolve();
    }
  }, tickMs);
});
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
const produceSeconds = (Date.now() - started) / 1000;
const written = total - dropped;

const drainDeadline = Date.now() + 60_000;
let effects = await world.effects();
while (effects.length < written + WARMUP_EVENTS && Date.now() < drainDeadline) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  effects = await world.effects();
}
const totalSeconds = (Date.now() - started) / 1000;
const lags = effects
  .filter((row) => row.probe_id !== 'warmup')
  .map((row) => Number(row.lag_ms))
  .sort((a, b) => a - b);
const consumed = lags.length;

const result = {
  offeredRate: rate,
  seconds,
  written,
  droppedByProducer: dropped,
  consumed,
  producedPerSecond: Math.round(written / produceSeconds),
  consumedPerSecond: Math.round(consumed / totalSeconds),
  lagMs: {
    p50: percentile(lags, 50),
    p95: percentile(lags, 95),
    p99: percentile(lags, 99),
    max: lags.at(-1),
  },
};
console.log('\nbench:events — outbox → relay → Kafka → consumer (inbox), one node, this machine');
console.log(
  `  offered load        ${rate} events/s for ${seconds} s (${total} events, after ${WARMUP_EVENTS} warm-up events)`,
);
console.log(`  written             ${written} (${dropped} not offered: producer saturated)`);
console.log(
  `  consumed            ${consumed} (${consumed === written ? 'all' : `MISSING ${written - consumed}`})`,
);
console.log(
  `  throughput          ${result.producedPerSecond} events/s produced, ${result.consumedPerSecond} events/s end to end`,
);
console.log(
  `  lag                 p50 ${result.lagMs.p50} ms, p95 ${result.lagMs.p95} ms, p99 ${result.lagMs.p99} ms, max ${result.lagMs.max} ms`,
);
const pass = consumed === written && dropped === 0 && result.lagMs.p99 < 500;
console.log(`  target              1000 events/s with lag p99 < 500 ms: ${pass ? 'MET' : 'NOT MET'}`);
console.log(JSON.stringify(result));
consumerProcess.kill('SIGTERM');
await new Promise((resolve) => consumerProcess.once('exit', resolve));
await world.close();
process.exit(0);
