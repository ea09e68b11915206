import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { appointmentHistory, appointments, users } from '../../db/schema.js';
import { OPEN_STATUSES } from '../../domain/appointment.js';
import { cancelAppointment } from '../../use-cases/cancel-appointment.js';
import type { BookingContext } from '../../use-cases/context.js';

/** What an erased customer's kept appointments show instead of their name. */
const ERASED_NAME = 'Erased customer';

/**
 * identity.user.erased: the customer deleted their account.
 * - Their future open appointments are cancelled through the normal cancellation (history row and
 *   booking.appointment.cancelled, on which commerce refunds a captured online payment).
 * - Every appointment of theirs is kept, with its history, (the spa's record of services given, and past ones may be
 *   billed) with the name and email replaced; the user read model loses name, email and phone.
 * Running it again changes nothing more (and the consumer's inbox runs it once).
 */
export const userErased =
  (context: BookingContext): EventHandler<typeof events.userErased> =>
  async (tx, payload) => {
    const customerId = payload.userId;
    const future = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.customerId, customerId),
          inArray(appointments.status, [...OPEN_STATUSES]),
          gt(appointments.startsAt, context.now?.() ?? new Date()),
        ),
      );
    for (const { id } of future)
      await cancelAppointment(
        context,
        id,
        { id: customerId, name: ERASED_NAME, role: 'user' },
        'customer',
        tx,
      );
    await tx
      .update(appointments)
      .set({ customerName: ERASED_NAME, customerEmail: '' })
      .where(eq(appointments.customerId, customerId));
    await tx
      .update(appointmentHistory)
      .set({ actorName: ERASED_NAME })
      .where(eq(appointmentHistory.actorId, customerId));
    await tx
      .update(users)
      .set({ name: ERASED_NAME, email: '', phone: '', deleted: true })
      .where(eq(users.id, customerId));
  };
