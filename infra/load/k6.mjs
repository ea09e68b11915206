// k6, the load generator of `npm run bench` and `npm run bench:booking`: built from the Go module proxy
// with `go install` into ~/.cache/spa-platform/k6 the first time it is needed (about 3 minutes on a
// 2-core machine), then reused. K6_BIN points at another k6 instead.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const K6_MODULE = 'go.k6.io/k6@latest';
export const k6CacheDir = path.join(homedir(), '.cache', 'spa-platform', 'k6');

/**
 * The path of a k6 binary, building it once when the cache has none.
 * @returns {string}
 */
export function k6Binary() {
  const fromEnv = process.env.K6_BIN;
  if (fromEnv) return fromEnv;
  const binary = path.join(k6CacheDir, 'k6');
  if (existsSync(binary)) return binary;
  console.log(`building k6 from the Go module proxy (go install ${K6_MODULE}), once...`);
  execFileSync('go', ['install', K6_MODULE], {
    env: { ...process.env, GOBIN: k6CacheDir },
    stdio: 'inherit',
    timeout: 15 * 60_000,
  });
  if (!existsSync(binary)) throw new Error(`go install ${K6_MODULE} did not leave ${binary}`);
  return binary;
}

/**
 * The version line of a k6 binary, e.g. "k6 v1.8.1 (go1.26.8, linux/amd64)".
 * @param {string} binary
 * @returns {string}
 */
export function k6Version(binary) {
  return execFileSync(binary, ['version'], { encoding: 'utf8', timeout: 10_000 }).trim();
}
