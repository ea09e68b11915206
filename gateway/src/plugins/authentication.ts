import {
  AUTH_UNAVAILABLE_MESSAGE,
  forgetCallerTokenOnWrites,
  InvalidTokenError,
  jwtVerification,
  KeySetUnavailableError,
  verifyRequestToken,
  type TokenVerifier,
} from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../routing.js';

export interface AuthenticationOptions {
  verifier: TokenVerifier;
}

/**
 * Tokens are checked before a request leaves the gateway: a bad, expired or revoked one never reaches a
 * service. @fastify/jwt verifies them with identity's published keys (kit's jwtVerification). Only
 * /api/v1 requests are checked; request.user is the caller, or null.
 */
export const apiAuthentication = fp<AuthenticationOptions>(
  async (app: FastifyInstance, { verifier }) => {
    app.decorateRequest('user', null);
    await app.register(jwtVerification, { verifier });
    forgetCallerTokenOnWrites(app, verifier);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(`${API_PREFIX}/`)) return;
      try {
        request.user = (await verifyRequestToken(request, verifier)) ?? null;
      } catch (error) {
        if (error instanceof InvalidTokenError)
          return reply.code(401).send({ message: error.message, code: 'UNAUTHORIZED' });
        request.log.error(
          { err: error },
          error instanceof KeySetUnavailableError
            ? 'could not verify a token: the key set is unreachable'
            : 'could not verify a token',
        );
        return reply.code(503).send({ message: AUTH_UNAVAILABLE_MESSAGE, code: 'AUTH_UNAVAILABLE' });
      }
    });
  },
  { name: 'gateway-authentication', fastify: '5.x' },
);
