import { defineConfig } from 'vitest/config';

// Three kinds of tests, run by `npm test` in this order: unit (no I/O), integration (real Postgres,
// Kafka, Redis and SMTP sink) and browser (Chromium through the gateway).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{packages,services,gateway,proto,infra}/**/src/**/*.spec.ts',
            'web/src/**/*.spec.{ts,tsx}',
          ],
          environment: 'node',
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
