import { AppError, propagationHeaders, type ServiceAuth } from '@spa/kit';

/**
 * Identity's one client of booking: how many future active appointments an employee is assigned to,
 * and handing them back to the assignment pool when the employee leaves the team. Identity never
 * reads booking's database.
 */
export interface BookingClient {
  futureAssignments(employeeId: string): Promise<number>;
  /** How many future active appointments a customer has booked. */
  futureBookings(customerId: string): Promise<number>;
  /** Unassigns them all (in batches) and answers how many went back to the pool. */
  releaseAssignments(employeeId: string, by: { id: string; name: string }): Promise<number>;
}

const unavailable = () =>
  new AppError(
    503,
    'BOOKING_UNAVAILABLE',
    "The user's appointments could not be checked right now. Please try again.",
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

  /** Booking's count of the future active appointments of one employee or one customer. */
  async function countFuture(target: { employeeId: string } | { customerId: string }) {
    const body = await call(`/internal/dependents?${new URLSearchParams(target).toString()}`, {
      method: 'GET',
    });
    return Number(body.futureAppointments ?? 0);
  }

  return {
    futureAssignments: (employeeId) => countFuture({ employeeId }),
    futureBookings: (customerId) => countFuture({ customerId }),
    async releaseAssignments(employeeId, by) {
      let released = 0;
      for (let round = 0; round < 50; round += 1) {
        const body = await call('/internal/dependents/release', {
          method: 'POST',
          body: { employeeId, byId: by.id, byName: by.name },
        });
        released += Number(body.released ?? 0);
        if (Number(body.remaining ?? 0) === 0) return released;
      }
      throw unavailable();
    },
  };
}
