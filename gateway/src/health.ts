import { Socket } from 'node:net';
import type { Redis } from '@spa/kit';
import type { GatewayConfig } from './config.js';

const PROBE_TIMEOUT_MS = 1_500;
/**
 * A service's /readyz runs its own checks with a 2 s limit each (the kit's createApp): the gateway
 * waits a little longer for its answer, so a slow-but-up service is reported by what it says, not as
 * a timeout of ours.
 */
const READINESS_TIMEOUT_MS = 2_500;

function tcpProbe(address: string): Promise<void> {
  const [host, port] = address.split(':');
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => fail(new Error('timed out')));
    socket.once('error', fail);
    socket.connect(Number(port), host!, () => {
      socket.end();
      resolve();
    });
  });
}

async function upstreamReady(baseUrl: string): Promise<{ state: string; checks?: Record<string, string> }> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
    const body = (await response.json().catch(() => ({}))) as { checks?: Record<string, string> };
    return { state: response.ok ? 'up' : 'not ready', checks: body.checks };
  } catch (error) {
    return { state: `down: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Components the platform serves without for a while: with Kafka down the services write their events
 * to their outboxes and send them once it is back, so the gateway reports it (status `degraded`) but
 * still answers 200.
 */
const OPTIONAL_COMPONENTS: ReadonlySet<string> = new Set(['kafka']);

/**
 * Every component the platform needs, each reported on its own: services, then infrastructure.
 * `status`: `ok` when all are up, `degraded` when only optional ones are down (the platform serves),
 * `unavailable` when a required one is.
 */
export async function platformHealth(
  config: Pick<GatewayConfig, 'enabledServices' | 'upstreams' | 'infra'>,
  redis: Redis,
) {
  const services = await Promise.all(
    config.enabledServices.map(async (name) => [name, await upstreamReady(config.upstreams[name])] as const),
  );
  const infra = await Promise.all(
    [
      ['postgres', () => tcpProbe(config.infra.postgres)],
      ['kafka', () => tcpProbe(config.infra.kafka)],
      ['smtp', () => tcpProbe(config.infra.smtp)],
      ['redis', async () => void (await redis.ping())],
    ].map(async ([name, probe]) => {
      try {
        await (probe as () => Promise<void>)();
        return [name as string, 'up'] as const;
      } catch (error) {
        return [name as string, `down: ${error instanceof Error ? error.message : String(error)}`] as const;
      }
    }),
  );
  const components: Record<string, string> = { gateway: 'up' };
  for (const [name, { state }] of services) components[name] = state;
  for (const [name, state] of infra) components[name] = state;
  const down = Object.keys(components).filter((name) => components[name] !== 'up');
  const serving = down.every((name) => OPTIONAL_COMPONENTS.has(name));
  return {
    status: down.length === 0 ? 'ok' : serving ? 'degraded' : 'unavailable',
    components,
    details: Object.fromEntries(services.map(([name, { checks }]) => [name, checks ?? {}])),
  };
}
