import { currentUser } from '@spa/kit';
import type { FastifyRequest } from 'fastify';
import type { DeleteRequest } from '../use-cases/future-appointments.js';

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

/** The delete's `?cancelFuture=true` and the admin asking (read only when cancelling). */
export function deleteRequestOf(request: FastifyRequest): DeleteRequest {
  const { cancelFuture } = (request.query ?? {}) as { cancelFuture?: boolean };
  return {
    cancelFuture: Boolean(cancelFuture),
    by: () => {
      const admin = currentUser(request);
      return { id: admin.id, name: admin.name };
    },
  };
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
