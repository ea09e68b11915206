import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBaseApp, createLogger } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedResponseCache } from '../shared-cache.js';
import { webApp } from './web-app.js';
import { UNREACHABLE_UPSTREAMS } from './unreachable-upstreams.spec-support.js';

// A built web app without its server entry (no dist-ssr beside it): the public pages are the shell.
const webDist = mkdtempSync(join(tmpdir(), 'web-app-spec-'));
const shell = '<!doctype html><html><head><title>Spa</title></head><body><div id="root"></div></body></html>';
const apps: FastifyInstance[] = [];

async function appServing(dist: string) {
  const app = createBaseApp({ logger: createLogger('web-app-spec', 'silent') });
  apps.push(app);
  await app.register(webApp, {
    config: {
      webDist: dist,
      appUrl: 'https://spa.example',
      enabledServices: [],
      upstreamTimeoutMs: 1_000,
      upstreams: UNREACHABLE_UPSTREAMS,
      csp: { scriptSrc: [], styleSrc: [], connectSrc: [], frameSrc: [] },
    },
    cache: new SharedResponseCache(10),
  });
  await app.ready();
  return app;
}

let built: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), shell);
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
  built = await appServing(webDist);
  unbuilt = await appServing(join(webDist, 'missing'));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web app plugin', () => {
  it('keeps hashed assets for a year and has every other file revalidated, both keyed on Accept-Encoding', async () => {
    const asset = await built.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toBe('Accept-Encoding');
    const icon = await built.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers.vary).toBe('Accept-Encoding');
  });

  it('answers any other page path with the app, and a public page with its shell when nothing renders it', async () => {
    const page = await built.inject({ method: 'GET', url: '/my-appointments/a-1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(shell);
    const home = await built.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-ssr']).toBe('shell');
    expect(home.body).toBe(shell);
  });

  it('answers every page with a JSON 404 saying so when the web app is not built', async () => {
    for (const url of ['/', '/store', '/my-appointments']) {
      const response = await unbuilt.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        message: 'The web app is not built yet. Run npm run build.',
        code: 'NOT_FOUND',
      });
    }
  });
});
