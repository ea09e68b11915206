import { isWriteMethod, type Redis } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countCacheLookup } from '../cache-lookups.js';
import type { PrivateResponseCache } from '../private-cache.js';
import { API_PREFIX } from '../routing.js';
import { sendCachedAnswer } from './shared-cache.js';

export interface PrivateCacheOptions {
  /** Filled by the upstream proxy with the signed-in reads a service marked (x-spa-private-cache). */
  cache: PrivateResponseCache;
  /** Carries each write's "forget this user" to the other replicas. */
  redis: Redis;
}

/** The Redis channel on which the gateway replicas tell each other whose answers to forget. */
const PRIVATE_CACHE_FORGET_CHANNEL = 'gateway:private-cache:forget';

/**
 * Signed-in /api/v1 reads answered from the caller's own kept answers (private-cache.ts). Registered
 * after authentication: request.user is the verified, unrevoked caller, and the only key. A write by
 * a signed-in user forgets that user's answers before it is forwarded and again, on every replica,
 * before its answer goes out, so the writer's next read is fresh wherever it lands.
 */
export const privateCache = fp<PrivateCacheOptions>(
  (app: FastifyInstance, { cache, redis }, done) => {
    const subscriber = redis.duplicate({ connectionName: 'gateway-private-cache' });
    subscriber.on('message', (_channel: string, userId: string) => cache.forgetUser(userId));
    subscriber.subscribe(PRIVATE_CACHE_FORGET_CHANNEL).catch((error: unknown) => {
      app.log.warn({ err: error }, 'private cache: not subscribed to forgets (answers age out instead)');
    });
    app.addHook('onClose', (_app, closed) => {
      subscriber.disconnect();
      closed();
    });
    const forgetEverywhere = async (userId: string) => {
      cache.forgetUser(userId);
      await redis.publish(PRIVATE_CACHE_FORGET_CHANNEL, userId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'private cache: a forget did not reach the other replicas');
      });
    };

    app.addHook('onRequest', async (request, reply) => {
      const user = request.user;
      if (!user || !request.url.startsWith(`${API_PREFIX}/`)) return;
      if (isWriteMethod(request.method)) {
        cache.forgetUser(user.id);
        return;
      }
      if (request.method !== 'GET') return;
      const cached = cache.get(user.id, request.url);
      countCacheLookup('private', cached !== undefined);
      if (cached) return sendCachedAnswer(request, reply, cached);
      cache.begin(request);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.user && isWriteMethod(request.method) && request.url.startsWith(`${API_PREFIX}/`))
        await forgetEverywhere(request.user.id);
      return payload;
    });
    done();
  },
  { name: 'gateway-private-cache', fastify: '5.x' },
);
