import { AppError, forbidden, notFound, type AuthUser } from '@spa/kit';
import { clock24Text, toLocal, type RoomCapacity, type RoomType } from '@spa/rules';
import type { Plain } from '../events/publishes.js';
import type { bookingV1 } from '@spa/proto';
import { bookingEvents } from '../events/publishes.js';
import { lockAppointment } from '../db/appointment-locks.repository.js';
import { findAppointmentView } from '../db/appointment-views.repository.js';
import { existingRooms } from '../db/occupancy.repository.js';
import { lockCustomerBookings } from '../db/fair-holds.repository.js';
import { findBookableService } from '../db/read-models.repository.js';
import type { WaitlistRow } from '../db/schema.js';
import {
  activeEntriesOf,
  entriesOf,
  entryOfferedAs,
  insertWaitlistEntry,
  lockWaitlistEntry,
  updateWaitlistEntry,
  waitingOn,
} from '../db/waitlist.repository.js';
import { payableOnline, type Actor } from '../domain/appointment.js';
import { roomChoicePrices } from '../domain/availability.js';
import { paiseToRupees } from '../domain/pricing.js';
import { dateOfDay, dayOfDate, hoursOfDay, minuteOfClock } from '../domain/special-days.js';
import {
  MAX_WAITING_PER_CUSTOMER,
  OFFER_CANDIDATES,
  roomChoiceToHold,
  startsInWindow,
  windowProblem,
  type WaitWindow,
} from '../domain/waitlist.js';
import { appointmentMessage } from '../events/publishes.js';
import { fieldError } from '../domain/field-error.js';
import { bookableOption, bookableTimes } from './find-availability.js';
import { bookAppointment } from './book-appointment.js';
import { cancelAppointment } from './cancel-appointment.js';
import { nowOf, todayOf, type BookingContext } from './context.js';
import { specialDaysAround } from './manage-special-days.js';

/** Who holds a freed time for a waiting customer, in the appointment's history. */
const WAITLIST_ACTOR: Actor = { id: 'system', name: 'Waitlist', role: 'system' };

export interface JoinWaitlistRequest {
  serviceId: string;
  durationMinutes: number;
  pricingOptionId?: string;
  /** YYYY-MM-DD, local. */
  date: string;
  /** "HH:MM", the earliest and latest start that suit. */
  from: string;
  to: string;
}

function entryMessage(entry: WaitlistRow): Plain<bookingV1.WaitlistEntry> {
  return {
    entryId: entry.id,
    customerId: entry.customerId,
    customerName: entry.customerName,
    customerEmail: entry.customerEmail,
    serviceId: entry.serviceId,
    serviceName: entry.serviceName,
    durationMinutes: entry.durationMinutes,
    date: entry.date,
    fromMinute: entry.fromMinute,
    toMinute: entry.toMinute,
    status: entry.status,
  };
}

/** A day's bookable starts for the entry's treatment, each with its local minute. */
async function freeStartsOn(
  context: BookingContext,
  choice: Pick<JoinWaitlistRequest, 'serviceId' | 'durationMinutes' | 'pricingOptionId' | 'date'>,
) {
  const times = await bookableTimes(
    context,
    {
      serviceId: choice.serviceId,
      durationMinutes: choice.durationMinutes,
      pricingOptionId: choice.pricingOptionId,
      from: choice.date,
      days: 1,
    },
    nowOf(context),
  );
  return (times.days[0]?.starts ?? []).map((start) => ({
    ...start,
    minute: toLocal(Date.parse(start.start), context.config.rules.timeZone).minute,
  }));
}

/**
 * POST /appointments/waitlist: a customer asks to be told when a start in a window of one day comes
 * free. Refused when the window already has a free start (book it instead: 409 with the starts), on a
 * closed or past day, for a window outside the day's hours, twice for one treatment and day, or beyond
 * MAX_WAITING_PER_CUSTOMER at once.
 */
