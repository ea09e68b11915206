import { EventConsumer, type Bus, type Database, type Logger } from '@spa/kit';
import { readModelGenerationId } from '../db/reports.repository.js';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The reports' read models are built by a consumer group whose id carries this database's read-model
 * generation (written by the migration that created the tables): a fresh or recreated database starts
 * a new group with no committed offsets, which reads every topic from the beginning (the kit's consumer
 * subscribes with fromBeginning), while replicas sharing one database share the group. The service's
 * own group ("billing", started by runService) keeps handling identity.user.erased.
 */
export async function startReadModelConsumer(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const generation = await readModelGenerationId(deps.db);
  const consumer = new EventConsumer({
    name: `billing.read-models.${generation}`,
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    subscriptions: readModelSubscriptions,
  });
  await consumer.start();
  return () => consumer.stop();
}
