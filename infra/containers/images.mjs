#!/usr/bin/env node
// `npm run images`: builds every image of the product from its real Dockerfile (the six services, the
// gateway with the SPA, the SPA on its own, the payment sandbox), after the base images they start FROM
// (bases.mjs; built here, pulled on a Docker host). The build context is the repository root.
//   npm run images [-- name...]     e.g. npm run images -- gateway billing
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../local/env.mjs';
import { ensureBases } from './bases.mjs';
import { externalDockerHost, podmanStreaming } from './engine.mjs';

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
export const imageTag = (name) => `spa-platform/${name}:latest`;

export async function buildImages(names = Object.keys(IMAGES), { log = console.log } = {}) {
  const root = repoRoot();
  if (externalDockerHost()) {
    throw new Error('a Docker host is configured: build with `docker compose build` there');
  }
  await ensureBases(['node'], { log });
  const timings = [];
  for (const name of names) {
    const dockerfile = IMAGES[name];
    if (!dockerfile || !existsSync(path.join(root, dockerfile))) throw new Error(`unknown image "${name}"`);
    const started = Date.now();
    log(`\n▸ image ${imageTag(name)} (${dockerfile})`);
    await podmanStreaming(
      ['build', '--pull=never', '--format=docker', '--layers', '-f', dockerfile, '-t', imageTag(name), '.'],
      { cwd: root },
    );
    timings.push([name, Date.now() - started]);
  }
  log(`\n${timings.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(0)} s`).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  await buildImages(names.length ? names : undefined);
}
