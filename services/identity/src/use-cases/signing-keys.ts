import { randomUUID } from 'node:crypto';
import { ConfigError, type Database, type Logger } from '@spa/kit';
import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type { IdentityConfig } from '../config.js';
import {
  findNewestSigningJwk,
  insertSigningKey,
  lockSigningKeyCreation,
} from '../db/signing-keys.repository.js';

export interface SigningKey {
  kid: string;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  /** The public half as identity publishes it at /.well-known/jwks.json. */
  jwks: JSONWebKeySet;
}

const ALGORITHM = 'EdDSA';

function publicJwkOf(privateJwk: JWK & { kid: string }): JWK {
  return {
    kty: privateJwk.kty,
    crv: privateJwk.crv,
    x: privateJwk.x,
    kid: privateJwk.kid,
    alg: ALGORITHM,
    use: 'sig',
  };
}

async function fromPrivateJwk(jwk: JWK & { kid: string }): Promise<SigningKey> {
  const privateKey = await importJWK(jwk, ALGORITHM);
  return { kid: jwk.kid, privateKey, jwks: { keys: [publicJwkOf(jwk)] } };
}

/** IDENTITY_SIGNING_KEY: a private Ed25519 JWK with a kid, as JSON. */
function parseConfiguredKey(text: string): JWK & { kid: string } {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new ConfigError(['IDENTITY_SIGNING_KEY must be a JSON Web Key (JSON text)']);
  }
  const problems: string[] = [];
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519')
    problems.push('IDENTITY_SIGNING_KEY must be an Ed25519 key (kty "OKP", crv "Ed25519")');
  if (!jwk.d || !jwk.x) problems.push('IDENTITY_SIGNING_KEY must be a private key (with "d" and "x")');
  if (typeof jwk.kid !== 'string' || !jwk.kid) problems.push('IDENTITY_SIGNING_KEY must carry a "kid"');
  if (problems.length > 0) throw new ConfigError(problems);
  return jwk as JWK & { kid: string };
}

/** A new private Ed25519 JWK with a kid, e.g. to put into IDENTITY_SIGNING_KEY. */
export async function generateSigningJwk(): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  return { ...(await exportJWK(privateKey)), kid: `identity-${randomUUID()}` };
}

/**
 * The key that signs access tokens. Production names it in IDENTITY_SIGNING_KEY; elsewhere the first
 * start generates one and stores it, under an advisory lock so replicas starting together agree.
 */
export async function loadSigningKey(
  db: Database,
  config: IdentityConfig,
  logger: Logger,
): Promise<SigningKey> {
  if (config.signingKeyJwk) return fromPrivateJwk(parseConfiguredKey(config.signingKeyJwk));
  if (config.nodeEnv === 'production')
    throw new ConfigError(['IDENTITY_SIGNING_KEY is required in production']);
  const jwk = await db.transaction(async (tx) => {
    await lockSigningKeyCreation(tx);
    const stored = await findNewestSigningJwk(tx);
    if (stored) return stored as JWK & { kid: string };
    const created = await generateSigningJwk();
    await insertSigningKey(tx, created);
    logger.info(
      { kid: created.kid },
      'generated a development signing key (set IDENTITY_SIGNING_KEY in production)',
    );
    return created;
  });
  return fromPrivateJwk(jwk);
}
