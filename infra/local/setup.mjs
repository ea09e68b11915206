#!/usr/bin/env node
// Installs the Debian packages the local platform needs, and only those that
// are missing. Fast no-op when everything is present; `infra.mjs up` calls
// ensureSystemPackages() first.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { isMainModule } from './lib/main.mjs';
import { NODE_VERSION, projectNodeBinDir } from './node.mjs';
import {
  commandPath,
  installedDebianPackages,
  isRoot,
  javaMajorVersion,
  MIN_JAVA_MAJOR,
  MIN_POSTGRES_MAJOR,
  postgresBinDir,
} from './lib/system.mjs';

// Debian package -> a command that also proves it is there (e.g. built by hand).
const PACKAGES = {
  'redis-server': 'redis-server',
  chromium: 'chromium',
  'poppler-utils': 'pdftoppm',
  'fonts-noto-core': null,
  'fonts-dejavu-core': null,
  // The container engine (infra/containers: images, compose, the tests' infrastructure): podman with
  // runc (crun refuses these machines' hybrid cgroups), its network stack (netavark, aardvark-dns for
  // names between containers, iptables for published ports: recommends, so named here) and debootstrap
  // for the local Debian base.
  podman: 'podman',
  runc: 'runc',
  // The load balancer of the replicated fleet run (npm run test:fleet).
  haproxy: 'haproxy',
  netavark: null,
  'aardvark-dns': null,
  iptables: 'iptables',
  debootstrap: 'debootstrap',
};

const JAVA_PACKAGES = ['openjdk-17-jre-headless', 'default-jre-headless'];

export class SetupError extends Error {}

/**
 * What is missing, as { need, packages } entries; cheap enough to run on every `up`.
 * @returns {Array<{ need: string, packages: string[], java?: boolean }>}
 */
export function missingRequirements() {
  /** @type {Array<{ need: string, packages: string[], java?: boolean }>} */
  const missing = [];
  const installed = installedDebianPackages(Object.keys(PACKAGES));
  for (const [name, command] of Object.entries(PACKAGES)) {
    if (!installed.has(name) && !(command && commandPath(command))) {
      missing.push({ need: name, packages: [name] });
    }
  }
  if (!postgresBinDir()) {
    missing.push({ need: `PostgreSQL ${MIN_POSTGRES_MAJOR}+ server`, packages: ['postgresql'] });
  }
  if (javaMajorVersion() < MIN_JAVA_MAJOR) {
    missing.push({
      need: `Java ${MIN_JAVA_MAJOR}+`,
      packages: [/** @type {string} */ (JAVA_PACKAGES[0])],
      java: true,
    });
  }
  if (!commandPath('mvn')) missing.push({ need: 'Maven', packages: ['maven'] });
  return missing;
}

/**
 * @param {string[]} args
 */
function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new SetupError(`cannot run apt-get: ${result.error.message}`);
  if (result.status !== 0) {
    throw new SetupError(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/**
 * @param {string} name
 */
function hasInstallCandidate(name) {
  const result = spawnSync('apt-cache', ['policy', name], { encoding: 'utf8' });
  const candidate = result.stdout?.match(/Candidate:\s*(\S+)/)?.[1];
  return Boolean(candidate && candidate !== '(none)');
}

// Newer Debian releases no longer ship Java 17; take their default JRE there.
function availableJavaPackage() {
  return /** @type {string} */ (JAVA_PACKAGES.find(hasInstallCandidate) ?? JAVA_PACKAGES[0]);
}

/**
 * Installs whatever is missing. Returns the packages installed (empty when
 * nothing was needed). Throws SetupError when not root and something is missing.
 */
export function ensureSystemPackages({ log = console.log } = {}) {
  const missing = missingRequirements();
  if (missing.length === 0) return [];

  const packages = missing.flatMap((entry) => entry.packages);
  const needs = missing.map((entry) => entry.need).join(', ');
  if (!isRoot()) {
    throw new SetupError(
      `missing: ${needs}\nInstall them as root with:\n` +
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`,
    );
  }

  log(`installing missing system packages (${needs})`);
  aptGet(['update']);
  const toInstall = missing.flatMap((entry) => (entry.java ? [availableJavaPackage()] : entry.packages));
  // Slim images lack this directory and the JRE's postinst fails without it.
  if (missing.some((entry) => entry.java)) mkdirSync('/usr/share/man/man1', { recursive: true });
  aptGet(['install', '-y', '--no-install-recommends', ...toInstall]);

  const stillMissing = missingRequirements().map((entry) => entry.need);
  if (stillMissing.length > 0)
    throw new SetupError(`still missing after install: ${stillMissing.join(', ')}`);
  return toInstall;
}

if (isMainModule(import.meta.url)) {
  try {
    const installed = ensureSystemPackages();
    console.log(`node ${NODE_VERSION}: ${projectNodeBinDir()}`);
    console.log(installed.length ? `installed: ${installed.join(' ')}` : 'system packages: all present');
  } catch (error) {
    console.error(`setup: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
