import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

export const TOKEN_ISSUER = 'spa-identity';
export const TOKEN_AUDIENCE = 'spa-platform';
export const ROLES = ['user', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface AuthUser {
  id: string;
  role: Role;
  name: string;
  email: string;
  /**
   * Whether identity had verified the email when it issued the token (claim email_verified). Data
   * kept under an email address (bills) is only shown to a token whose email is verified.
   */
  emailVerified?: boolean;
  /** The token's id, used to revoke it on sign-out. */
  tokenId: string;
  expiresAt: number;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
}

export interface VerifierOptions {
  /** Identity's published keys (production and development) ... */
  jwksUrl?: string;
  /** ... or a key set given directly (tests). */
  jwks?: JSONWebKeySet;
  /** Answers whether a token id was revoked (sign-out); checked on every request. */
  isRevoked?: (tokenId: string) => Promise<boolean>;
}

/**
 * Verifies access tokens against identity's public keys. Only identity holds the private key; every
 * other service and the gateway verify with the public half, so no shared secret exists.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  let keys: JWTVerifyGetKey;
  if (options.jwks) keys = createLocalJWKSet(options.jwks);
  else if (options.jwksUrl)
    keys = createRemoteJWKSet(new URL(options.jwksUrl), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  else throw new Error('createTokenVerifier needs jwksUrl or jwks');

  return {
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ['EdDSA', 'ES256'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw new InvalidTokenError('Your session has expired. Please sign in again.');
        throw new InvalidTokenError('Invalid token');
      }
      const role = payload.role as Role;
      if (!payload.sub || !payload.jti || !ROLES.includes(role)) throw new InvalidTokenError('Invalid token');
      if (options.isRevoked && (await options.isRevoked(payload.jti))) {
        throw new InvalidTokenError('This session has been signed out. Please sign in again.');
      }
      return {
        id: payload.sub,
        role,
        name: String(payload.name ?? ''),
        email: String(payload.email ?? ''),
        emailVerified: payload.email_verified === true,
        tokenId: payload.jti,
        expiresAt: payload.exp ?? 0,
      };
    },
  };
}

export const revokedTokenKey = (tokenId: string) => `auth:revoked:${tokenId}`;
