import { Redis } from 'ioredis';

export type { Redis };

export function connectRedis(url: string, options: { connectionName?: string } = {}): Redis {
  const redis = new Redis(url, {
    connectionName: options.connectionName,
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Reconnection is automatic; an unhandled 'error' event would otherwise crash the process.
  redis.on('error', () => undefined);
  return redis;
}

/** BullMQ wants its own connection with no per-request retry limit. */
export function bullConnection(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', () => undefined);
  return redis;
}

export async function pingRedis(redis: Redis): Promise<void> {
  const answer: string = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected answer ${answer}`);
}
