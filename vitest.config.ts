import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three kinds of tests, run by `npm test` in this order: unit (no I/O), integration (real Postgres,
// Kafka, Redis and SMTP sink) and browser (Chromium through the gateway).
export default defineConfig({
  test: {
    // Only the unit project runs in threads: by default vitest keeps one core for itself, which on a
    // two-core machine left a single worker collecting 160 files one after another. The thread pool
    // reads `isolate` from here, the root, not from the project: with it only in the project below,
    // every file still got a fresh worker that imported @spa/kit's whole graph again (64 s, 55 of them
    // collecting); with it here, one worker keeps its modules across files (8–13 s).
    poolOptions: {
      threads: { maxThreads: Math.max(2, availableParallelism() - 1), minThreads: 1, isolate: false },
      // Integration files spend most of their time waiting on Postgres, Kafka and the services they
      // start, so on a two-core machine the default (cores − 1: one file at a time) left the CPU idle.
      // Each file has its own databases and topics, so files may overlap.
      forks: { maxForks: Math.max(3, availableParallelism() + 1), minForks: 1 },
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{packages,services,gateway,proto,infra}/**/src/**/*.spec.ts',
            'web/src/**/*.spec.{ts,tsx}',
          ],
          environment: 'node',
          // Unit tests do no I/O and reset what they change: one worker runs many files without being
          // rebuilt, and reuses the modules (@spa/kit, fastify, react...) they have already imported
          // (the runner reads this project's `isolate` to skip resetting modules between files).
          // Checked with the files in five shuffled orders (`--sequence.shuffle.files`).
          pool: 'threads',
          isolate: false,
          poolOptions: { threads: { isolate: false } },
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            '{services,gateway}/**/test/**/*.test.ts',
            'infra/razorpay-sandbox/test/**/*.test.ts',
            'infra/deploy/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'infra/ops/**/*.test.ts',
          ],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.ts'],
          globalSetup: ['web/e2e/global-setup.mjs'],
          // A page under a loaded CI machine can take seconds to fetch and render; poll that long.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
