import { AppError, ConfigError } from '@spa/kit';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import type { GoogleSignInSettings } from '../config.js';

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string;
}

const invalidCredential = () =>
  new AppError(401, 'INVALID_GOOGLE_TOKEN', 'Google sign-in could not be verified. Please try again.');

/**
 * Checks a Google ID token's signature (against Google's published keys, or a local key set in
 * development and tests), issuer, audience (our client id) and expiry, and that Google has verified
 * the email address it vouches for.
 */
export class GoogleIdTokenVerifier {
  private readonly keys: JWTVerifyGetKey | undefined;

  constructor(private readonly settings: GoogleSignInSettings) {
    if (!settings.clientId) return;
    this.keys = settings.jwksJson
      ? createLocalJWKSet(parseKeySet(settings.jwksJson))
      : createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: 5_000 });
  }

  get clientId(): string | undefined {
    return this.settings.clientId;
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!this.keys || !this.settings.clientId)
      throw new AppError(
        422,
        'GOOGLE_SIGN_IN_DISABLED',
        'Google sign-in is not enabled here. Please sign in with your email and password.',
      );
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.settings.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        // A little leeway for clocks that disagree by a few seconds; an hour-old token is still refused.
        clockTolerance: 30,
      }));
    } catch (error) {
      throw mapVerificationError(error);
    }
    const email = typeof payload.email === 'string' ? payload.email : '';
    if (!email) throw invalidCredential();
    if (payload.email_verified !== true && payload.email_verified !== 'true')
      throw new AppError(
        403,
        'GOOGLE_EMAIL_NOT_VERIFIED',
        'Your Google account email address is not verified. Verify it with Google or sign up with email and password.',
      );
    const name =
      typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0]!;
    return { subject: payload.sub!, email, name };
  }
}

function mapVerificationError(error: unknown): AppError {
  if (error instanceof joseErrors.JWTExpired)
    return new AppError(401, 'INVALID_GOOGLE_TOKEN', 'Your Google sign-in has expired. Please try again.');
  if (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    !(error instanceof joseErrors.JOSEError)
  )
    return new AppError(
      503,
      'GOOGLE_UNAVAILABLE',
      'Google sign-in is briefly unavailable. Please try again shortly or use your email and password.',
    );
  return invalidCredential();
}

function parseKeySet(text: string): JSONWebKeySet {
  try {
    const keySet = JSON.parse(text) as JSONWebKeySet;
    if (!Array.isArray(keySet.keys)) throw new Error('no keys array');
    return keySet;
  } catch {
    throw new ConfigError(['GOOGLE_JWKS_JSON must be a JSON Web Key Set ({"keys": [...]})']);
  }
}
