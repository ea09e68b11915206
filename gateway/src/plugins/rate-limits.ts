import rateLimit from '@fastify/rate-limit';
import type { Redis } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SharedRateLimiter } from '../api-rate-limit.js';
import type { GatewayConfig } from '../config.js';
import { API_PREFIX, isUnder, PASSWORD_PATHS, SENSITIVE_AUTH_PATHS } from '../routing.js';

export interface RateLimitsOptions {
  config: Pick<GatewayConfig, 'rateLimit'>;
  redis: Redis;
}

/**
 * Per-address limits on /api/v1, keyed on request.ip (TRUSTED_PROXIES decides it): sign-in and
 * password requests against a Redis count per request, every API request against the shared
 * RATE_LIMIT_MAX a minute (SharedRateLimiter), with its x-ratelimit-* headers.
 */
export const rateLimits = fp<RateLimitsOptions>(
  async (app: FastifyInstance, { config, redis }) => {
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'gateway-rl:',
      skipOnError: true,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        code: 'RATE_LIMITED',
      }),
    });
    const apiLimiter = new SharedRateLimiter(redis, {
      max: config.rateLimit.max,
      windowMs: 60_000,
      flushMs: config.rateLimit.flushMs,
      keyPrefix: 'gateway-rl:api:',
    });
    apiLimiter.start();
    app.addHook('onClose', async () => apiLimiter.stop());
    const authLimit = app.rateLimit({
      max: config.rateLimit.authMax,
      timeWindow: '1 minute',
      keyGenerator: (request) => `auth:${request.ip}`,
    });
    const passwordLimit = app.rateLimit({
      max: config.rateLimit.passwordMax,
      timeWindow: '10 minutes',
      keyGenerator: (request) => `password:${request.ip}`,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(`${API_PREFIX}/`)) return;
      const path = request.url.slice(API_PREFIX.length);
      if (request.method === 'POST' && isUnder(path, SENSITIVE_AUTH_PATHS))
        await authLimit.call(app, request, reply);
      else if (request.method !== 'GET' && isUnder(path, PASSWORD_PATHS))
        await passwordLimit.call(app, request, reply);
      if (reply.sent) return;
      const verdict = apiLimiter.hit(request.ip);
      const resetSeconds = Math.ceil(verdict.resetInMs / 1000);
      reply.header('x-ratelimit-limit', verdict.limit);
      reply.header('x-ratelimit-remaining', verdict.remaining);
      reply.header('x-ratelimit-reset', resetSeconds);
      if (!verdict.allowed)
        return reply
          .code(429)
          .header('retry-after', resetSeconds)
          .send({
            message: `Too many requests. Please wait ${resetSeconds} seconds and try again.`,
            code: 'RATE_LIMITED',
          });
    });
  },
  { name: 'gateway-rate-limits', fastify: '5.x' },
);
