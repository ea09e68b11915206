import { AppError, forbidden, notFound, type AuthUser, type Queryable } from '@spa/kit';
import { OPEN_STATUSES } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { formatLocalDateTime } from '@spa/rules';
import { formatRupees } from '../domain/pricing.js';
import { overlapRefusal } from '../domain/fair-holds.js';
import { updateAppointment, type HistoryInput } from '../db/appointment-writes.repository.js';
import { heldAppointments, lockCustomerBookings } from '../db/fair-holds.repository.js';
import { findBookableService, findRoomIncludingDeleted } from '../db/read-models.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { allocate, rankedFreeEmployees, roomsAt, slotOf, type RoomsAt } from './allocate-slot.js';
import { isDesk } from './calendar.js';
import { startProblem } from '../domain/availability.js';
import { noRoomAvailable } from './find-availability.js';
import { actorOf, nowOf, type BookingContext } from './context.js';
import { hoursRefusal } from './manage-special-days.js';
import {
  APPOINTMENT_NOT_FOUND,
  changeAppointment,
  commitChange,
  viewOf,
  assertCustomerMayMove,
} from './appointment-change.js';
import { assertAppointmentsRecovered } from './recover-appointments.js';

/**
 * PUT /appointments/:id/reschedule: the same treatment at another time, in a free room of the same
 * type (its own room when free) and with its employee when they are still free and on shift. The price
 * stays as booked. Customers may move their own appointment until the cancellation notice, and not inside
 * the late window of a paid deposit; the desk (an admin, a manager, a receptionist: the calendar's drag)
 * any, and into a chosen room of the type.
 */
export async function rescheduleAppointment(
  context: BookingContext,
  id: string,
  appointmentDateTime: string,
  user: AuthUser,
  target: { roomId?: string } = {},
): Promise<AppointmentView> {
  assertAppointmentsRecovered(context);
  const { rules } = context.config;
  const now = nowOf(context);
  const startMs = Date.parse(appointmentDateTime);
  const desk = await isDesk(context.db, user);
  if (target.roomId && !desk) throw forbidden('Only the desk chooses the room of a move.');
  const result = await changeAppointment(context, id, async (tx, current) => {
    if (!desk && user.id !== current.customerId) throw notFound(APPOINTMENT_NOT_FOUND);
    if (!OPEN_STATUSES.includes(current.status))
      throw new AppError(
        422,
        'APPOINTMENT_CLOSED',
        `This appointment is ${current.status.toLowerCase()} and can no longer be moved.`,
      );
    if (!desk) assertCustomerMayMove(context, current);
    const startIssue = startProblem(startMs, now, rules);
    if (startIssue) throw startIssue;
    const roomId = target.roomId ?? current.roomId;
    if (startMs === current.startsAt.getTime() && roomId === current.roomId)
      return { view: await viewOf(tx, current.id) };
    const hoursIssue = await hoursRefusal(context, tx, startMs, current.durationMinutes);
    if (hoursIssue) throw hoursIssue;
    const slot = slotOf(startMs, current.durationMinutes, current.cleanupMinutes);
    const typeRooms = await roomsAt(tx, current.roomType, slot, current.id);
    // A chosen room: only that one, of the type and room price booked.
    const rooms = target.roomId ? await chosenRoom(tx, typeRooms, target.roomId, current) : typeRooms;
    const service = await findBookableService(tx, current.serviceId);
    const ranked = await rankedFreeEmployees(
      tx,
      rules,
      service?.assignedEmployeeRole ?? '',
      slot,
      current.id,
    );
    const employees = ranked.map((employee) => employee.id);
    if (current.employeeId && employees.includes(current.employeeId))
      employees.unshift(...employees.splice(employees.indexOf(current.employeeId), 1));
    const at = nowOf(context);
    const moved = await allocate(tx, {
      rooms: rooms.free,
      employees,
      slot,
      preferredRoomIds: [roomId],
      freeRoomsNow: async () =>
        (await roomsAt(tx, current.roomType, slot, current.id)).free.filter((room) =>
          rooms.bookable.some((candidate) => candidate.id === room.id),
        ),
      write: (savepoint, { room, employeeId }) =>
        updateAppointment(savepoint, current.id, {
          startsAt: slot.start,
          endsAt: slot.end,
          roomFreeAt: slot.roomFreeAt,
          roomId: room.id,
          roomNumber: room.roomNumber,
          roomLocation: room.location,
          employeeId,
          updatedAt: at,
        }),
    });
    if (!moved) return { noRoom: { rooms: rooms.bookable, slot } };
    // The customer's other appointments may not overlap the new time either (fair holds). Checked
    // after the slot's locks, in the order booking takes them, so a booking and a move cannot deadlock.
    await lockCustomerBookings(tx, current.customerId);
    const others = (await heldAppointments(tx, current.customerId, now)).filter(
      (appointment) => appointment.id !== current.id,
    );
    const overlap = overlapRefusal(others, slot, now, rules.timeZone);
    if (overlap) throw overlap;
    const { allocation } = moved;
    const actor = actorOf(user);
    const history: HistoryInput[] = [
      {
        field: 'schedule',
        from: current.startsAt.toISOString(),
        to: slot.start.toISOString(),
        note: `Moved to ${formatLocalDateTime(startMs, rules.timeZone)}, room ${allocation.room.roomNumber}`,
      },
    ];
    if (allocation.employeeId !== current.employeeId)
      history.push({ field: 'employee', from: current.employeeId, to: allocation.employeeId });
    const view = await commitChange(context, tx, current.id, {
      actor,
      at,
      history,
      event: bookingEvents.rescheduled,
      extra: {
        previousStartMs: BigInt(current.startsAt.getTime()),
        previousEndMs: BigInt(current.endsAt.getTime()),
        previousRoomId: current.roomId,
        rescheduledBy: actorMessage(actor),
      },
    });
    return { view };
  });
  if (result.view) return result.view;
  throw await noRoomAvailable(
    context,
    result.noRoom.rooms[0]?.type ?? 'matching',
    result.noRoom.rooms,
    result.noRoom.slot,
    now,
    id,
  );
}

/**
 * The one room a desk chose for a move, or the 404/422 that says why it cannot be: it must be of the
 * type and at the room price the customer booked (each room at its own price).
 */
async function chosenRoom(
  tx: Queryable,
  typeRooms: RoomsAt,
  roomId: string,
  current: { roomType: string; roomPricePaise: number },
): Promise<RoomsAt> {
  const type = current.roomType;
  const bookable = typeRooms.bookable.filter((room) => room.id === roomId);
  const [choice] = bookable;
  if (choice && choice.pricePaise !== current.roomPricePaise)
    throw new AppError(
      422,
      'ROOM_PRICE_DIFFERS',
      `Room ${choice.roomNumber} (${choice.capacity}) is ${formatRupees(choice.pricePaise)} and this booking paid ${formatRupees(current.roomPricePaise)} for its room: choose a room at that price, or cancel and book again.`,
    );
  if (bookable.length === 0) {
    const room = await findRoomIncludingDeleted(tx, roomId);
    if (!room || room.deleted) throw notFound('Room not found');
    if (room.status === 'Maintenance')
      throw new AppError(422, 'ROOM_UNAVAILABLE', `Room ${room.roomNumber} is under maintenance.`);
    throw new AppError(
      422,
      'ROOM_TYPE_DIFFERS',
      `Room ${room.roomNumber} is a ${room.type} room and this appointment is for a ${type} room (another price): cancel and book again to change the type.`,
    );
  }
  return { bookable, free: typeRooms.free.filter((room) => room.id === roomId) };
}
