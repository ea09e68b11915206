// Suite 2: schemathesis (from pip, in a venv of its own) against each service's OpenAPI through the
// gateway, once with an admin token and once signed out, bounded in time. Checks: no 5xx, responses
// match their schemas, and (a scan of the recorded HAR afterwards) every error is in the one shape.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, isErrorShape } from './lib.mjs';

const VENV = path.join(os.homedir(), '.cache', 'spa-platform', 'schemathesis');
const BIN = path.join(VENV, 'bin', 'schemathesis');

/** Installs schemathesis once (python3 -m venv + pip); answers the reason when it cannot. */
export function ensureSchemathesis() {
  if (existsSync(BIN) && spawnSync(BIN, ['--version'], { timeout: 60_000 }).status === 0) return undefined;
  console.log(`  installing schemathesis into ${VENV} (once)`);
  mkdirSync(path.dirname(VENV), { recursive: true });
  const venv = spawnSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit', timeout: 120_000 });
  if (venv.status !== 0) return 'python3 -m venv failed';
  const pip = spawnSync(path.join(VENV, 'bin', 'pip'), ['install', '--quiet', 'schemathesis'], {
    stdio: 'inherit',
    timeout: 600_000,
  });
  if (pip.status !== 0 || !existsSync(BIN)) return 'pip install schemathesis failed (no network to PyPI?)';
  return undefined;
}

/**
 * Operations left out, with the reason. Signed in as the demo admin, these would end the run's own
 * session or remove the account it runs as; the email-sending ones would flood the shared SMTP sink.
 */
/** @type {{ admin: Array<[string, string, string]>, anonymous: Array<[string, string, string]> }} */
export const EXCLUDED = {
  admin: [
    ['POST', '/auth/logout', "revokes the run's own admin token (tested by the token suite)"],
    ['DELETE', '/admin/users/{id}', 'could delete the demo admin the run signs in as (the matrix covers it)'],
    ['PUT', '/admin/users/{id}', 'could demote the demo admin the run signs in as (the matrix covers it)'],
    ['POST', '/auth/change-password', "could change the run's own password (the matrix covers it)"],
    // Identity slows sign-ins to an account that has failed ones (growing delays per address, a
    // ceiling per account), in the Redis every stack on this machine shares: replaying the emails it
    // read from /admin/users with wrong passwords would slow every later sign-in as the demo admin.
    [
      'POST',
      '/auth/login',
      'replays listed emails with wrong passwords, slowing the shared demo accounts (fuzzed signed out instead)',
    ],
    ['POST', '/auth/google', 'fuzzed signed out instead, with sign-in'],
    ['POST', '/auth/register', 'each valid case emails the shared SMTP sink (fuzzed signed out instead)'],
    ['POST', '/auth/forgot-password', 'emails the shared SMTP sink (fuzzed signed out instead)'],
    ['POST', '/auth/send-verification-email', 'emails the shared SMTP sink (the matrix covers it)'],
    [
      'GET',
      '/appointments/calendar/changes',
      'a stream of server-sent events that stays open (each case would wait out the request timeout; the matrix covers it)',
    ],
  ],
  anonymous: [],
};

const SERVICES = ['identity', 'catalogue', 'booking', 'commerce', 'billing'];

/**
 * @param {any} document an OpenAPI document
 * @param {Array<[string, string, string]>} excluded [method, path, why] of each operation left out
 */
function withoutExcluded(document, excluded) {
  const paths = structuredClone(document.paths ?? {});
  for (const [method, route] of excluded) {
    if (!paths[route]) continue;
    delete paths[route][method.toLowerCase()];
    if (!Object.keys(paths[route]).some((key) => key !== 'parameters')) delete paths[route];
  }
  return { ...document, paths };
}

/**
 * @param {string[]} args
 * @param {{ timeoutMs: number, logPath: string }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(args, { timeoutMs, logPath }) {
  return new Promise((resolve) => {
    const child = spawn(BIN, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(kill);
      writeFileSync(logPath, output);
      resolve({ code, output });
    });
  });
}

/**
 * Failures by operation from schemathesis's text summary ("<METHOD> <path>" headings under FAILURES).
 * @param {string} output
 */
function failuresFrom(output) {
  const section = output.split(/=+ FAILURES =+/)[1]?.split(/=+ (?:WARNINGS|SUMMARY) =+/)[0] ?? '';
  const found = [];
  for (const block of section.split(/_{3,} /).slice(1)) {
    const operation = /** @type {string} */ (block.split('\n')[0]).replace(/_+$/, '').trim();
    const checks = [...block.matchAll(/^\s*-\s+(.+)$/gm)]
      .map((m) => /** @type {string} */ (m[1]).trim())
      .slice(0, 3);
    found.push(`${operation}: ${checks.join('; ') || 'failed'}`);
  }
  return found;
}

