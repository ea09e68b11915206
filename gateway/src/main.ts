import {
  connectRedis,
  createLogger,
  createTokenVerifier,
  rememberingRevocationCheck,
  startTracing,
} from '@spa/kit';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.logLevel);
const tracing = startTracing({ serviceName: 'gateway', settings: config.tracing, logger });
const redis = connectRedis(config.redisUrl, { connectionName: 'gateway' });
const verifier = createTokenVerifier({
  jwksUrl: config.jwksUrl,
  isRevoked: rememberingRevocationCheck(redis),
});
const lifecycle = { draining: false };
const app = await buildGateway({ config, logger, redis, verifier, lifecycle });
await app.listen({ port: config.port, host: config.host });

async function shutDown(signal: NodeJS.Signals) {
  logger.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), 10_000 + config.shutdownDrainMs).unref();
  // Out of the load balancer's rotation first (/readyz 503), still serving what it sends meanwhile;
  // then stop listening and finish what is in flight.
  lifecycle.draining = true;
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  await app.close();
  redis.disconnect();
  await tracing.shutdown().catch(() => undefined);
  process.exit(0);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutDown(signal));
