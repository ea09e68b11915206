import { AppError, propagationHeaders, type ServiceAuth } from '@spa/kit';

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

export function createBookingClient(settings: {
  baseUrl: string;
  timeoutMs: number;
  /** Signs each call: booking refuses unsigned /internal calls. */
  serviceAuth?: ServiceAuth;
}): BookingClient {
  const base = settings.baseUrl.replace(/\/$/, '');

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          ...propagationHeaders(),
          ...(await settings.serviceAuth?.headersFor('booking')),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!response.ok || !body) throw unavailable();
    return body;
  }

  return {
    async futureAppointments(target) {
      const body = await call(`/internal/dependents?${new URLSearchParams(target).toString()}`, {
        method: 'GET',
      });
      return Number(body.futureAppointments ?? 0);
    },
    async cancelFutureAppointments(target, by) {
      let cancelled = 0;
      // Booking cancels at most one batch a call; a thing used by more asks again (bounded).
      for (let round = 0; round < 50; round += 1) {
        const body = await call('/internal/dependents/cancel', {
          method: 'POST',
          body: { ...target, byId: by.id, byName: by.name },
        });
        cancelled += Number(body.cancelled ?? 0);
        if (Number(body.remaining ?? 0) === 0) return cancelled;
      }
      throw unavailable();
    },
  };
}