/**
 * Every error answer recorded in the HAR that is not in the one error shape, by operation.
 * @param {string} harPath
 */
function errorShapeViolations(harPath) {
  if (!existsSync(harPath)) return { scanned: 0, violations: ['no HAR was written'] };
  const har = JSON.parse(readFileSync(harPath, 'utf8'));
  /** @type {Map<string, string>} */
  const violations = new Map();
  let scanned = 0;
  for (const entry of har.log?.entries ?? []) {
    const status = entry.response?.status ?? 0;
    if (status < 400) continue;
    scanned++;
    let body;
    try {
      const content = entry.response.content ?? {};
      const text =
        content.encoding === 'base64' ? Buffer.from(content.text ?? '', 'base64').toString() : content.text;
      body = JSON.parse(text ?? '');
    } catch {
      body = undefined;
    }
    if (status === 405 || isErrorShape(body)) continue;
    const url = new URL(entry.request.url);
    const key = `${entry.request.method} ${url.pathname.replace(/\/[0-9a-f-]{36}(?=\/|$)/g, '/{id}')} → ${status}`;
    violations.set(key, JSON.stringify(body ?? entry.response.content?.text ?? '').slice(0, 120));
  }
  return { scanned, violations: [...violations].map(([key, body]) => `${key} ${body}`) };
}

/**
 * @param {string} base the gateway
 * @param {Record<string, number>} servicePorts service name → port (the docs are read from the service)
 * @param {string} adminToken
 * @param {import('./lib.mjs').Verdicts} verdicts
 * @param {{ outDir: string, adminSeconds: number, anonymousSeconds: number, maxExamples: number }} budget
 */
export async function runSchemathesis(base, servicePorts, adminToken, verdicts, budget) {
  const reason = ensureSchemathesis();
  if (reason) {
    verdicts.unavailable('schemathesis', 'every service through the gateway', reason);
    return;
  }
  mkdirSync(budget.outDir, { recursive: true });
  for (const service of SERVICES) {
    const document = (await call(`http://127.0.0.1:${servicePorts[service]}`, 'GET', '/openapi.json')).json;
    for (const as of /** @type {const} */ (['admin', 'anonymous'])) {
      // The excluded operations are taken out of the document the run reads.
      const docPath = path.join(budget.outDir, `${service}-${as}.openapi.json`);
      writeFileSync(docPath, JSON.stringify(withoutExcluded(document, EXCLUDED[as])));
      const seconds = as === 'admin' ? budget.adminSeconds : budget.anonymousSeconds;
      const harPath = path.join(budget.outDir, `${service}-${as}.har`);
      const args = [
        'run',
        docPath,
        '--url',
        `${base}/api/v1`,
        '--checks',
        'not_a_server_error,response_schema_conformance',
        '--max-examples',
        String(budget.maxExamples),
        '--max-time',
        String(seconds),
        '--request-timeout',
        '15',
        '--workers',
        '1',
        '--seed',
        '8',
        '--no-shrink',
        '--generation-database',
        'none',
        '--suppress-health-check',
        'all',
        '--warnings',
        'off',
        '--report',
        'har',
        '--report-har-path',
        harPath,
        '--no-color',
        '--output-truncate',
        'true',
      ];
      if (as === 'admin') args.push('-H', `Authorization: Bearer ${adminToken}`);
      const started = Date.now();
      const { code, output } = await run(args, {
        timeoutMs: (seconds + 60) * 1000,
        logPath: path.join(budget.outDir, `${service}-${as}.log`),
      });
      const took = ((Date.now() - started) / 1000).toFixed(0);
      const failures = failuresFrom(output);
      const tested = /(\d+) (?:test cases|generated)/.exec(output)?.[1] ?? '?';
      verdicts.record(
        'schemathesis',
        `${service} as ${as}: no 5xx, responses match their schemas`,
        code === 0,
        code === 0
          ? `${tested} cases in ${took} s`
          : failures.join(' | ') || `exit ${code}; see ${service}-${as}.log`,
      );
      const { scanned, violations } = errorShapeViolations(harPath);
      verdicts.record(
        'schemathesis',
        `${service} as ${as}: every error in the one shape`,
        violations.length === 0,
        violations.length ? violations.slice(0, 8).join(' | ') : `${scanned} error answers`,
      );
    }
  }
}
