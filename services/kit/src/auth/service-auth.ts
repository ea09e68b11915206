import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  decodeJwt,
  errors as joseErrors,
  importJWK,
  importPKCS8,
  importSPKI,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { EnvReader } from '../config.js';
import { ConfigError, unauthorized } from '../errors.js';

/**
 * Signed service-to-service calls. A caller proves who it is with a short-lived EdDSA JWT signed with
 * its own private key (`SERVICE_KEY`): `iss` is the caller, `aud` the callee, a `jti`, about a minute
 * of life. The callee holds only public keys (`SERVICE_PUBLIC_KEYS`) and an allow-list of callers per
 * `/internal/*` route; anything else is a 401 in the one error shape, and logged. The credential
 * travels in its own header so it never meets a customer's bearer token.
 */
export const SERVICE_TOKEN_HEADER = 'x-service-token';
export const SERVICE_TOKEN_TTL_SECONDS = 60;
/** The most a credential may claim to live, whatever its signer set; and the clock skew allowed. */
const MAX_TOKEN_AGE_SECONDS = 120;
const CLOCK_TOLERANCE_SECONDS = 5;

/** SERVICE_KEY and SERVICE_PUBLIC_KEYS as read from the environment (parsed, not yet imported). */
export interface ServiceKeySettings {
  /** This service's private Ed25519 key: a JWK (JSON) or PKCS#8 PEM. */
  privateKey?: string;
  /** Public keys of every service by name: a JWK, an SPKI PEM, or a list of them (key rotation). */
  publicKeys: Record<string, Array<JWK | string>>;
}

/** Reads SERVICE_KEY and SERVICE_PUBLIC_KEYS; in production a missing one stops start-up with its name. */
export function readServiceKeySettings(env: EnvReader, production: boolean): ServiceKeySettings {
  const privateKey = production ? env.string('SERVICE_KEY') : env.optionalString('SERVICE_KEY');
  const rawPublic = production
    ? env.string('SERVICE_PUBLIC_KEYS')
    : env.optionalString('SERVICE_PUBLIC_KEYS');
  return { privateKey: privateKey || undefined, publicKeys: rawPublic ? parsePublicKeys(rawPublic) : {} };
}

export function parsePublicKeys(raw: string): ServiceKeySettings['publicKeys'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(['SERVICE_PUBLIC_KEYS must be JSON: {"<service>": <JWK or PEM>, ...}']);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError(['SERVICE_PUBLIC_KEYS must be a JSON object of service name to key']);
  const keys: ServiceKeySettings['publicKeys'] = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    if (
      list.length === 0 ||
      !list.every((key) => typeof key === 'string' || (key !== null && typeof key === 'object'))
    )
      throw new ConfigError([`SERVICE_PUBLIC_KEYS: the key of "${name}" must be a JWK or a PEM`]);
    keys[name] = list as Array<JWK | string>;
  }
  return keys;
}

type Key = Awaited<ReturnType<typeof importJWK>>;

async function importPrivateKey(raw: string): Promise<Key> {
  try {
    const text = raw.trim();
    if (text.startsWith('{')) return await importJWK(JSON.parse(text) as JWK, 'EdDSA');
    return await importPKCS8(text, 'EdDSA');
  } catch {
    throw new ConfigError(['SERVICE_KEY must be an Ed25519 private key (a JWK or PKCS#8 PEM)']);
  }
}

async function importPublicKey(service: string, raw: JWK | string): Promise<Key> {
  try {
    if (typeof raw === 'string') return await importSPKI(raw.trim(), 'EdDSA');
    // Only the public half is kept, even if someone pasted a private JWK.
    const { kty, crv, x } = raw;
    return await importJWK({ kty, crv, x }, 'EdDSA');
  } catch {
    throw new ConfigError([`SERVICE_PUBLIC_KEYS: the key of "${service}" is not an Ed25519 public key`]);
  }
}

/** Why a credential was refused; logged by the callee, never told to the caller. */
export class ServiceAuthError extends Error {
  override name = 'ServiceAuthError';
  constructor(
    readonly reason: string,
    readonly caller?: string,
  ) {
    super(reason);
  }
}

