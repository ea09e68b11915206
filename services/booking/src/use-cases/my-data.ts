import type { Tx } from '@spa/kit';
import {
  appointmentsOfCustomer,
  forgetCustomer,
  futureOpenAppointmentIds,
  historyOfAppointments,
} from '../db/my-data.repository.js';
import { cancelAppointment } from './cancel-appointment.js';
import { nowOf, type BookingContext } from './context.js';

/** What an erased customer's kept appointments show instead of their name. */
const ERASED_NAME = 'Erased customer';

/**
 * Booking's part of "Download my data": the customer's own appointments (money in paise, times in UTC)
 * as stored, each with its history. Nobody else's.
 */
export async function exportMyAppointments(context: BookingContext, customerId: string) {
  const own = await appointmentsOfCustomer(context.db, customerId);
  const history = own.length
    ? await historyOfAppointments(
        context.db,
        own.map((row) => row.id),
      )
    : [];
  return {
    appointments: own.map((row) => ({
      ...row,
      history: history.filter((entry) => entry.appointmentId === row.id),
    })),
  };
}

/**
 * The customer deleted their account (identity.user.erased), all inside `tx`, the consumer's transaction:
 * - Their future open appointments are cancelled through the normal cancellation (history row and
 *   booking.appointment.cancelled, on which commerce refunds a captured online payment).
 * - Every appointment of theirs is kept, with its history, (the spa's record of services given, and
 *   past ones may be billed) with the name and email replaced; the user read model loses name, email
 *   and phone.
 * Running it again changes nothing more.
 */
export async function eraseCustomer(context: BookingContext, tx: Tx, customerId: string): Promise<void> {
  const future = await futureOpenAppointmentIds(tx, customerId, nowOf(context));
  for (const { id } of future)
    await cancelAppointment(context, id, { id: customerId, name: ERASED_NAME, role: 'user' }, 'customer', tx);
  await forgetCustomer(tx, customerId, ERASED_NAME);
}
