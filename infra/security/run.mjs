#!/usr/bin/env node
// npm run test:security — the platform under attack, on throwaway stacks of the built services:
//   1. the permission matrix over every route (expectations.mjs), 2. schemathesis through the gateway,
//   3. token tampering, bodies, upload traversal, markup in free text (SPA, PDF, email), headers and
//      CSP, and the sign-in / password-reset rate limits at their real configured counts,
//   4. npm audit of the production dependencies,
//   5. hostile values (huge and non-finite numbers, long strings, deep bodies) on every route.
// Prints a verdict per check, writes .data/security/summary.json and exits 1 on any FAIL.
// Options: --only=matrix,schemathesis,attacks,xss,hostile,limits,audit   (default: all)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELAXED_RATE_LIMITS, startThrowawayStack } from '../local/throwaway-stack.mjs';
import {
  checkExpiredToken,
  checkRateLimits,
  checkSignInThrottle,
  checkTrustedProxies,
  runAttacks,
  TRUSTED_PROXY,
} from './attacks.mjs';
import { runAudit } from './audit.mjs';
import { createFixtures } from './fixtures.mjs';
import { runHostile } from './hostile.mjs';
import { Verdicts } from './lib.mjs';
import { runMatrix } from './matrix.mjs';
import { EXCLUDED, runSchemathesis } from './schemathesis.mjs';
import { runXss } from './xss.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.join(repoRoot, '.data', 'security');
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (/** @type {string} */ suite) => !only || only.includes(suite);
const SERVICE_OFFSETS = { identity: 1, catalogue: 2, booking: 3, commerce: 4, billing: 5, notification: 6 };
/** The whole run is bounded: past this, the stacks are stopped and the run fails. */
const RUN_BUDGET_MS = 10 * 60_000;

