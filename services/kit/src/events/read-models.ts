import { createHash } from 'node:crypto';
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
  /** This database's read-model generation id (the row its migrations wrote in read_model_generation). */
  generationId(db: Database): Promise<string>;
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
  const generation = await options.generationId(options.db);
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
