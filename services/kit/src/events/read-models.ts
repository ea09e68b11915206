import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { EventConsumer, type Subscription } from './consumer.js';
import type { Bus } from './kafka.js';

export interface ReadModelConsumerOptions {
  /** The service: its read models are built by the group `<service>.read-models.<generation>`. */
  service: string;
  db: Database;
  bus: Bus;
  logger: Logger;
  /** The handlers that build the read models (from compacted topics, so a new group can rebuild them). */
  subscriptions: Subscription[];
}

/**
 * This database's read-model generation id: the one row its migrations wrote in read_model_generation
 * (every service that keeps read models has that table, written by its first migration with one fresh
 * id, so a recreated database has a new one).
 */
export async function readModelGenerationId(db: Database): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`select id from read_model_generation limit 1`);
  const [row] = rows;
  if (!row) throw new Error('read_model_generation is empty: run the service migrations');
  return String(row.id);
}

/**
 * Starts the consumer that builds a service's read models, under a group whose id carries the
 * database's read-model generation: a fresh or recreated database has a new generation, so its group
 * has no committed offsets and reads every topic from the beginning (the kit's consumer subscribes with
 * fromBeginning), which rebuilds the read models from the compacted topics; replicas sharing one
 * database share the group. The service's own group (its name, started by runService) is apart.
 * Answers the function that stops it.
 */
export async function startReadModelConsumer(
  options: ReadModelConsumerOptions,
): Promise<() => Promise<void>> {
  const generation = await readModelGenerationId(options.db);
  const consumer = new EventConsumer({
    name: `${options.service}.read-models.${generation}`,
    db: options.db,
    bus: options.bus,
    logger: options.logger,
    subscriptions: options.subscriptions,
  });
  await consumer.start();
  return () => consumer.stop();
}

/**
 * How an erased email address is named on the bus and in suppression lists: the hex SHA-256 of the
 * address, trimmed and lowercased first (identity.recipient.erased's email_sha256).
 */
export const emailHash = (address: string): string =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

/**
 * The service's read-model consumer, ready to start with the process's database, bus and logger: what
 * each service's events/consumers.ts exports.
 */
export function readModelConsumerOf(
  service: string,
  subscriptions: Subscription[],
): (deps: { db: Database; bus: Bus; logger: Logger }) => Promise<() => Promise<void>> {
  return (deps) => startReadModelConsumer({ ...deps, service, subscriptions });
}