export interface ServiceAuth {
  readonly serviceName: string;
  /** Whether this service holds a private key, i.e. can sign its calls. */
  readonly canSign: boolean;
  /** A fresh credential for one call to `callee`. Throws when this service holds no key. */
  sign(callee: string): Promise<string>;
  /** The headers to add to a call to `callee`; none when this service holds no key (the callee refuses). */
  headersFor(callee: string): Promise<Record<string, string>>;
  /** Checks a credential sent to this service by one of `allowedCallers`; answers the caller's name. */
  verify(token: string | undefined, allowedCallers: readonly string[]): Promise<string>;
}

export interface ServiceAuthOptions {
  /** How many seen token ids to remember (replay protection) before forgetting the oldest early. */
  replayMemory?: number;
  ttlSeconds?: number;
  /**
   * Claims a token id across every replica of this service (Redis SET NX): answers false when some
   * replica saw it already. Without it (or when it throws) each process remembers its own.
   */
  claimOnce?: (id: string, ttlSeconds: number) => Promise<boolean>;
}

/** claimOnce on the service's Redis: a replayed credential is refused by every replica, not only the first. */
export function redisClaimOnce(redis: {
  set(key: string, value: string, mode: 'EX', seconds: number, flag: 'NX'): Promise<string | null>;
}) {
  return async (id: string, ttlSeconds: number) =>
    (await redis.set(`service-auth:jti:${id}`, '1', 'EX', Math.max(1, ttlSeconds), 'NX')) === 'OK';
}

/** Imports the keys; a bad key stops start-up with a ConfigError naming its variable. */
export async function createServiceAuth(
  serviceName: string,
  settings: ServiceKeySettings,
  options: ServiceAuthOptions = {},
): Promise<ServiceAuth> {
  const privateKey = settings.privateKey ? await importPrivateKey(settings.privateKey) : undefined;
  const publicKeys = new Map<string, Key[]>();
  for (const [name, keys] of Object.entries(settings.publicKeys))
    publicKeys.set(name, await Promise.all(keys.map((key) => importPublicKey(name, key))));
  const ttl = options.ttlSeconds ?? SERVICE_TOKEN_TTL_SECONDS;
  const memoryLimit = options.replayMemory ?? 100_000;
  // Token ids seen, with when they expire: a credential works once, in this process.
  const seen = new Map<string, number>();
  const remember = (id: string, expiresAt: number) => {
    const now = Math.floor(Date.now() / 1000);
    if (seen.size >= memoryLimit)
      for (const [key, expiry] of seen) if (expiry < now || seen.size >= memoryLimit) seen.delete(key);
    seen.set(id, expiresAt);
  };

  const sign = async (callee: string) => {
    if (!privateKey) throw new ServiceAuthError(`${serviceName} holds no SERVICE_KEY to sign calls with`);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid: serviceName, typ: 'service+jwt' })
      .setIssuer(serviceName)
      .setAudience(callee)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(privateKey);
  };

  return {
    serviceName,
    canSign: privateKey !== undefined,
    sign,
    async headersFor(callee): Promise<Record<string, string>> {
      return privateKey ? { [SERVICE_TOKEN_HEADER]: await sign(callee) } : {};
    },
    async verify(token, allowedCallers) {
      if (!token) throw new ServiceAuthError('no service credential');
      let claimed: JWTPayload;
      try {
        claimed = decodeJwt(token);
      } catch {
        throw new ServiceAuthError('malformed service credential');
      }
      const caller = typeof claimed.iss === 'string' ? claimed.iss : undefined;
      if (!caller) throw new ServiceAuthError('service credential names no caller');
      if (!allowedCallers.includes(caller))
        throw new ServiceAuthError(`${caller} may not call this route`, caller);
      const keys = publicKeys.get(caller);
      if (!keys?.length) throw new ServiceAuthError(`no public key configured for ${caller}`, caller);
      let payload: JWTPayload | undefined;
      let lastError: unknown;
      for (const key of keys) {
        try {
          ({ payload } = await jwtVerify(token, key, {
            issuer: caller,
            audience: serviceName,
            algorithms: ['EdDSA'],
            maxTokenAge: MAX_TOKEN_AGE_SECONDS,
            clockTolerance: CLOCK_TOLERANCE_SECONDS,
            requiredClaims: ['iss', 'aud', 'exp', 'iat', 'jti'],
          }));
          break;
        } catch (error) {
          lastError = error;
        }
      }
      if (!payload) {
        if (lastError instanceof joseErrors.JWTExpired)
          throw new ServiceAuthError('expired service credential', caller);
        if (lastError instanceof joseErrors.JWTClaimValidationFailed)
          throw new ServiceAuthError(
            `service credential ${lastError.claim} check failed: ${lastError.reason}`,
            caller,
          );
        throw new ServiceAuthError('service credential signature not valid', caller);
      }
      const id = `${caller}:${payload.jti}`;
      const expiresAt = payload.exp! + CLOCK_TOLERANCE_SECONDS;
      if (seen.has(id)) throw new ServiceAuthError('replayed service credential', caller);
      remember(id, expiresAt);
      if (options.claimOnce) {
        let first = true;
        try {
          first = await options.claimOnce(id, expiresAt - Math.floor(Date.now() / 1000));
        } catch {
          // Redis briefly away: this process's own memory still refuses a replay to this replica.
        }
        if (!first) throw new ServiceAuthError('replayed service credential', caller);
      }
      return caller;
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The service that made this call, for an `/internal/*` route (checked by internalRouteGuard). */
    callerService: string | null;
  }
}

