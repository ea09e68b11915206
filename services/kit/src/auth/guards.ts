import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, notFound, unauthorized } from '../errors.js';
import { isWriteMethod } from '../http/methods.js';
import {
  InvalidTokenError,
  KeySetUnavailableError,
  tokenFailure,
  TOKEN_VERIFY_OPTIONS,
  type AuthUser,
  type JwtHeader,
  type Role,
  type TokenVerifier,
} from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Record<string, unknown>;
    // The verified caller, as the kit's hook sets it (@fastify/jwt's own result goes to jwtClaims).
    user: AuthUser | null;
  }
}

export const BEARER_FORMAT_MESSAGE = 'Authorization header must be "Bearer <token>"';
export const AUTH_UNAVAILABLE_MESSAGE = 'Sign-in is briefly unavailable. Please try again shortly.';

/** The bearer token of a request; undefined without an Authorization header, InvalidTokenError for any other scheme. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new InvalidTokenError(BEARER_FORMAT_MESSAGE);
  return token;
}

/**
 * @fastify/jwt, set up for identity's tokens: the key comes from identity's JWKS through the
 * verifier's key resolver (the token header's kid and alg pick it), fast-jwt checks the signature,
 * algorithm, issuer, audience and expiry. Register once per app; then verifyRequestToken.
 */
export const jwtVerification = fp<{ verifier: TokenVerifier }>(
  async (app: FastifyInstance, { verifier }) => {
    await app.register(fastifyJwt, {
      secret: {
        public: async (_request: FastifyRequest, tokenOrHeader: unknown) => {
          const decoded = tokenOrHeader as { header?: JwtHeader } & JwtHeader;
          return verifier.publicKeyFor(decoded.header ?? decoded);
        },
      },
      decode: { complete: true },
      verify: {
        ...TOKEN_VERIFY_OPTIONS,
        extractToken: (request: FastifyRequest) => bearerToken(request),
      },
      // request.user is the kit's AuthUser; @fastify/jwt keeps the raw payload here.
      decoratorName: 'jwtClaims',
    });
  },
  { name: 'spa-jwt-verification' },
);

/**
 * The caller of a request with a bearer token, verified by @fastify/jwt and then the kit's checks
 * (subject, token id, role, revocation). Undefined without a token. Throws InvalidTokenError (401)
 * or KeySetUnavailableError (503).
 */
export async function verifyRequestToken(
  request: FastifyRequest,
  verifier: TokenVerifier,
): Promise<AuthUser | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  let payload = verifier.verifiedClaims(token);
  if (!payload) {
    try {
      payload = await request.jwtVerify<Record<string, unknown>>();
    } catch (error) {
      throw tokenFailure(error);
    }
    verifier.rememberClaims(token, payload);
  }
  return verifier.authUser(payload);
}

/**
 * Before the answer to a caller's write leaves, forget what this process remembers of the caller's
 * token being live: the write may have been its sign-out (or anything else that revokes it), and the
 * caller's next request, sent the moment this answer arrives, must not beat the revocation message
 * (see rememberingRevocationCheck). A map delete per write; reads keep their remembered answer.
 */
export function forgetCallerTokenOnWrites(app: FastifyInstance, verifier: TokenVerifier): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && isWriteMethod(request.method))
      verifier.forgetRevocationAnswers([request.user.tokenId]);
    done(null, payload);
  });
}

/**
 * Reads the bearer token when one is sent; a bad one is a 401 even on a public route. With
 * `forgetCallerOnWrites` (the default) a write's caller is asked of Redis again on their next request.
 */
export const authentication = fp<{ verifier: TokenVerifier; forgetCallerOnWrites?: boolean }>(
  async (app: FastifyInstance, { verifier, forgetCallerOnWrites = true }) => {
    app.decorateRequest('user', null);
    await app.register(jwtVerification, { verifier });
    if (forgetCallerOnWrites) forgetCallerTokenOnWrites(app, verifier);
    app.addHook('onRequest', async (request) => {
      try {
        request.user = (await verifyRequestToken(request, verifier)) ?? null;
      } catch (error) {
        if (error instanceof InvalidTokenError) throw unauthorized(error.message);
        if (error instanceof KeySetUnavailableError)
          request.log.error({ err: error }, 'could not verify a token: the key set is unreachable');
        else request.log.error({ err: error }, 'could not verify a token');
        throw new AppError(503, 'AUTH_UNAVAILABLE', AUTH_UNAVAILABLE_MESSAGE);
      }
    });
  },
  { name: 'spa-authentication' },
);

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const requireAuth: preHandlerHookHandler = (request, _reply, done) => {
  currentUser(request);
  done();
};

export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return (request, _reply, done) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) throw forbidden();
    done();
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
