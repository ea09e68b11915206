import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';
import { parseDurationSeconds } from './domain/duration.js';

export interface SignInThrottleSettings {
  /** Failed sign-ins for one email within the window that lock that account. */
  maxFailuresPerAccount: number;
  /** Failed sign-ins from one client address within the window that block that address. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface GoogleSignInSettings {
  /** The OAuth client id the ID token's audience must name; sign-in with Google is off without it. */
  clientId: string | undefined;
  /** Google's published keys (production) ... */
  jwksUrl: string;
  /** ... or a key set given as JSON (development and tests sign their own ID tokens). */
  jwksJson: string | undefined;
}

export interface DemoSeedSettings {
  enabled: boolean;
  adminEmail: string;
  adminPassword: string;
  customerEmail: string;
  customerPassword: string;
  staffPassword: string;
}

export interface RetentionSettings {
  /** An account whose email was never verified is erased this many days after sign-up (0: never). */
  unverifiedAccountDays: number;
  /** How often the retention sweep runs (0: not in this process; tests call it directly). */
  sweepIntervalSeconds: number;
}

export interface IdentityConfig extends BaseConfig {
  /** The public origin of the SPA, used for the links in verification and reset emails. */
  appUrl: string;
  /** A private Ed25519 JWK (JSON, with kid); required in production, generated and stored otherwise. */
  signingKeyJwk: string | undefined;
  accessTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  verificationTokenTtlSeconds: number;
  signInThrottle: SignInThrottleSettings;
  google: GoogleSignInSettings;
  seed: DemoSeedSettings;
  retention: RetentionSettings;
}

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export function loadConfig(source: Record<string, string | undefined> = process.env): IdentityConfig {
  const config = readConfig((env) => {
    const base = readBaseConfig(env, 'identity', 4001);
    const production = base.nodeEnv === 'production';
    return {
      ...base,
      appUrl: env.url('APP_URL', 'http://localhost:8080').replace(/\/+$/, ''),
      signingKeyJwk: production
        ? env.string('IDENTITY_SIGNING_KEY')
        : env.optionalString('IDENTITY_SIGNING_KEY'),
      accessTokenTtl: env.string('ACCESS_TOKEN_TTL', '1d'),
      resetTokenTtlSeconds: 60 * 60,
      verificationTokenTtlSeconds: 24 * 60 * 60,
      signInThrottle: {
        maxFailuresPerAccount: env.int('SIGNIN_MAX_FAILURES_PER_ACCOUNT', 5),
        maxFailuresPerAddress: env.int('SIGNIN_MAX_FAILURES_PER_ADDRESS', 50),
        windowSeconds: env.int('SIGNIN_FAILURE_WINDOW_SECONDS', 15 * 60),
        lockSeconds: env.int('SIGNIN_LOCK_SECONDS', 15 * 60),
      },
      google: {
        clientId: env.optionalString('GOOGLE_CLIENT_ID'),
        jwksUrl: env.url('GOOGLE_JWKS_URL', GOOGLE_JWKS_URL),
        jwksJson: env.optionalString('GOOGLE_JWKS_JSON'),
      },
      retention: {
        unverifiedAccountDays: env.int('RETENTION_UNVERIFIED_ACCOUNT_DAYS', 30),
        sweepIntervalSeconds: env.int('RETENTION_SWEEP_INTERVAL_SECONDS', base.nodeEnv === 'test' ? 0 : 3600),
      },
      seed: {
        enabled: !production && env.bool('SEED_DEMO_DATA', true),
        adminEmail: env.string('SEED_ADMIN_EMAIL', 'admin@spa.local'),
        adminPassword: env.string('SEED_ADMIN_PASSWORD', 'Admin@12345'),
        customerEmail: env.string('SEED_CUSTOMER_EMAIL', 'customer@spa.local'),
        customerPassword: env.string('SEED_CUSTOMER_PASSWORD', 'Customer@12345'),
        staffPassword: env.string('SEED_STAFF_PASSWORD', 'Staff@12345'),
      },
    };
  }, source);

  const { accessTokenTtl, ...rest } = config;
  const problems: string[] = [];
  const accessTokenTtlSeconds = parseDurationSeconds(accessTokenTtl);
  if (accessTokenTtlSeconds === undefined)
    problems.push(
      `ACCESS_TOKEN_TTL must be a duration such as 3600, 15m, 12h or 1d, got "${accessTokenTtl}"`,
    );
  if (rest.nodeEnv === 'production' && rest.google.jwksJson !== undefined)
    problems.push('GOOGLE_JWKS_JSON is for development and tests only; production reads GOOGLE_JWKS_URL');
  for (const [name, value] of Object.entries(rest.signInThrottle))
    if (value < 1) problems.push(`${throttleVariable(name)} must be at least 1, got ${value}`);
  if (rest.retention.unverifiedAccountDays < 0)
    problems.push(
      `RETENTION_UNVERIFIED_ACCOUNT_DAYS must be 0 (never) or more, got ${rest.retention.unverifiedAccountDays}`,
    );
  if (rest.retention.sweepIntervalSeconds < 0)
    problems.push(
      `RETENTION_SWEEP_INTERVAL_SECONDS must be 0 (off) or more, got ${rest.retention.sweepIntervalSeconds}`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...rest, accessTokenTtlSeconds: accessTokenTtlSeconds! };
}

function throttleVariable(setting: string): string {
  const names: Record<string, string> = {
    maxFailuresPerAccount: 'SIGNIN_MAX_FAILURES_PER_ACCOUNT',
    maxFailuresPerAddress: 'SIGNIN_MAX_FAILURES_PER_ADDRESS',
    windowSeconds: 'SIGNIN_FAILURE_WINDOW_SECONDS',
    lockSeconds: 'SIGNIN_LOCK_SECONDS',
  };
  return names[setting] ?? setting;
}
