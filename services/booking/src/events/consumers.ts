import { EventConsumer, startReadModelConsumer, type Bus, type Logger } from '@spa/kit';
import type { BookingContext } from '../use-cases/context.js';
import { readModelSubscriptions, subscriptions } from './subscriptions.js';

/**
 * Booking's two consumers. The read models are built by the kit's read-model consumer (group
 * `booking.read-models.<generation>`, reading every compacted topic from the beginning when the
 * database is new). The payment facts go to the service's own group ("booking").
 */
export async function startConsumers(
  context: BookingContext & { bus: Bus; logger: Logger },
): Promise<() => Promise<void>> {
  const stopReadModels = await startReadModelConsumer({
    service: 'booking',
    db: context.db,
    bus: context.bus,
    logger: context.logger,
    subscriptions: readModelSubscriptions(context.fullSlots),
  });
  const consumer = new EventConsumer({
    name: context.config.serviceName,
    db: context.db,
    bus: context.bus,
    logger: context.logger,
    subscriptions: subscriptions(context),
  });
  await consumer.start();
  return async () => {
    await stopReadModels();
    await consumer.stop();
  };
}
