import { KeyObject, type webcrypto } from 'node:crypto';
import { createVerifier, TokenError } from 'fast-jwt';
import type { RevocationCheck } from './revocation.js';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

export const TOKEN_ISSUER = 'spa-identity';
export const TOKEN_AUDIENCE = 'spa-platform';
export const ROLES = ['user', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The signature algorithms identity signs with (EdDSA today; ES256 kept for a key rotation). */
export const TOKEN_ALGORITHMS = ['EdDSA', 'ES256'] as const;

/**
 * What the verifiers (fast-jwt, under @fastify/jwt in the HTTP apps) check besides the signature:
 * algorithm, issuer, audience, expiry and not-before (no clock tolerance). A token that passed is
 * remembered by its SHA-256 until it expires or for a minute, whichever comes first (fast-jwt's cache;
 * failures are not remembered), so a signed-in customer's signature is checked once a minute per
 * process instead of on every request: the EdDSA check is the largest single cost of a signed-in read
 * on the gateway. Revocation is still asked on every request (authUser).
 */
export const TOKEN_VERIFY_OPTIONS = {
  algorithms: [...TOKEN_ALGORITHMS],
  allowedIss: TOKEN_ISSUER,
  allowedAud: TOKEN_AUDIENCE,
  cache: 10_000,
  cacheTTL: 60_000,
};

export const EXPIRED_TOKEN_MESSAGE = 'Your session has expired. Please sign in again.';
export const INVALID_TOKEN_MESSAGE = 'Invalid token';
export const REVOKED_TOKEN_MESSAGE = 'This session has been signed out. Please sign in again.';

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
  /**
   * Every claim of the verified token, including ones this kit does not know (a newer identity may
   * add claims; they are carried through, never refused). Read a new claim from here until AuthUser
   * names it.
   */
  claims?: Readonly<Record<string, unknown>>;
}

/** The token is not acceptable (bad signature, expired, revoked, malformed): a 401. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Identity's key set could not be fetched, so no token can be checked now: a 503, not a 401. */
export class KeySetUnavailableError extends Error {
  override name = 'KeySetUnavailableError';
}

export interface JwtHeader {
  alg?: unknown;
  kid?: unknown;
}

export interface TokenVerifier {
  /** Verifies a token outside a request (signature, claims, role, revocation). */
  verify(token: string): Promise<AuthUser>;
  /**
   * The public key (PEM) a token's header names, from identity's key set: the key resolver given to
   * @fastify/jwt. InvalidTokenError when no published key matches; KeySetUnavailableError when the
   * set cannot be fetched.
   */
  publicKeyFor(header: JwtHeader): Promise<string>;
  /**
   * The claims of a token this verifier has already verified, while they hold (until the token's
   * expiry, at most a minute after the check), or undefined; rememberClaims records a verified one.
   * A request's token is then decoded and its signature checked once a minute per process rather
   * than on every request; authUser (role, revocation) still runs every time.
   */
  verifiedClaims(token: string): Record<string, unknown> | undefined;
  rememberClaims(token: string, claims: Record<string, unknown>): void;
  /**
   * The checks after the signature, issuer, audience and expiry: a subject, a token id, a known role,
   * and not revoked. Unknown extra claims are kept in `claims`.
   */
  authUser(payload: Record<string, unknown>): Promise<AuthUser>;
  /** Drops any remembered "not revoked" answer about these token ids (RevocationCheck.forget). */
  forgetRevocationAnswers(tokenIds: readonly string[]): void;
}

export interface VerifierOptions {
  /** Identity's published keys (production and development) ... */
  jwksUrl?: string;
  /** ... or a key set given directly (tests). */
  jwks?: JSONWebKeySet;
  /** Answers whether a token id was revoked (sign-out); checked on every request. */
  isRevoked?: RevocationCheck;
}

const NOT_A_KEY_PROBLEM = [
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JOSENotSupported,
  joseErrors.JWKInvalid,
];