export async function joinWaitlist(context: BookingContext, request: JoinWaitlistRequest, caller: AuthUser) {
  if (caller.role !== 'user')
    throw forbidden('The waitlist is for customers; the desk books by phone instead.');
  const { rules } = context.config;
  const day = dayOfDate(request.date);
  if (day === undefined)
    throw fieldError(400, 'VALIDATION_FAILED', 'date', 'The date must be a real date like 2026-12-03.');
  const today = todayOf(context);
  if (day < today) throw fieldError(422, 'DATE_PASSED', 'date', 'That day has passed.');
  if (day > today + rules.maxDaysAhead)
    throw fieldError(422, 'TOO_FAR_AHEAD', 'date', `Bookings open ${rules.maxDaysAhead} days ahead.`);
  // "HH:MM" (the route's schema checked the form).
  const fromMinute = minuteOfClock(request.from);
  const toMinute = minuteOfClock(request.to);
  const window: WaitWindow = { fromMinute, toMinute };
  const { service, option } = bookableOption(
    await findBookableService(context.db, request.serviceId),
    request,
  );
  const hours = hoursOfDay(rules, await specialDaysAround(context, day, day), day);
  if (!hours) throw fieldError(422, 'DAY_CLOSED', 'date', 'The spa is closed that day.');
  const problem = windowProblem(window, hours, option.durationMinutes);
  if (problem) throw fieldError(422, 'VALIDATION_FAILED', 'from', problem);

  const free = startsInWindow(
    await freeStartsOn(context, { ...request, durationMinutes: option.durationMinutes }),
    window,
  );
  if (free.length > 0)
    throw new AppError(
      409,
      'TIMES_FREE',
      `There are free times in that window (${free
        .slice(0, 3)
        .map(({ minute }) => clock24Text(minute))
        .join(', ')}): book one of them instead.`,
      free.map(({ start }) => ({ field: 'from', message: 'free', start })),
    );

  const now = nowOf(context);
  return context.db.transaction(async (tx) => {
    await lockCustomerBookings(tx, caller.id);
    const active = await activeEntriesOf(tx, caller.id, dateOfDay(today));
    if (active.some((entry) => entry.serviceId === service.id && entry.date === request.date))
      throw new AppError(
        409,
        'ALREADY_WAITING',
        `You are already on the waitlist for ${service.name} that day.`,
      );
    if (active.length >= MAX_WAITING_PER_CUSTOMER)
      throw new AppError(
        422,
        'WAITLIST_FULL',
        `You can wait for ${MAX_WAITING_PER_CUSTOMER} times at once; leave one in My Appointments first.`,
      );
    const entry = await insertWaitlistEntry(tx, {
      customerId: caller.id,
      customerName: caller.name,
      customerEmail: caller.email,
      serviceId: service.id,
      serviceName: service.name,
      pricingOptionId: option.id,
      durationMinutes: option.durationMinutes,
      date: request.date,
      fromMinute,
      toMinute,
      status: 'waiting',
      createdAt: now,
      updatedAt: now,
    });
    await context.publish(tx, bookingEvents.waitlistJoined, entry.id, { entry: entryMessage(entry) });
    return entry;
  });
}

/** GET /appointments/waitlist: the caller's entries from today on, each with its offer's state. */
export async function myWaitlist(context: BookingContext, caller: AuthUser) {
  return entriesOf(context.db, caller.id, dateOfDay(todayOf(context)));
}

/**
 * DELETE /appointments/waitlist/:id: the customer leaves. A time held for them is let go at once (and
 * offered to the next one waiting); an offer already paid for is a booking and stays one (409).
 */
