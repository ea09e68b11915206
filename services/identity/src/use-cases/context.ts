import type { Database, Logger, Publish, Redis } from '@spa/kit';
import type { AccessTokenIssuer } from './access-tokens.js';
import type { GoogleIdTokenVerifier } from '../integrations/google-id-token.js';
import type { SessionRegistry } from '../db/session-registry.js';
import type { SignInThrottle } from '../db/sign-in-throttle.js';
import type { SigningKey } from './signing-keys.js';
import type { IdentityConfig } from '../config.js';
import type { BackgroundTasks } from './background.js';
import type { BookingClient } from '../integrations/booking-client.js';

/** What identity's use cases work with; built once in buildApp. */
export interface IdentityContext {
  config: IdentityConfig;
  db: Database;
  redis: Redis;
  publish: Publish;
  logger: Logger;
  signingKey: SigningKey;
  tokens: AccessTokenIssuer;
  sessions: SessionRegistry;
  throttle: SignInThrottle;
  google: GoogleIdTokenVerifier;
  /** Work answered before it is done (forgot-password). */
  background: BackgroundTasks;
  booking: BookingClient;
}