/**
 * Verifies access tokens against identity's public keys. Only identity holds the private key; every
 * other service and the gateway verify with the public half, so no shared secret exists. The HTTP
 * apps verify through @fastify/jwt (see guards.ts) with publicKeyFor as its key resolver; verify()
 * runs the same fast-jwt checks for callers outside a request.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  let keySet: JWTVerifyGetKey;
  if (options.jwks) keySet = createLocalJWKSet(options.jwks);
  else if (options.jwksUrl)
    keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  else throw new Error('createTokenVerifier needs jwksUrl or jwks');

  // jose hands back the same key object while its cache holds the set; its PEM is made once.
  const pemOf = new WeakMap<object, string>();

  async function publicKeyFor(header: JwtHeader): Promise<string> {
    const { alg, kid } = header;
    if (typeof alg !== 'string' || !(TOKEN_ALGORITHMS as readonly string[]).includes(alg))
      throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
    if (kid !== undefined && typeof kid !== 'string') throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
    let key: webcrypto.CryptoKey | KeyObject;
    try {
      key = (await keySet({ alg, kid }, { payload: '', signature: '' })) as webcrypto.CryptoKey | KeyObject;
    } catch (error) {
      if (NOT_A_KEY_PROBLEM.some((type) => error instanceof type))
        throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
      throw new KeySetUnavailableError(`identity's key set could not be fetched: ${String(error)}`, {
        cause: error,
      });
    }
    let pem = pemOf.get(key);
    if (!pem) {
      const keyObject = key instanceof KeyObject ? key : KeyObject.from(key);
      pem = keyObject.export({ type: 'spki', format: 'pem' }).toString();
      pemOf.set(key, pem);
    }
    return pem;
  }

  async function authUser(payload: Record<string, unknown>): Promise<AuthUser> {
    const { sub, jti, role, exp } = payload;
    if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti)
      throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
    if (!(ROLES as readonly unknown[]).includes(role)) throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
    if (options.isRevoked && (await options.isRevoked(jti)))
      throw new InvalidTokenError(REVOKED_TOKEN_MESSAGE);
    return {
      id: sub,
      role: role as Role,
      name: typeof payload.name === 'string' ? payload.name : '',
      email: typeof payload.email === 'string' ? payload.email : '',
      emailVerified: payload.email_verified === true,
      tokenId: jti,
      expiresAt: typeof exp === 'number' ? exp : 0,
      claims: Object.freeze({ ...payload }),
    };
  }

  const verifySignature = createVerifier({
    ...TOKEN_VERIFY_OPTIONS,
    key: async ({ header }: { header: JwtHeader }) => publicKeyFor(header),
  });

  const verified = new Map<string, { claims: Record<string, unknown>; until: number }>();
  const MAX_VERIFIED = 10_000;
  const REMEMBER_MS = 60_000;

  return {
    publicKeyFor,
    authUser,
    forgetRevocationAnswers(tokenIds) {
      options.isRevoked?.forget?.(tokenIds);
    },
    verifiedClaims(token) {
      const entry = verified.get(token);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.claims;
      verified.delete(token);
      return undefined;
    },
    rememberClaims(token, claims) {
      const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
      const until = Math.min(exp, Date.now() + REMEMBER_MS);
      if (until <= Date.now()) return;
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, until });
    },
    async verify(token) {
      let payload: Record<string, unknown>;
      try {
        payload = (await verifySignature(token)) as Record<string, unknown>;
      } catch (error) {
        throw tokenFailure(error);
      }
      return authUser(payload);
    },
  };
}

/**
 * One meaning for every verification failure, whichever layer raised it (fast-jwt, @fastify/jwt or
 * the key resolver): an unavailable key set stays that, an expired token says so, anything else is
 * an invalid token.
 */
export function tokenFailure(error: unknown): InvalidTokenError | KeySetUnavailableError {
  if (error instanceof InvalidTokenError || error instanceof KeySetUnavailableError) return error;
  const cause = (error as { originalError?: unknown }).originalError;
  if (cause instanceof InvalidTokenError || cause instanceof KeySetUnavailableError) return cause;
  const code = (error as { code?: unknown }).code;
  if (code === TokenError.codes.expired || code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED')
    return new InvalidTokenError(EXPIRED_TOKEN_MESSAGE);
  return new InvalidTokenError(INVALID_TOKEN_MESSAGE);
}

export const revokedTokenKey = (tokenId: string) => `auth:revoked:${tokenId}`;
