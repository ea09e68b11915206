import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createBaseApp } from './app.js';

// Left to Fastify, a path parameter longer than the router's maxParamLength is answered with its own
// body { error, code, message, statusCode }, outside the one error shape (schemathesis sends such paths).
describe('errors the router raises before any route', () => {
  const app = createBaseApp({ logger: createLogger('kit-spec', 'silent') });
  app.get('/tokens/:token', (request) => request.params);

  it('answers an over-long path parameter with 414 in the one error shape', async () => {
    const response = await app.inject({ method: 'GET', url: `/tokens/${'0'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
    expect(response.json<{ code: string }>().code).toBe('FST_ERR_MAX_PARAM_LENGTH');
  });

  it('answers a malformed URL with 400 in the one error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/tokens/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
  });

  it('still routes a parameter within the limit', async () => {
    const response = await app.inject({ method: 'GET', url: `/tokens/${'a'.repeat(150)}` });
    expect(response.statusCode).toBe(200);
  });
});
