import { EventConsumer, type Bus, type Database, type Logger } from '@spa/kit';
import { readModelGenerationId } from '../db/read-models.repository.js';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The products mirror is built by a consumer group whose id carries this database's read-model
 * generation (written by the migration that created the table): a fresh or recreated database starts
 * a new group with no committed offsets, which reads catalogue.product.v1 from the beginning, while
 * replicas sharing one database share the group. The service's own group ("commerce", started by
 * runService) keeps handling booking's and identity's facts.
 */
export async function startReadModelConsumer(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const generation = await readModelGenerationId(deps.db);
  const consumer = new EventConsumer({
    name: `commerce.read-models.${generation}`,
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    subscriptions: readModelSubscriptions,
  });
  await consumer.start();
  return () => consumer.stop();
}
