import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { declaresOversizeBody } from '../body-limit.js';

/** A body larger than the service accepts is refused here, before any of it is proxied. */
export const bodyLimit = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (declaresOversizeBody(request.url, request.headers['content-length']))
        return reply.code(413).send({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    });
  },
  { name: 'gateway-body-limit', fastify: '5.x' },
);
