import { createBaseApp, createLogger } from '@spa/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../security.js';
import { securityHeaders } from './security-headers.js';

const app = createBaseApp({ logger: createLogger('security-headers-spec', 'silent') });

beforeAll(async () => {
  await app.register(securityHeaders, {
    config: {
      csp: { scriptSrc: ['https://accounts.example'], frameSrc: [], connectSrc: [], styleSrc: [] },
    },
  });
  app.get('/page', (_request, reply) => reply.send('page'));
  app.get('/own-policy', async (_request, reply) =>
    reply.header('content-security-policy', "script-src 'sha256-abc'").send('docs'),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('the security headers plugin', () => {
  it('sends the security headers and the SPA policy with its configured origins on every answer', async () => {
    for (const url of ['/page', '/nowhere']) {
      const response = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers[name]).toBe(value);
      expect(response.headers['content-security-policy']).toContain(
        "script-src 'self' https://accounts.example",
      );
      expect(response.headers['content-security-policy']).toContain("frame-src 'none'");
    }
  });

  it('leaves an answer that brings its own policy (the docs page) with that policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/own-policy' });
    expect(response.headers['content-security-policy']).toBe("script-src 'sha256-abc'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
