// Facts about the machine: installed commands, packages, PostgreSQL and Java.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

export const MIN_POSTGRES_MAJOR = 15;
export const MIN_JAVA_MAJOR = 17;

export const isRoot = () => process.getuid?.() === 0;

/**
 * Absolute path of an executable on PATH, or null.
 * @param {string} name
 */
export function commandPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * The subset of `packages` that dpkg reports as installed (one dpkg call).
 * @param {string[]} packages
 */
export function installedDebianPackages(packages) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Package}\t${db:Status-Status}\n', ...packages], {
    encoding: 'utf8',
  });
  // dpkg-query exits 1 when some names are unknown but still lists the rest.
  /** @type {Set<string>} */
  const installed = new Set();
  for (const line of (result.stdout ?? '').split('\n')) {
    const [name, status] = line.split('\t');
    if (status === 'installed')
      installed.add(/** @type {string} */ (/** @type {string} */ (name).split(':')[0]));
  }
  return installed;
}

const POSTGRES_TOOLS = ['postgres', 'initdb', 'pg_ctl', 'psql', 'pg_isready'];

/** Newest /usr/lib/postgresql/<major>/bin holding a server of MIN_POSTGRES_MAJOR or later. */
export function postgresBinDir() {
  const root = process.env.SPA_PG_ROOT || '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .map(Number)
    .filter((major) => major >= MIN_POSTGRES_MAJOR)
    .sort((a, b) => b - a);
  for (const major of majors) {
    const bin = path.join(root, String(major), 'bin');
    if (POSTGRES_TOOLS.every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return null;
}

export function javaCommand() {
  const fromHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin', 'java');
  if (fromHome && existsSync(fromHome)) return fromHome;
  return commandPath('java');
}

/** @param {string} version */
const majorOf = (version) => {
  const [first, second] = version.split('.').map(Number);
  return /** @type {number} */ (first === 1 ? second : first); // "1.8.0_392" is Java 8
};

/** Major version of `java`, read from the JDK's release file (no JVM start), or 0. */
export function javaMajorVersion(java = javaCommand()) {
  if (!java) return 0;
  const binDir = path.dirname(realpathSync(java));
  for (const release of [path.join(binDir, '..', 'release'), path.join(binDir, '..', '..', 'release')]) {
    const match = existsSync(release) && readFileSync(release, 'utf8').match(/^JAVA_VERSION="([^"]+)"/m);
    if (match) return majorOf(/** @type {string} */ (match[1]));
  }
  const output = spawnSync(java, ['-version'], { encoding: 'utf8' }).stderr ?? '';
  const match = output.match(/version "([^"]+)"/);
  return match ? majorOf(/** @type {string} */ (match[1])) : 0;
}
