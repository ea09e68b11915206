import { AppError, createInternalClient, InternalCallError, z, type ServiceAuth } from '@spa/kit';

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

const count = z.object({ futureAppointments: z.number().int() });
const released = z.object({ released: z.number().int(), remaining: z.number().int() });

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

  /** Booking's count of the future active appointments of one employee or one customer. */
  const countFuture = async (target: { employeeId: string } | { customerId: string }) =>
    (await orUnavailable(booking.get('/internal/dependents', count, { query: target }))).futureAppointments;

  return {
    futureAssignments: (employeeId) => countFuture({ employeeId }),
    futureBookings: (customerId) => countFuture({ customerId }),
    async releaseAssignments(employeeId, by) {
      let total = 0;
      // One batch a call, so not retried (no idempotency key): a repeat would release the next batch.
      for (let round = 0; round < 50; round += 1) {
        const body = await orUnavailable(
          booking.post(
            '/internal/dependents/release',
            { employeeId, byId: by.id, byName: by.name },
            released,
          ),
        );
        total += body.released;
        if (body.remaining === 0) return total;
      }
      throw unavailable();
    },
  };
}
