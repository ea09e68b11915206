import { randomUUID } from 'node:crypto';
import { AppError, type AuthUser } from '@spa/kit';
import { chooseRoomPrice, type RoomType } from '@spa/rules';
import { payableOnline, SYSTEM_ACTOR, type Actor, type PaymentMethod } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { startProblem } from '../domain/availability.js';
import {
  depositTerms,
  fairHoldProblem,
  NO_TERMS,
  prepayProblem,
  type BookingRequest,
  type DepositTerms,
} from '../domain/booking.js';
import { fieldError } from '../domain/field-error.js';
import { compactLocalDate } from '@spa/rules';
import {
  formatRupees,
  priceAppointment,
  quoteMismatches,
  roomsOfChoice,
  rupeesToPaise,
} from '../domain/pricing.js';
import { toView } from '../db/appointment-views.repository.js';
import {
  appointmentCodeFor,
  insertAppointmentWithHistory,
  type HistoryInput,
  updateAppointment,
} from '../db/appointment-writes.repository.js';
import { customerBookingsKey, customerStanding, heldAppointments } from '../db/fair-holds.repository.js';
import { findBookableService, findUser } from '../db/read-models.repository.js';
import type { RoomRow } from '../db/schema.js';
import { actorMessage, appointmentMessage, bookingEvents } from '../events/publishes.js';
import { PaymentUnavailableError, type PaymentOrder } from '../integrations/commerce-client.js';
import { allocate, rankedFreeEmployees, roomsAt, slotOf, type RoomsAt, type Slot } from './allocate-slot.js';
import { cancelAppointment } from './cancel-appointment.js';
import { bookableOption, noRoomAvailable } from './find-availability.js';
import { actorOf, nowOf, type BookingContext } from './context.js';
import { hoursRefusal } from './manage-special-days.js';
import { assertAppointmentsRecovered } from './recover-appointments.js';
import { readEachTime, type SharedReads } from './shared-reads.js';

/** Whom the appointment is for: the caller, or (the desk's walk-ins and phone bookings) a customer it chose. */
export interface BookingCustomer {
  id: string;
  name: string;
  email: string;
}

/** Who books it when it is neither the customer nor the desk: the waitlist holds a freed time for a customer. */
export interface BookedBySystem {
  actor: Actor;
  /** The history's note, e.g. "Held from the waitlist". */
  note: string;
}

export interface Booked {
  appointment: AppointmentView;
  /** Online bookings: the provider order the customer's checkout opens. */
  payment?: PaymentOrder;
}

/**
 * POST /appointments/auto-assign: checks the choice against the read models, prices it on the server,
 * writes it into a free room of the type (with an employee where one is free and on shift) together
 * with its event, and for online payment asks commerce for the payment order.
 */
export async function bookAppointment(
  context: BookingContext,
  request: BookingRequest,
  caller: AuthUser,
  customer: BookingCustomer = caller,
  bySystem?: BookedBySystem,
): Promise<Booked> {
  // A slot may be held by an appointment the restored database has not got back yet.
  assertAppointmentsRecovered(context);
  const now = nowOf(context);
  const ownRequest = !bySystem && caller.id === customer.id;
  const startIssue = startProblem(Date.parse(request.appointmentDateTime), now, context.config.rules);
  if (startIssue) throw startIssue;
  // A customer's own booking is judged with those that arrive with it (book-batch.ts): in a rush the
  // database is asked once for many. The desk's and the waitlist's go one by one.
  const appointment = await (ownRequest && context.bookings
    ? context.bookings.submit(request, caller)
    : bookChecked(context, request, caller, customer, now, bySystem));
  // After the memo's turn: the next identical request does not wait for commerce.
  if (request.paymentMethod === 'cash') return { appointment };
  return withPaymentOrder(context, appointment);
}

/** Checks the request and writes the appointment, or throws why not (a 409 when no room is free). */
export async function bookChecked(
  context: BookingContext,
  request: BookingRequest,
  caller: AuthUser,
  customer: BookingCustomer,
  now: Date,
  bySystem: BookedBySystem | undefined,
): Promise<AppointmentView> {
  const choice = await checkChoice(context, request, now);
  // The customer's no-shows and held appointments, in one read.
  const standing = await customerStanding(context.db, customer.id, now);
  // No-show protection: the customer's own cash booking after repeated no-shows (the desk, booking a
  // customer who is there or on the phone, decides for itself; it sees the count on the customer).
  if (request.paymentMethod === 'cash' && !bySystem && caller.id === customer.id) {
    const refusal = prepayProblem(context.config.rules, standing.noShows);
    if (refusal) throw refusal;
  }
  // Told before the room search, and checked again under the customer's lock when writing.
  const refusal = fairHoldProblem(context.config.rules, standing.held, request, choice.slot, now);
  if (refusal) throw refusal;
  if (choice.rooms.free.length === 0)
    throw await noRoomAvailable(context, request.type, choice.rooms.bookable, choice.slot, now);
  const deposit =
    request.paymentMethod === 'online'
      ? depositTerms(context.config.rules, standing.noShows, choice)
      : NO_TERMS;
  const appointment = await writeBooking(context, request, caller, customer, choice, now, deposit, bySystem);
  if (!appointment)
    // Every free room was taken by someone quicker in the meantime.
    throw await noRoomAvailable(context, request.type, choice.rooms.bookable, choice.slot, nowOf(context));
  return appointment;
}

