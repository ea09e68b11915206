import { AppError } from '@spa/kit';
import type { BookedThing, BookingClient } from '../integrations/booking-client.js';

/** What the admin asked of a delete: `?cancelFuture=true`, and who they are (asked only when cancelling). */
export interface DeleteRequest {
  cancelFuture: boolean;
  by: () => { id: string; name: string };
}

/**
 * Before deleting a room or a treatment: asks booking how many future active appointments use it.
 * None: nothing to do. Some: a 409 naming how many, unless the admin asked to cancel them, in which
 * case booking cancels them all (its normal cancel path) and the answer says how many.
 */
export async function clearFutureAppointments(
  booking: BookingClient,
  target: BookedThing,
  what: string,
  { cancelFuture, by }: DeleteRequest,
): Promise<number> {
  const future = await booking.futureAppointments(target);
  if (future === 0) return 0;
  if (!cancelFuture) {
    const message = `${what} has ${future} future appointment${future === 1 ? '' : 's'}. Deactivate it instead, or cancel ${future === 1 ? 'it' : 'them'} and delete.`;
    throw new AppError(409, 'HAS_FUTURE_APPOINTMENTS', message, [
      { field: 'futureAppointments', message, futureAppointments: future },
    ]);
  }
  return booking.cancelFutureAppointments(target, by());
}