/** Route path → the services allowed to call it, for every `/internal/*` route of a service. */
export type InternalCallers = Record<string, readonly string[]>;

const isInternal = (path: string) => path === '/internal' || path.startsWith('/internal/');

function pathOf(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '';
  // Collapse duplicate slashes and decode, so "//internal" or "/%69nternal" are not a way around.
  let path = raw.replace(/\/{2,}/g, '/');
  try {
    path = decodeURIComponent(path);
  } catch {
    // left as is
  }
  return path.toLowerCase();
}

/**
 * Protects every `/internal/*` route: each must have its callers in `callers` (a route without an
 * entry stops start-up), and a request needs a valid credential from one of them, else 401. Register it
 * before the routes (createApp does).
 */
export const internalRouteGuard = fp<{ auth?: ServiceAuth; callers: InternalCallers }>(
  (app: FastifyInstance, { auth, callers }) => {
    app.decorateRequest('callerService', null);
    app.addHook('onRoute', (route) => {
      if (isInternal(route.url) && !callers[route.url])
        throw new Error(`${String(route.method)} ${route.url} has no allowed callers (internalCallers)`);
    });
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      if (!(route && isInternal(route)) && !isInternal(pathOf(request))) return;
      const allowed = (route && callers[route]) || [];
      const header = request.headers[SERVICE_TOKEN_HEADER];
      const token = Array.isArray(header) ? undefined : header;
      try {
        if (!auth) throw new ServiceAuthError('this service has no service keys configured');
        request.callerService = await auth.verify(token, allowed);
      } catch (error) {
        const reason = error instanceof ServiceAuthError ? error.reason : 'verification failed';
        request.log.warn(
          {
            route: route ?? pathOf(request),
            method: request.method,
            caller: error instanceof ServiceAuthError ? error.caller : undefined,
            remoteAddress: request.ip,
            reason,
          },
          'internal call refused',
        );
        throw unauthorized('This internal route needs a valid service credential.');
      }
    });
  },
  { name: 'spa-internal-route-guard' },
);

/**
 * fetch for a call to another service's `/internal/*` route: the same as fetch, with a fresh credential
 * naming `callee` (none when this service holds no key; the callee then answers 401).
 */
export async function internalFetch(
  auth: ServiceAuth | undefined,
  callee: string,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries((await auth?.headersFor(callee)) ?? {}))
    headers.set(name, value);
  return fetch(url, { ...init, headers });
}
