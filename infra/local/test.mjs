// `npm test`: unit, integration (real Postgres, Kafka, Redis, SMTP sink) and browser tests (Chromium
// through a throwaway stack on its own ports and fresh databases). The infrastructure comes from
// containers started for this run through testcontainers (infra/containers/test-infra.mjs) on ports the
// engine picks, so it runs beside `npm start` or another checkout and leaves nothing running;
// SPA_TEST_INFRA=local uses the local runner's (infra/local) instead. Builds what the browser tests serve.
// Runs on Node 24 (node.mjs). Ends with one "N passed, N failed" line.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDir, repoRoot } from './env.mjs';
import { runOnProjectNode } from './node.mjs';

await runOnProjectNode();

const root = repoRoot();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const resultsDir = path.join(dataDir(), 'test-results');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const projects = only.length ? only : ['unit', 'integration', 'browser'];
const needsInfra = projects.some((project) => project !== 'unit');
const infraMode = process.env.SPA_TEST_INFRA === 'local' ? 'local' : 'containers';

/**
 * The parts of vitest's JSON report (--reporter=json) this runner reads.
 * @typedef {object} VitestJsonReport
 * @property {number} numPassedTests
 * @property {number} numFailedTests
 * @property {number} numPendingTests
 * @property {number} numTodoTests
 * @property {number} numFailedTestSuites
 * @property {Array<{ name: string, status: string, message?: string,
 *   assertionResults: Array<{ status: string, fullName: string, failureMessages?: string[] }> }>} testResults
 */

/** What to undo on the way out (containers, the engine's socket), in reverse order, once. */
/** @type {Array<() => unknown>} */
const cleanups = [];
let cleaning = null;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  })());
/** @type {import('node:child_process').ChildProcess | null} */
let running = null;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.once(signal, () => {
    running?.kill(signal);
    void cleanUp().finally(() => process.exit(130));
  });
}

const testEnv = { ...process.env };
if (needsInfra && infraMode === 'containers') {
  const started = Date.now();
  console.log('━━ test infrastructure (containers) ━━');
  const { openTestEngine } = await import('../containers/test-engine.mjs');
  const engine = await openTestEngine();
  cleanups.push(engine.stop);
  Object.assign(process.env, engine.env);
  const { startTestInfra } = await import('../containers/test-infra.mjs');
  const infra = await startTestInfra().catch(async (error) => {
    await cleanUp();
    throw error;
  });
  cleanups.push(infra.stop);
  Object.assign(testEnv, engine.env, infra.env);
  console.log(`${infra.describe()}; ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} else if (needsInfra) {
  execFileSync(process.execPath, [path.join(root, 'infra/local/infra.mjs'), 'up'], {
    cwd: root,
    stdio: 'inherit',
  });
}
if (projects.includes('browser') && !process.argv.includes('--no-build')) {
  execFileSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
const failures = [];
for (const project of projects) {
  console.log(`\n━━ ${project} tests ━━`);
  const outputFile = path.join(resultsDir, `${project}.json`);
  const run = await runVitest(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      project,
      // Browser journeys share one stack and two cores: one file at a time keeps them steady.
      ...(project === 'browser' ? ['--no-file-parallelism'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...testEnv, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  let projectFailed = 0;
  if (existsSync(outputFile)) {
    /** @type {VitestJsonReport} */
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed += report.numPassedTests;
    projectFailed = report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A file that fails to load counts as a failure even though it ran no test.
    if (report.numFailedTestSuites > 0 && projectFailed === 0) projectFailed = report.numFailedTestSuites;
    failures.push(...describeFailures(project, report));
  }
  // A run that failed outside any test (a setup error) still counts once.
  if (run.status !== 0 && projectFailed === 0) projectFailed = 1;
  failed += projectFailed;
  if (run.status !== 0) exitCode = 1;
}
// Repeated at the very end, so a CI log cut to its last lines still names what failed and why.
if (failures.length) console.log(`\nfailed:\n${failures.join('\n')}`);
await cleanUp();
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));

/**
 * spawnSync's answer ({ status }), without blocking the signal handlers that stop the containers.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 * @returns {Promise<{ status: number }>}
 */
function runVitest(command, args, options) {
  return new Promise((resolve) => {
    running = spawn(command, args, options);
    running.on('exit', (status, signal) => {
      running = null;
      resolve({ status: status ?? (signal ? 1 : 0) });
    });
  });
}

/**
 * One line per failed test (or file that failed to load): project, file, name, first line of the error.
 * @param {string} project
 * @param {VitestJsonReport} report
 */
function describeFailures(project, report) {
  const firstLine = (/** @type {unknown[] | undefined} */ messages) =>
    String(messages?.[0] ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? '';
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length === 0 && file.status === 'failed')
      return [`  ${project} ${where}: ${firstLine([file.message])}`];
    return failedTests.map(
      (test) => `  ${project} ${where} › ${test.fullName}: ${firstLine(test.failureMessages)}`,
    );
  });
}