export type Choice = Awaited<ReturnType<typeof checkChoice>>;

/** The request against the rules and the read models: the treatment, its option, the slot, the price. */
export async function checkChoice(
  context: BookingContext,
  request: BookingRequest,
  now: Date,
  reads: SharedReads = readEachTime,
  /** The rooms of the type at the slot: asked of the database, or (a batch) worked out from its reads. */
  roomsOf: (type: RoomType, slot: Slot) => Promise<RoomsAt> = (type, slot) => roomsAt(context.db, type, slot),
) {
  const { rules } = context.config;
  const startMs = Date.parse(request.appointmentDateTime);
  const startIssue = startProblem(startMs, now, rules);
  if (startIssue) throw startIssue;
  const { service, option } = bookableOption(
    await reads(`service:${request.serviceId}`, () => findBookableService(context.db, request.serviceId)),
    request,
  );
  const hoursIssue = await hoursRefusal(context, context.db, startMs, option.durationMinutes, reads);
  if (hoursIssue) throw hoursIssue;
  const slot = slotOf(startMs, option.durationMinutes, service.cleanupMinutes);
  const typeRooms = await roomsOf(request.type, slot);
  // The room price the customer was shown: as sent, or what the total leaves after the treatment.
  const quotedRoomPaise =
    request.roomPrice !== undefined
      ? rupeesToPaise(request.roomPrice)
      : rupeesToPaise(request.totalPrice) - option.pricePaise;
  const roomPricePaise = chooseRoomPrice(typeRooms.bookable, {
    capacity: request.capacity,
    roomPricePaise: quotedRoomPaise,
  });
  if (roomPricePaise === undefined)
    throw request.capacity
      ? fieldError(
          422,
          'NO_ROOM_OF_TYPE',
          'capacity',
          `There are no ${request.type} rooms with a ${request.capacity} to book.`,
        )
      : fieldError(422, 'NO_ROOM_OF_TYPE', 'type', `There are no ${request.type} rooms to book.`);
  // Only rooms of exactly the choice (capacity, and the price charged: each room at its own price).
  const roomChoice = { capacity: request.capacity, pricePaise: roomPricePaise };
  const rooms = {
    bookable: roomsOfChoice(typeRooms.bookable, roomChoice),
    free: roomsOfChoice(typeRooms.free, roomChoice),
  };
  const price = priceAppointment(option, roomPricePaise);
  const mismatches = quoteMismatches(request, price);
  if (mismatches.length > 0)
    throw new AppError(
      422,
      'PRICE_MISMATCH',
      `The price has changed: ${service.name} (${option.duration}) is ${formatRupees(price.servicePricePaise)} and a ${request.capacity ? `${request.capacity} ` : ''}${request.type} room ${formatRupees(price.roomPricePaise)}, ${formatRupees(price.totalPricePaise)} in total. Please review and confirm again.`,
      mismatches,
    );
  return { service, option, slot, rooms, roomChoice, price };
}

