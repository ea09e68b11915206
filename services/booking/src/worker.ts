import { bullConnection, type Logger } from '@spa/kit';
import { Queue, Worker } from 'bullmq';
import type { BookingConfig } from './config.js';
import { expireHolds } from './use-cases/payment-holds.js';
import type { BookingContext } from './use-cases/context.js';

export const PAYMENT_HOLDS_QUEUE = 'booking.payment-holds';
const SWEEP_SCHEDULER = 'expired-payment-holds';

/**
 * Releases unpaid online bookings whose hold ran out. One BullMQ job scheduler runs the sweep every
 * HOLD_SWEEP_INTERVAL_MS, whatever the number of replicas; each sweep locks the rows it releases
 * (skipping locked ones), so two sweeps never release one booking twice.
 */
export async function startPaymentHoldWorker(
  context: BookingContext & { config: BookingConfig; logger: Logger },
): Promise<() => Promise<void>> {
  const { config, logger } = context;
  const connection = bullConnection(config.redisUrl);
  const queue = new Queue(PAYMENT_HOLDS_QUEUE, { connection, prefix: config.queuePrefix });
  queue.on('error', (error) => logger.warn({ err: error }, 'payment hold queue error'));
  await queue.upsertJobScheduler(
    SWEEP_SCHEDULER,
    { every: config.holdSweepIntervalMs },
    { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: 100 } },
  );
  const worker = new Worker(
    PAYMENT_HOLDS_QUEUE,
    async () => {
      const released = await expireHolds(context);
      if (released > 0) logger.info({ released }, 'released unpaid online bookings');
      return released;
    },
    { connection, prefix: config.queuePrefix, concurrency: 1 },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ err: error, jobId: job?.id }, 'payment hold sweep failed'),
  );
  worker.on('error', (error) => logger.warn({ err: error }, 'payment hold worker error'));
  return async () => {
    await worker.close();
    await queue.close();
    connection.disconnect();
  };
}