function buildWhatIsMissing() {
  const entries = [
    ...Object.keys(SERVICE_OFFSETS).map((name) => `services/${name}/dist/main.js`),
    'gateway/dist/main.js',
    'infra/razorpay-sandbox/dist/main.js',
    'web/dist/index.html',
  ];
  const missing = entries.filter((entry) => !existsSync(path.join(repoRoot, entry)));
  if (!missing.length) return;
  console.log(`building (missing: ${missing.join(', ')})`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', timeout: 600_000 });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/**
 * @param {Parameters<typeof startThrowawayStack>[0]} options
 * @param {(stack: import('../local/throwaway-stack.mjs').ThrowawayStack) => Promise<void>} work
 */
async function withStack(options, work) {
  const stack = await startThrowawayStack(options);
  try {
    return await work(stack);
  } finally {
    await stack.dispose();
  }
}

/**
 * @param {Verdicts} verdicts
 * @param {string} name
 * @param {() => Promise<unknown>} work
 */
async function suite(verdicts, name, work) {
  console.log(`\n== ${name}`);
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    verdicts.record(
      name,
      'the suite ran to the end',
      false,
      error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' ') : String(error),
    );
  }
  console.log(`   (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

async function main() {
  const started = Date.now();
  const verdicts = new Verdicts();
  mkdirSync(outDir, { recursive: true });
  const deadline = setTimeout(() => {
    console.error(`the security run passed its ${RUN_BUDGET_MS / 60_000}-minute budget`);
    process.exitCode = 1;
  }, RUN_BUDGET_MS);
  deadline.unref();
  buildWhatIsMissing();
  /** @type {Awaited<ReturnType<typeof runMatrix>>} */
  let matrixRows = [];

  if (['matrix', 'attacks', 'xss', 'hostile', 'schemathesis'].some(wanted)) {
    console.log('starting a throwaway stack (relaxed rate limits) for the matrix, attacks and schemathesis');
    // Relaxed limits here: the matrix and schemathesis would trip the real ones; those are checked on
    // a stack of their own below.
    await withStack({ name: 'security', env: { ...RELAXED_RATE_LIMITS } }, async (stack) => {
      console.log(`  gateway ${stack.url}, logs ${stack.logDir}`);
      // Only for the suites that use them: the hostile suite signs in by itself, from an address of its own.
      const fixtures = /** @type {Awaited<ReturnType<typeof createFixtures>>} */ (
        ['matrix', 'attacks', 'xss', 'schemathesis'].some(wanted)
          ? await createFixtures(stack.url)
          : undefined
      );
      if (wanted('matrix'))
        await suite(
          verdicts,
          'matrix',
          async () => (matrixRows = await runMatrix(stack.url, fixtures, verdicts)),
        );
      if (wanted('attacks'))
        await suite(verdicts, 'attacks', () =>
          runAttacks(stack.url, fixtures, verdicts, {
            serviceUrls: Object.fromEntries(
              Object.entries(SERVICE_OFFSETS).map(([name, offset]) => [
                name,
                `http://127.0.0.1:${stack.portBase + offset}`,
              ]),
            ),
          }),
        );
      if (wanted('xss')) await suite(verdicts, 'xss', () => runXss(stack.url, fixtures, verdicts));
      // After the suites that read the fixtures: its plausible bodies create and change records.
      if (wanted('hostile')) await suite(verdicts, 'hostile', () => runHostile(stack.url, verdicts));
      // Last on this stack: fuzzing changes and deletes records the other suites use.
      if (wanted('schemathesis'))
        await suite(verdicts, 'schemathesis', () =>
          runSchemathesis(
            stack.url,
            Object.fromEntries(
              Object.entries(SERVICE_OFFSETS).map(([name, offset]) => [name, stack.portBase + offset]),
            ),
            fixtures.sessions.admin.token,
            verdicts,
            {
              outDir: path.join(outDir, 'schemathesis'),
              adminSeconds: 30,
              anonymousSeconds: 10,
              maxExamples: 40,
            },
          ),
        );
    });
  }

  if (wanted('limits')) {
    console.log(
      '\nstarting a throwaway stack (identity only, the real rate limits, 4-second tokens, a trusted proxy)',
    );
    const previous = process.env.STACK_SERVICES;
    process.env.STACK_SERVICES = 'identity';
    try {
      const env = { ACCESS_TOKEN_TTL: '4', TRUSTED_PROXIES: TRUSTED_PROXY };
      await withStack({ name: 'securitylimits', env }, async (stack) => {
        await suite(verdicts, 'rate-limits', () => checkRateLimits(stack.url, repoRoot, verdicts));
        await suite(verdicts, 'proxies', () => checkTrustedProxies(stack.url, repoRoot, verdicts));
        await suite(verdicts, 'throttle', () => checkSignInThrottle(stack.url, verdicts));
        await suite(verdicts, 'tokens (expiry)', () => checkExpiredToken(stack.url, verdicts));
      });
    } finally {
      if (previous === undefined) delete process.env.STACK_SERVICES;
      else process.env.STACK_SERVICES = previous;
    }
  }

  if (wanted('audit')) await suite(verdicts, 'audit', async () => void runAudit(repoRoot, verdicts));

  const counts = { PASS: 0, FAIL: 0, UNAVAILABLE: 0 };
  for (const { verdict } of verdicts.list) counts[verdict]++;
  console.log('\nverdicts');
  for (const { suite: name, check, verdict, detail } of verdicts.list)
    console.log(
      `  ${verdict.padEnd(11)} ${name.padEnd(13)} ${check}${verdict !== 'PASS' && detail ? `\n              ${detail.slice(0, 400)}` : ''}`,
    );
  const seconds = Math.round((Date.now() - started) / 1000);
  const summary = {
    finishedAt: new Date().toISOString(),
    seconds,
    counts,
    verdicts: verdicts.list,
    schemathesisExcluded: EXCLUDED,
    matrix: matrixRows,
  };
  writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\nsecurity: ${counts.PASS} passed, ${counts.FAIL} failed, ${counts.UNAVAILABLE} unavailable in ${seconds} s (.data/security/summary.json)`,
  );
  if (counts.FAIL > 0 || seconds * 1000 > RUN_BUDGET_MS) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