export async function leaveWaitlist(context: BookingContext, id: string, caller: AuthUser) {
  const now = nowOf(context);
  const { entry, release } = await context.db.transaction(async (tx) => {
    const found = await lockWaitlistEntry(tx, id);
    if (!found || found.customerId !== caller.id) throw notFound('Waitlist entry not found');
    if (found.status !== 'waiting' && found.status !== 'offered') return { entry: found, release: null };
    let hold: string | null = null;
    if (found.status === 'offered' && found.appointmentId) {
      const appointment = await lockAppointment(tx, found.appointmentId);
      if (appointment?.paymentStatus === 'Paid')
        throw new AppError(409, 'OFFER_TAKEN', 'You booked this time: cancel the appointment instead.');
      if (appointment && appointment.status !== 'Cancelled') hold = appointment.id;
    }
    const left = await updateWaitlistEntry(tx, found.id, { status: 'left', updatedAt: now });
    await context.publish(tx, bookingEvents.waitlistLeft, left.id, {
      entry: entryMessage(left),
      reason: 'left',
    });
    return { entry: left, release: hold };
  });
  if (release) await cancelAppointment(context, release, WAITLIST_ACTOR, 'customer');
  return entry;
}

/**
 * Time came free on a day (a cancellation, a move, an offer let go): the first one waiting whose
 * window has a free start is offered the earliest, held for them as an online booking waiting for
 * payment (the usual payment hold: unpaid, the sweeper releases it and this runs again for the next).
 * Answers the entry offered, if any.
 */
async function offerFreedTime(
  context: BookingContext,
  date: string,
  preferredType?: string,
): Promise<WaitlistRow | undefined> {
  const day = dayOfDate(date);
  if (day === undefined || day < todayOf(context)) return undefined;
  for (const entry of await waitingOn(context.db, date, OFFER_CANDIDATES)) {
    const offered = await offerTo(context, entry, preferredType);
    if (offered) return offered;
  }
  return undefined;
}

async function offerTo(
  context: BookingContext,
  entry: WaitlistRow,
  preferredType?: string,
): Promise<WaitlistRow | undefined> {
  let starts;
  let optionPricePaise: number;
  try {
    const { option } = bookableOption(await findBookableService(context.db, entry.serviceId), {
      durationMinutes: entry.durationMinutes,
      pricingOptionId: entry.pricingOptionId ?? undefined,
    });
    optionPricePaise = option.pricePaise;
    starts = startsInWindow(
      await freeStartsOn(context, { ...entry, pricingOptionId: entry.pricingOptionId ?? undefined }),
      entry,
    );
  } catch (error) {
    // The treatment or its option is gone: nothing can be offered for this entry.
    if (error instanceof AppError && error.statusCode < 500) return undefined;
    throw error;
  }
  if (starts.length === 0) return undefined;
  // Priced as the wizard offers each choice, so the hold charges what a customer booking it would pay.
  const prices = roomChoicePrices(await existingRooms(context.db));
  const customer = { id: entry.customerId, name: entry.customerName, email: entry.customerEmail };
  for (const start of starts) {
    const choice = roomChoiceToHold(start.rooms, prices, preferredType);
    if (!choice) continue;
    const [type, capacity] = choice.key.split('|') as [RoomType, RoomCapacity];
    let booked;
    try {
      booked = await bookAppointment(
        context,
        {
          serviceId: entry.serviceId,
          durationMinutes: entry.durationMinutes,
          pricingOptionId: entry.pricingOptionId ?? undefined,
          type,
          capacity,
          appointmentDateTime: start.start,
          paymentMethod: 'online',
          roomPrice: paiseToRupees(choice.pricePaise),
          totalPrice: paiseToRupees(optionPricePaise + choice.pricePaise),
        },
        { ...customer, role: 'user' } as AuthUser,
        customer,
        { actor: WAITLIST_ACTOR, note: 'Held from the waitlist' },
      );
    } catch (error) {
      // Taken meanwhile, or the customer holds too much already (fair holds): the next start, or the next one waiting.
      if (error instanceof AppError && error.statusCode < 500) {
        context.logger.info({ entryId: entry.id, code: error.code }, 'waitlist: not offered');
        if (error.code === 'TOO_MANY_UNPAID_BOOKINGS') return undefined;
        continue;
      }
      throw error;
    }
    const { appointment } = booked;
    const now = nowOf(context);
    const offered = await context.db.transaction(async (tx) => {
      const current = await lockWaitlistEntry(tx, entry.id);
      if (current?.status !== 'waiting') return undefined;
      const updated = await updateWaitlistEntry(tx, entry.id, {
        status: 'offered',
        appointmentId: appointment.id,
        offeredAt: now,
        offerExpiresAt: appointment.paymentHoldExpiresAt,
        updatedAt: now,
      });
      await context.publish(tx, bookingEvents.waitlistOffered, entry.id, {
        entry: entryMessage(updated),
        appointment: appointmentMessage(appointment, context.config.rules.timeZone),
        expiresMs: BigInt(appointment.paymentHoldExpiresAt?.getTime() ?? 0),
      });
      return updated;
    });
    // The customer left while the time was being held: let it go again.
    if (!offered) await cancelAppointment(context, appointment.id, WAITLIST_ACTOR, 'customer');
    return offered;
  }
  return undefined;
}

