import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, notFound, unauthorized } from '../errors.js';
import { InvalidTokenError, type AuthUser, type Role, type TokenVerifier } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token)
    throw unauthorized('Authorization header must be "Bearer <token>"');
  return token;
}

/** Reads the bearer token when one is sent; a bad one is a 401 even on a public route. */
export const authentication = fp<{ verifier: TokenVerifier }>(
  async (app: FastifyInstance, { verifier }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (!token) return;
      try {
        request.user = await verifier.verify(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw unauthorized(error.message);
        throw new AppError(
          503,
          'AUTH_UNAVAILABLE',
          'Sign-in is briefly unavailable. Please try again shortly.',
        );
      }
    });
  },
  { name: 'spa-authentication' },
);

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const requireAuth: preHandlerHookHandler = async (request) => {
  currentUser(request);
};

export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async (request) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) throw forbidden();
  };
}

/**
 * For a resource that belongs to one user: its owner and the given roles may act on it. To anyone
 * else it does not exist (404, not 403), so ids cannot be probed.
 */
export function assertOwnerOr(request: FastifyRequest, ownerId: string, ...roles: Role[]): AuthUser {
  const user = currentUser(request);
  if (user.id !== ownerId && !roles.includes(user.role)) throw notFound();
  return user;
}
