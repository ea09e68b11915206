#!/usr/bin/env node
// `npm run images`: builds every image of the product from its real Dockerfile (the six services, the
// gateway with the SPA, the SPA on its own, the payment sandbox), after the base images they start FROM
// (bases.mjs; built here, pulled on a Docker host). The build context is the repository root.
//   npm run images [-- name...]     e.g. npm run images -- gateway billing
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../local/env.mjs';
import { cacheDir } from '../local/lib/paths.mjs';
import { ensureBases } from './bases.mjs';
import { buildUlimitArgs, externalDockerHost, podmanStreaming } from './engine.mjs';

/** Image name (as docker-compose.yml names it) -> Dockerfile, relative to the repository root. */
export const IMAGES = {
  identity: 'services/identity/Dockerfile',
  catalogue: 'services/catalogue/Dockerfile',
  booking: 'services/booking/Dockerfile',
  commerce: 'services/commerce/Dockerfile',
  billing: 'services/billing/Dockerfile',
  notification: 'services/notification/Dockerfile',
  gateway: 'gateway/Dockerfile',
  'razorpay-sandbox': 'infra/docker/razorpay-sandbox.Dockerfile',
  web: 'web/Dockerfile',
};

// The names docker-compose.yml gives the images it builds, so `compose up` finds them built.
export const imageTag = (/** @type {string} */ name) => `spa-platform/${name}:latest`;

/**
 * The build context: the checkout's files as git sees them (tracked, and new files not ignored), linked
 * into a folder of their own. The same files as the repository root minus what .gitignore keeps out
 * (node_modules, dist, .data), and .dockerignore still applies on top; but the engine no longer walks
 * half a gigabyte of node_modules for every COPY (about 20 s per image here). Outside a git checkout,
 * the repository root itself.
 * @param {string} root
 */
function buildContext(root) {
  let listing;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return root;
  }
  const context = path.join(cacheDir(), 'images', `context-${process.pid}`);
  rmSync(context, { recursive: true, force: true });
  for (const file of listing.split('\0').filter(Boolean)) {
    const source = path.join(root, file);
    if (!existsSync(source)) continue; // deleted in the working tree
    const target = path.join(context, file);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target); // another filesystem
    }
  }
  return context;
}

/** How many times an image's build is tried before the image fails (see buildEach). */
const BUILD_ATTEMPTS = 3;

/**
 * @param {string[]} [names]
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function buildImages(names = Object.keys(IMAGES), { log = console.log } = {}) {
  const root = repoRoot();
  if (externalDockerHost()) {
    throw new Error('a Docker host is configured: build with `docker compose build` there');
  }
  await ensureBases(['node'], { log });
  /** @type {Array<[string, number]>} */
  const timings = [];
  const context = buildContext(root);
  try {
    await buildEach();
  } finally {
    if (context !== root) rmSync(context, { recursive: true, force: true });
  }
  log(`\n${timings.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(0)} s`).join(', ')}`);

  async function buildEach() {
    for (const name of names) {
      const dockerfile = /** @type {Record<string, string | undefined>} */ (IMAGES)[name];
      if (!dockerfile || !existsSync(path.join(root, dockerfile))) throw new Error(`unknown image "${name}"`);
      const started = Date.now();
      log(`\n▸ image ${imageTag(name)} (${dockerfile})`);
      // npm ci reaches the registry over the network, and a connection reset mid-download
      // (ECONNRESET) fails its step. --layers keeps every step that finished, so another attempt
      // resumes at the one that failed; a real error in a Dockerfile fails every attempt alike.
      for (let attempt = 1; ; attempt++) {
        try {
          await podmanStreaming(
            // --jobs=2: a Dockerfile's build stage (CPU) and its prod-deps stage (npm ci: network and
            // disk) do not depend on each other, so they run side by side.
            [
              'build',
              '--pull=never',
              '--format=docker',
              '--layers',
              '--jobs=2',
              ...buildUlimitArgs(),
              '-f',
              dockerfile,
              '-t',
              imageTag(name),
              '.',
            ],
            { cwd: context },
          );
          break;
        } catch (error) {
          if (attempt >= BUILD_ATTEMPTS) throw error;
          log(`\n▸ image ${imageTag(name)}: ${String(error)}; attempt ${attempt + 1} of ${BUILD_ATTEMPTS}`);
        }
      }
      timings.push([name, Date.now() - started]);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  await buildImages(names.length ? names : undefined);
}