/** Writes the appointment, its history and its event into the first room the database accepts. */
async function writeBooking(
  context: BookingContext,
  request: BookingRequest,
  caller: AuthUser,
  customer: BookingCustomer,
  { service, option, slot, rooms, roomChoice, price }: Choice,
  now: Date,
  deposit: DepositTerms,
  bySystem?: BookedBySystem,
): Promise<AppointmentView | undefined> {
  const { rules } = context.config;
  // Only now that a room may be had (in a storm most attempts end before, with a 409).
  const [employees, customerRow] = await Promise.all([
    rankedFreeEmployees(context.db, rules, service.assignedEmployeeRole, slot),
    findUser(context.db, customer.id),
  ]);
  const id = randomUUID();
  const actor = bySystem?.actor ?? actorOf(caller);
  const atDesk = !bySystem && caller.id !== customer.id;
  const booked = await allocate(context.db, {
    rooms: rooms.free,
    employees: employees.map((employee) => employee.id),
    slot,
    freeRoomsNow: async () => roomsOfChoice((await roomsAt(context.db, request.type, slot)).free, roomChoice),
    // The customer's bookings take turns (fair holds), locked with the slot in one round trip.
    alsoLock: [customerBookingsKey(customer.id)],
    async write(tx, { room, employeeId }) {
      const held = await heldAppointments(tx, customer.id, now);
      const refusal = fairHoldProblem(rules, held, request, slot, now);
      if (refusal) throw refusal;
      const history: HistoryInput[] = [
        {
          field: 'booked',
          to: 'Pending',
          note:
            [
              bySystem?.note ?? null,
              atDesk ? `Booked at the front desk by ${caller.name}` : null,
              employeeId ? null : NO_EMPLOYEE_NOTE,
            ]
              .filter(Boolean)
              .join('. ') || null,
        },
      ];
      const row = await insertAppointmentWithHistory(
        tx,
        newAppointmentRow(context, {
          id,
          customer,
          choice: { service, option, slot, price },
          room,
          employeeId,
          paymentMethod: request.paymentMethod,
          deposit,
          now,
        }),
        actor,
        now,
        history,
      );
      // Everything it refers to is at hand: the view is put together here, not read back.
      const view = toView({
        appointment: row,
        customer: customerRow ?? null,
        employee: employees.find((employee) => employee.id === employeeId) ?? null,
        room,
        service,
      });
      await context.publish(tx, bookingEvents.booked, id, {
        appointment: appointmentMessage(view, rules.timeZone),
        bookedBy: actorMessage(actor),
      });
      return view;
    },
  });
  return booked?.result;
}

/** The history note of a booking no employee could be assigned to. */
export const NO_EMPLOYEE_NOTE = 'No employee with the right role was free on shift; assign one later.';

/**
 * The row of an appointment booked now: Pending, cash or waiting for its online payment (whose hold
 * starts now), in the room and with the employee given. One booking at a time and a batch alike.
 */
export function newAppointmentRow(
  context: BookingContext,
  booking: {
    id: string;
    customer: BookingCustomer;
    choice: Pick<Choice, 'service' | 'option' | 'slot' | 'price'>;
    room: RoomRow;
    employeeId: string | null;
    paymentMethod: PaymentMethod;
    deposit: DepositTerms;
    now: Date;
  },
) {
  const { rules } = context.config;
  const { id, customer, choice, room, employeeId, paymentMethod, deposit, now } = booking;
  const { service, option, slot, price } = choice;
  const online = paymentMethod === 'online';
  return {
    id,
    appointmentCode: appointmentCodeFor(compactLocalDate(now.getTime(), rules.timeZone)),
    customerId: customer.id,
    customerName: customer.name,
    customerEmail: customer.email,
    serviceId: service.id,
    serviceName: service.name,
    categoryName: service.categoryName,
    pricingOptionId: option.id,
    durationLabel: option.duration,
    durationMinutes: option.durationMinutes,
    cleanupMinutes: service.cleanupMinutes,
    roomId: room.id,
    roomType: room.type,
    roomNumber: room.roomNumber,
    roomLocation: room.location,
    employeeId,
    startsAt: slot.start,
    endsAt: slot.end,
    roomFreeAt: slot.roomFreeAt,
    status: 'Pending' as const,
    paymentStatus: online ? ('Pending' as const) : ('Cash' as const),
    paymentMethod,
    ...price,
    ...deposit,
    paymentHoldExpiresAt: online ? new Date(now.getTime() + rules.paymentHoldSeconds * 1000) : null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Asks commerce for the payment order; without one the booking is released at once. */
async function withPaymentOrder(context: BookingContext, appointment: AppointmentView): Promise<Booked> {
  try {
    const order = await context.commerce.createPayment({
      appointmentId: appointment.id,
      customerId: appointment.customerId,
      amountPaise: payableOnline(appointment),
      description: `${appointment.serviceName} (${appointment.durationLabel}), ${appointment.appointmentCode}`,
      payableUntil: appointment.paymentHoldExpiresAt?.toISOString(),
    });
    await updateAppointment(context.db, appointment.id, { providerOrderId: order.providerOrderId });
    return { appointment: { ...appointment, providerOrderId: order.providerOrderId }, payment: order };
  } catch (error) {
    if (!(error instanceof PaymentUnavailableError)) throw error;
    await cancelAppointment(context, appointment.id, SYSTEM_ACTOR, 'payment-not-started');
    throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'Payment system not available. Please try again.');
  }
}
