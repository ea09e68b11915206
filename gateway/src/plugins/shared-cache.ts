import { isWriteMethod } from '@spa/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { countCacheLookup } from '../cache-lookups.js';
import { isCompressible, preferredEncoding, varyWithEncoding } from '../compression.js';
import { API_PREFIX, resolveService } from '../routing.js';
import {
  encodedBody,
  isSharedCacheable,
  type CachedResponse,
  type SharedResponseCache,
} from '../shared-cache.js';

export interface SharedCacheOptions {
  /** Filled by the upstream proxy (anonymous reads marked s-maxage) and the server render. */
  cache: SharedResponseCache;
}

/**
 * Answers from a kept answer (shared or private): its headers, 304 for a matching tag, the body
 * compressed as asked (once per encoding for the life of the entry, not on every hit).
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  reply.headers(cached.headers).header('x-cache', 'HIT');
  const compressible = isCompressible(cached.headers['content-type'], cached.body.length);
  if (compressible) reply.header('vary', varyWithEncoding(cached.headers.vary));
  const wanted = request.headers['if-none-match'];
  if (wanted && cached.headers.etag && wanted.split(',').some((tag) => tag.trim() === cached.headers.etag))
    return reply.code(304).send();
  const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.code(200).send(cached.body);
  return reply.code(200).header('content-encoding', encoding).send(encodedBody(cached, encoding));
}

/**
 * Anonymous /api/v1 reads a service marked shareable (s-maxage) are answered from memory while
 * fresh; a write that went through forgets what its service's cached reads said.
 */
export const sharedCache = fp<SharedCacheOptions>(
  (app: FastifyInstance, { cache }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(`${API_PREFIX}/`) || !isSharedCacheable(request)) return;
      const cached = cache.get(request.url);
      countCacheLookup('shared', cached !== undefined);
      if (!cached) return;
      return sendCachedAnswer(request, reply, cached);
    });
    // A write that went through here may change what that service's cached reads say (another replica's
    // copies age out within their s-maxage). Only that service's: emptying the whole cache on every
    // sign-in, cart change or booking left anonymous visitors nothing cached under mixed traffic.
    app.addHook('onResponse', async (request, reply) => {
      if (!isWriteMethod(request.method) || reply.statusCode >= 400) return;
      const service = request.url.startsWith(`${API_PREFIX}/`)
        ? resolveService(request.url.slice(API_PREFIX.length))
        : undefined;
      if (service) cache.forget(service);
      else cache.clear();
    });
  },
  { name: 'gateway-shared-cache', fastify: '5.x' },
);
