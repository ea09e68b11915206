import { AppError, currentUser } from '@spa/kit';
import type { FastifyRequest } from 'fastify';
import type { BookedThing, BookingClient } from '../integrations/booking-client.js';

/** `?cancelFuture=true` on DELETE /admin/rooms/:id and /admin/services/:id. */
export const cancelFutureQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    cancelFuture: {
      type: 'boolean',
      description:
        'Cancel every future appointment that uses it first (each customer is told; prepaid ones are refunded), then delete',
    },
  },
} as const;

export const guardedDeleteDescription =
  'When future active appointments use it, answers 409 HAS_FUTURE_APPOINTMENTS with their number ' +
  '(`details[0].futureAppointments`) and deletes nothing: deactivate it instead (no new bookings, those ' +
  'appointments kept), or repeat with `?cancelFuture=true` to cancel them through booking (customers ' +
  'get the cancellation email; prepaid ones are refunded) and delete. 503 BOOKING_UNAVAILABLE when ' +
  'booking cannot be asked.';

/**
 * Before deleting a room or a treatment: asks booking how many future active appointments use it.
 * None: nothing to do. Some: a 409 naming how many, unless the admin asked to cancel them, in which
 * case booking cancels them all (its normal cancel path) and the answer says how many.
 */
export async function clearFutureAppointments(
  request: FastifyRequest,
  booking: BookingClient,
  target: BookedThing,
  what: string,
): Promise<number> {
  const future = await booking.futureAppointments(target);
  if (future === 0) return 0;
  const { cancelFuture } = (request.query ?? {}) as { cancelFuture?: boolean };
  if (!cancelFuture) {
    const message = `${what} has ${future} future appointment${future === 1 ? '' : 's'}. Deactivate it instead, or cancel ${future === 1 ? 'it' : 'them'} and delete.`;
    throw new AppError(409, 'HAS_FUTURE_APPOINTMENTS', message, [
      { field: 'futureAppointments', message, futureAppointments: future },
    ]);
  }
  const admin = currentUser(request);
  return booking.cancelFutureAppointments(target, { id: admin.id, name: admin.name });
}

/** The answer of a delete: the spec's message, and how many appointments were cancelled with it. */
export function deletedMessage(message: string, cancelled: number) {
  return cancelled === 0
    ? { message }
    : {
        message: `${message}; ${cancelled} appointment${cancelled === 1 ? ' was' : 's were'} cancelled and the customers notified`,
        cancelledAppointments: cancelled,
      };
}

export const deletedSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, cancelledAppointments: { type: 'integer' } },
} as const;