/**
 * booking.appointment.cancelled: an offer's hold that ran out expires its entry (a paid one that was
 * cancelled later closes it); then the freed time goes to whoever waits for that day.
 */
export async function onAppointmentCancelled(
  context: BookingContext,
  appointment: { id: string; startMs: bigint; roomType: string },
  reason: string,
): Promise<void> {
  const now = nowOf(context);
  await context.db.transaction(async (tx) => {
    const entry = await entryOfferedAs(tx, appointment.id);
    if (entry?.status !== 'offered') return;
    const status = reason === 'payment-expired' ? 'expired' : 'closed';
    const updated = await updateWaitlistEntry(tx, entry.id, { status, updatedAt: now });
    await context.publish(tx, bookingEvents.waitlistLeft, entry.id, {
      entry: entryMessage(updated),
      reason: status,
    });
  });
  const date = dateOfDay(toLocal(Number(appointment.startMs), context.config.rules.timeZone).day);
  await offerFreedTime(context, date, appointment.roomType);
}

/** booking.appointment.rescheduled: the time it left is free for whoever waits for that day. */
export async function onAppointmentMoved(
  context: BookingContext,
  previousStartMs: bigint,
  roomType: string,
): Promise<void> {
  const date = dateOfDay(toLocal(Number(previousStartMs), context.config.rules.timeZone).day);
  await offerFreedTime(context, date, roomType);
}

/**
 * POST /appointments/:id/payment: the provider order for the caller's own online booking that is still
 * waiting for payment (a time the waitlist held for them), so the checkout can open on it. Commerce
 * answers the same order when asked again.
 */
export async function paymentForHold(context: BookingContext, id: string, caller: AuthUser) {
  const view = await findAppointmentView(context.db, id);
  if (!view || view.customerId !== caller.id) throw notFound('Appointment not found');
  if (view.paymentMethod !== 'online' || view.paymentStatus === 'Paid' || view.status === 'Cancelled')
    throw new AppError(409, 'NOTHING_TO_PAY', 'This appointment is not waiting for an online payment.');
  if (view.paymentHoldExpiresAt && view.paymentHoldExpiresAt.getTime() <= nowOf(context).getTime())
    throw new AppError(409, 'APPOINTMENT_EXPIRED', 'The time held for you has been released.');
  const payment = await context.commerce.createPayment({
    appointmentId: view.id,
    customerId: view.customerId,
    amountPaise: payableOnline(view),
    description: `${view.serviceName} (${view.durationLabel}), ${view.appointmentCode}`,
    payableUntil: view.paymentHoldExpiresAt?.toISOString(),
  });
  return { view, payment };
}
