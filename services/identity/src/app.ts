import { createApp, createTokenVerifier, rememberingRevocationCheck, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { BackgroundTasks } from './use-cases/background.js';
import type { IdentityContext } from './use-cases/context.js';
import { seedDemoAccounts } from './use-cases/demo-seed.js';
import { startRetentionSweep } from './use-cases/erasure.js';
import { ensureBaseEmployeeRoles } from './use-cases/employee-roles.js';
import { AccessTokenIssuer } from './use-cases/access-tokens.js';
import { GoogleIdTokenVerifier } from './integrations/google-id-token.js';
import { SessionRegistry } from './db/session-registry.js';
import { SignInThrottle } from './db/sign-in-throttle.js';
import { loadSigningKey } from './use-cases/signing-keys.js';
import type { IdentityConfig } from './config.js';
import { adminUserRoutes } from './http/admin-users.routes.js';
import { authRoutes } from './http/auth.routes.js';
import { employeeRoleRoutes } from './http/employee-roles.routes.js';
import { internalStatsRoutes } from './http/internal-stats.routes.js';
import { jwksRoutes } from './http/jwks.routes.js';
import { myDataRoutes } from './http/my-data.routes.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { createBookingClient } from './integrations/booking-client.js';

export type IdentityDeps = ServiceDeps & { config: IdentityConfig; background?: BackgroundTasks };

/**
 * Loads the signing key and wires identity's parts together. onRevoked hears every token id identity
 * revokes, before the revoking call answers (buildApp's verifier forgets them at once).
 */
export async function createIdentityContext(
  deps: IdentityDeps,
  options: { onRevoked?: (tokenIds: readonly string[]) => void } = {},
): Promise<IdentityContext> {
  const { config } = deps;
  const signingKey = await loadSigningKey(deps.db, config, deps.logger);
  const sessions = new SessionRegistry(deps.redis, config.accessTokenTtlSeconds, options.onRevoked);
  return {
    config,
    db: deps.db,
    redis: deps.redis,
    publish: deps.publish,
    logger: deps.logger,
    signingKey,
    sessions,
    tokens: new AccessTokenIssuer(signingKey, config.accessTokenTtlSeconds, sessions),
    throttle: new SignInThrottle(deps.redis, config.signInThrottle),
    google: new GoogleIdTokenVerifier(config.google),
    background: deps.background ?? new BackgroundTasks(deps.logger),
    booking: createBookingClient({
      baseUrl: config.bookingUrl,
      timeoutMs: config.bookingTimeoutMs,
      serviceAuth: deps.serviceAuth,
    }),
  };
}

/**
 * Identity's app. It verifies the tokens it issued with its own key (no HTTP round trip to itself),
 * and makes sure the base employee roles and, in development, the demo accounts exist.
 */
export async function buildApp(deps: IdentityDeps): Promise<FastifyInstance> {
  const isRevoked = rememberingRevocationCheck(deps.redis);
  const context = await createIdentityContext(deps, { onRevoked: isRevoked.forget });
  await ensureBaseEmployeeRoles(context);
  await seedDemoAccounts(context);
  const verifier = createTokenVerifier({ jwks: context.signingKey.jwks, isRevoked });
  const app = await createApp({
    name: 'identity',
    description:
      'Accounts, sign-in (password and Google), email verification, password reset, staff and employee roles',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier,
    serviceAuth: deps.serviceAuth,
    internalCallers: { '/internal/stats': ['gateway'] },
    openapiTags: [
      { name: 'Authentication', description: 'Sign-up, sign-in, sessions, verification and password reset' },
      { name: 'Admin users', description: 'Staff and customer accounts, for admins' },
      { name: 'Employee roles', description: 'The roles employees hold, for admins' },
    ],
  });
  app.addHook('onClose', () => context.background.drain());
  app.addHook('preHandler', refuseNulCharacters);
  await app.register(jwksRoutes(context.signingKey));
  await app.register(authRoutes(context));
  await app.register(adminUserRoutes(context));
  await app.register(employeeRoleRoutes(context));
  await app.register(internalStatsRoutes(context));
  await app.register(myDataRoutes(context));
  const stopRetentionSweep = startRetentionSweep(context);
  app.addHook('onClose', async () => stopRetentionSweep());
  return app;
}
