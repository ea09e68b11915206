import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';
import { parseDurationSeconds } from './domain/duration.js';

export interface SignInThrottleSettings {
  /** Failures against one account from one address before that address must wait. */
  freeFailures: number;
  /** The first wait; it doubles with each further failure from that address... */
  baseDelaySeconds: number;
  /** ...up to this. */
  maxDelaySeconds: number;
  /** How long an address's failures against an account are remembered (a success forgets them). */
  failureMemorySeconds: number;
  /** Attempts on one account within an hour, from anywhere, that put it under pressure. */
  accountCeiling: number;
  /** Under pressure, addresses that have failed against the account share one attempt per this. */
  pressureIntervalSeconds: number;
  /** Under pressure, an address with no failures against the account waits this long, once. */
  cleanWaitSeconds: number;
  /** How long a device that signed in to an account is remembered (and exempt from the ceiling). */
  deviceMemorySeconds: number;
  /** Failed sign-ins from one client address, across accounts, within the window that block it. */
  maxFailuresPerAddress: number;
  addressWindowSeconds: number;
  addressLockSeconds: number;
}

export interface GoogleSignInSettings {
  /** The OAuth client id the ID token's audience must name; sign-in with Google is off without it. */
  clientId: string | undefined;
  /** Google's published keys (production) ... */
  jwksUrl: string;
  /** ... or a key set given as JSON (development and tests sign their own ID tokens). */
  jwksJson: string | undefined;
}

interface DemoSeedSettings {
  enabled: boolean;
  adminEmail: string;
  adminPassword: string;
  customerEmail: string;
  customerPassword: string;
  staffPassword: string;
}

interface RetentionSettings {
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
  /**
   * How long the "set your password" link of a walk-in customer's account lasts: longer than a reset
   * link, because the person did not ask for it and may read it days after their visit.
   */
  claimTokenTtlSeconds: number;
  verificationTokenTtlSeconds: number;
  signInThrottle: SignInThrottleSettings;
  google: GoogleSignInSettings;
  seed: DemoSeedSettings;
  /** Booking's internal address: an employee's future assignments before they are deleted. */
  bookingUrl: string;
  bookingTimeoutMs: number;
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
      bookingUrl: env.string('BOOKING_URL', 'http://127.0.0.1:4003'),
      bookingTimeoutMs: env.int('BOOKING_TIMEOUT_MS', 5000),
      signingKeyJwk: production
        ? env.string('IDENTITY_SIGNING_KEY')
        : env.optionalString('IDENTITY_SIGNING_KEY'),
      accessTokenTtl: env.string('ACCESS_TOKEN_TTL', '1d'),
      resetTokenTtlSeconds: 60 * 60,
      claimTokenTtlSeconds: 7 * 24 * 60 * 60,
      verificationTokenTtlSeconds: 24 * 60 * 60,
      signInThrottle: {
        freeFailures: env.int('SIGNIN_FREE_FAILURES', 3),
        baseDelaySeconds: env.int('SIGNIN_DELAY_BASE_SECONDS', 1),
        maxDelaySeconds: env.int('SIGNIN_DELAY_MAX_SECONDS', 60),
        failureMemorySeconds: env.int('SIGNIN_FAILURE_MEMORY_SECONDS', 24 * 60 * 60),
        accountCeiling: env.int('SIGNIN_ACCOUNT_CEILING', 20),
        pressureIntervalSeconds: env.int('SIGNIN_PRESSURE_INTERVAL_SECONDS', 60),
        cleanWaitSeconds: env.int('SIGNIN_CLEAN_WAIT_SECONDS', 5),
        deviceMemorySeconds: env.int('SIGNIN_DEVICE_MEMORY_DAYS', 90) * 24 * 60 * 60,
        maxFailuresPerAddress: env.int('SIGNIN_MAX_FAILURES_PER_ADDRESS', 50),
        addressWindowSeconds: env.int('SIGNIN_FAILURE_WINDOW_SECONDS', 15 * 60),
        addressLockSeconds: env.int('SIGNIN_LOCK_SECONDS', 15 * 60),
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
  if (rest.signInThrottle.maxDelaySeconds < rest.signInThrottle.baseDelaySeconds)
    problems.push('SIGNIN_DELAY_MAX_SECONDS must be at least SIGNIN_DELAY_BASE_SECONDS');
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
    freeFailures: 'SIGNIN_FREE_FAILURES',
    baseDelaySeconds: 'SIGNIN_DELAY_BASE_SECONDS',
    maxDelaySeconds: 'SIGNIN_DELAY_MAX_SECONDS',
    failureMemorySeconds: 'SIGNIN_FAILURE_MEMORY_SECONDS',
    accountCeiling: 'SIGNIN_ACCOUNT_CEILING',
    pressureIntervalSeconds: 'SIGNIN_PRESSURE_INTERVAL_SECONDS',
    cleanWaitSeconds: 'SIGNIN_CLEAN_WAIT_SECONDS',
    deviceMemorySeconds: 'SIGNIN_DEVICE_MEMORY_DAYS',
    maxFailuresPerAddress: 'SIGNIN_MAX_FAILURES_PER_ADDRESS',
    addressWindowSeconds: 'SIGNIN_FAILURE_WINDOW_SECONDS',
    addressLockSeconds: 'SIGNIN_LOCK_SECONDS',
  };
  return names[setting] ?? setting;
}
