import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readinessRoute } from './readiness.js';

describe('the gateway /readyz', () => {
  it('is ready until the replica starts draining, then 503 so the balancer stops sending', async () => {
    const lifecycle = { draining: false };
    const app = Fastify();
    await app.register(readinessRoute, { lifecycle });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    lifecycle.draining = true;
    const draining = await app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    await app.close();
  });
});
