import type { FastifyInstance } from 'fastify';
import type { SigningKey } from '../use-cases/signing-keys.js';

/** The public half of the signing key, for the gateway and every service to verify tokens with. */
export function jwksRoutes(signingKey: SigningKey) {
  return (app: FastifyInstance) => {
    app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(signingKey.jwks),
    );
  };
}
