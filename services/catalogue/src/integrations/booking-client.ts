import { AppError, createInternalClient, InternalCallError, z, type ServiceAuth } from '@spa/kit';

/**
 * Catalogue's one client of booking: how many future active appointments use a room or a treatment,
 * and cancelling them through booking's own cancel path (so customers are told and prepaid ones are
 * refunded). Catalogue never reads booking's database.
 */
export type BookedThing = { roomId: string } | { serviceId: string };

export interface BookingClient {
  futureAppointments(target: BookedThing): Promise<number>;
  /** Cancels them all (in batches) and answers how many were cancelled. */
  cancelFutureAppointments(target: BookedThing, by: { id: string; name: string }): Promise<number>;
}

const unavailable = () =>
  new AppError(
    503,
    'BOOKING_UNAVAILABLE',
    'The appointments that depend on this could not be checked right now. Please try again.',
  );

const count = z.object({ futureAppointments: z.number().int() });
const cancelled = z.object({ cancelled: z.number().int(), remaining: z.number().int() });

export function createBookingClient(settings: {
  baseUrl: string;
  timeoutMs: number;
  /** Signs each call: booking refuses unsigned /internal calls. */
  serviceAuth?: ServiceAuth;
}): BookingClient {
  const booking = createInternalClient({
    callee: 'booking',
    baseUrl: settings.baseUrl,
    auth: settings.serviceAuth,
    timeoutMs: settings.timeoutMs,
  });
  // Any failure is the one answer the admin can act on: try again.
  const orUnavailable = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      throw error instanceof InternalCallError ? unavailable() : error;
    });

  return {
    async futureAppointments(target) {
      const body = await orUnavailable(booking.get('/internal/dependents', count, { query: target }));
      return body.futureAppointments;
    },
    async cancelFutureAppointments(target, by) {
      let total = 0;
      // Booking cancels at most one batch a call; a thing used by more asks again (bounded). Not
      // retried (no idempotency key): a repeat would cancel the next batch.
      for (let round = 0; round < 50; round += 1) {
        const body = await orUnavailable(
          booking.post('/internal/dependents/cancel', { ...target, byId: by.id, byName: by.name }, cancelled),
        );
        total += body.cancelled;
        if (body.remaining === 0) return total;
      }
      throw unavailable();
    },
  };
}
