import { EventConsumer, type Bus, type Logger } from '@spa/kit';
import { readModelGenerationId } from '../db/read-models.repository.js';
import type { BookingContext } from '../use-cases/context.js';
import { readModelSubscriptions, subscriptions } from './subscriptions.js';

/**
 * Booking's two consumers. The payment facts go to the service's own group ("booking"). The read
 * models are built by a group whose id carries this database's read-model generation (written by the
 * migration that created the database): a fresh or recreated database starts a new group with no
 * committed offsets, which reads every compacted topic from the beginning; replicas sharing one
 * database share the group.
 */
export async function startConsumers(
  context: BookingContext & { bus: Bus; logger: Logger },
): Promise<() => Promise<void>> {
  const generation = await readModelGenerationId(context.db);
  const consumers = [
    new EventConsumer({
      name: `booking.read-models.${generation}`,
      db: context.db,
      bus: context.bus,
      logger: context.logger,
      subscriptions: readModelSubscriptions,
    }),
    new EventConsumer({
      name: context.config.serviceName,
      db: context.db,
      bus: context.bus,
      logger: context.logger,
      subscriptions: subscriptions(context),
    }),
  ];
  for (const consumer of consumers) await consumer.start();
  return async () => {
    for (const consumer of consumers) await consumer.stop();
  };
}
