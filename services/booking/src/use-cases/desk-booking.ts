import { forbidden, type AuthUser } from '@spa/kit';
import { noShowCounts } from '../db/appointment-lists.repository.js';
import { isUuid } from '../db/pg-errors.js';
import { findUser, searchCustomers } from '../db/read-models.repository.js';
import { fieldError } from '../domain/field-error.js';
import type { BookingRequest } from '../domain/booking.js';
import { bookAppointment, type Booked } from './book-appointment.js';
import { isDesk } from './calendar.js';
import type { BookingContext } from './context.js';

/*
 * Walk-ins and phone bookings: the desk (an admin, a manager or a receptionist)
 * finds the customer in booking's copy of identity's users, or has identity create one on the spot,
 * and books for them, paid at the counter. The slot engine, the prices and the fair holds are the
 * customer's own booking's; only who booked differs (the history says the desk).
 */

const CUSTOMER_RESULTS = 10;

export const BOOKING_FOR_OTHERS =
  'Booking for a customer is for the front desk: admins, managers and receptionists.';

async function assertDeskUser(context: BookingContext, caller: AuthUser): Promise<void> {
  if (!(await isDesk(context.db, caller))) throw forbidden(BOOKING_FOR_OTHERS);
}

/** GET /appointments/customers?search=: up to ten customers, with their no-shows so far. */
export async function findCustomers(context: BookingContext, search: string, caller: AuthUser) {
  await assertDeskUser(context, caller);
  const text = search.trim();
  if (text.length < 2)
    throw fieldError(
      400,
      'VALIDATION_FAILED',
      'search',
      'Type at least two letters or digits of a name, phone or email.',
    );
  const found = await searchCustomers(context.db, text, CUSTOMER_RESULTS);
  const noShows = await noShowCounts(
    context.db,
    found.map((customer) => customer.id),
  );
  return {
    customers: found.map((customer) => ({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      noShows: noShows.get(customer.id) ?? 0,
    })),
  };
}

/** POST /appointments/auto-assign with a customerId: the desk books for that customer, cash only. */
export async function bookAtDesk(
  context: BookingContext,
  request: BookingRequest,
  customerId: string,
  caller: AuthUser,
): Promise<Booked> {
  await assertDeskUser(context, caller);
  if (request.paymentMethod !== 'cash')
    throw fieldError(
      422,
      'PAY_AT_COUNTER',
      'paymentMethod',
      'A booking made at the desk is paid at the counter: choose cash.',
    );
  const customer = isUuid(customerId) ? await findUser(context.db, customerId) : undefined;
  if (!customer || customer.role !== 'user')
    throw fieldError(
      422,
      'CUSTOMER_UNKNOWN',
      'customerId',
      'Booking does not know this customer yet. A customer just created appears within a few seconds: try again.',
    );
  return bookAppointment(context, request, caller, {
    id: customer.id,
    name: customer.name,
    email: customer.email,
  });
}
