import { randomUUID } from 'node:crypto';
import { AppError, finishWithin, lockKeys, type AuthUser } from '@spa/kit';
import { MINUTE_MS } from '@spa/rules';
import type { AppointmentView } from '../domain/appointment-view.js';
import {
  depositTerms,
  fairHoldProblem,
  NO_TERMS,
  prepayProblem,
  type BookingRequest,
} from '../domain/booking.js';
import type { HeldAppointment } from '../domain/fair-holds.js';
import { toView } from '../db/appointment-views.repository.js';
import {
  insertAppointmentsUnlessTaken,
  recordHistoryWithEvents,
  type HistoryInput,
} from '../db/appointment-writes.repository.js';
import {
  busyRoomSpansInWindow,
  employeesOfRoleWithBusySpans,
  roomsOfType,
} from '../db/occupancy.repository.js';
import { customerBookingsKey, customersStanding, heldAppointmentsOf } from '../db/fair-holds.repository.js';
import { findUsers } from '../db/read-models.repository.js';
import type { RoomRow, UserRow } from '../db/schema.js';
import { actorMessage, appointmentMessage, bookingEvents } from '../events/publishes.js';
import { dayOf, rankFreeEmployees, roomsAtFrom, slotOf, type Slot } from './allocate-slot.js';
import { workingTimeOf } from '../db/working-time.repository.js';
import { noRoomAvailable } from './find-availability.js';
import {
  bookChecked,
  checkChoice,
  NO_EMPLOYEE_NOTE,
  newAppointmentRow,
  type Choice,
} from './book-appointment.js';
import { actorOf, nowOf, type BookingContext, type Bookings, type FullSlots } from './context.js';
import { choiceKey } from './full-slots.js';
import { rotateRooms } from '../domain/allocation.js';
import { sharedReads } from './shared-reads.js';

const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Group commit for customers' own bookings.
 *
 * In a rush (a day's slots opening, a campaign) many customers press Confirm in the same moments.
 * Booked one by one, each booking is a dozen database round trips and a transaction holding locks
 * while this process serves everyone else: they queue behind each other and the last wait for
 * seconds. Here the bookings that arrive while one batch is being written wait for the next, and a
 * batch is judged together: each distinct choice (treatment, option, start, room type, price) is read
 * once, the customers' standing (no-shows, what they hold) and their rows in one read each, rooms and
 * employees are given out in memory so that no two of the batch overlap, and everything accepted is
 * written in one transaction of a few statements, however many it books.
 *
 * The database stays the judge:
 * - each appointment goes in with ON CONFLICT DO NOTHING against the exclusion constraints (no two
 *   active appointments overlap in a room or for an employee); one refused there (taken meanwhile by
 *   another replica or the desk) is booked one by one (bookChecked, with allocate's retries);
 * - fair holds are checked again under each customer's lock, counting the batch's earlier bookings of
 *   the same customer, exactly as two bookings one after the other would be.
 * Every rule of the one-by-one path is applied in the same order: the choice (start, hours, price,
 * room type), no-show prepayment, fair holds, a free room, the deposit.
 */
export class BookingBatcher implements Bookings {
  private pending: Pending[] = [];
  private running = false;

  constructor(
    private readonly runBatch: (batch: Pending[]) => Promise<void>,
    /** The most bookings judged together; the rest wait for the next batch. */
    private readonly maxBatch = 256,
    /** The "no room free" answers of the last moments (full-slots.ts), told again without the database. */
    private readonly fullSlots?: Pick<FullSlots, 'recall'>,
    /**
     * How long the next batch waits for one being written. A batch stuck on the database (a lost
     * connection) must not hold every later booking: past this the next starts anyway, and the stuck
     * one still answers its own when it ends (the database judges any overlap between the two).
     */
    private readonly turnLimitMs = 5_000,
  ) {}

  /** Books the customer's own request with the others of its batch, or throws why not. */
  submit(request: BookingRequest, customer: AuthUser): Promise<AppointmentView> {
    const remembered = this.fullSlots?.recall(request);
    if (remembered) return Promise.reject(remembered);
    return new Promise<AppointmentView>((resolve, reject) => {
      this.pending.push({ request, customer, resolve, reject });
      if (this.running) return;
      this.running = true;
      // The requests read in this turn of the event loop join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        const written = this.runBatch(batch).catch((error: unknown) => {
          // Settling twice keeps the first: only those not answered yet get the error.
          for (const pending of batch) pending.reject(error);
        });
        await finishWithin(() => written, this.turnLimitMs);
      }
    } finally {
      this.running = false;
    }
  }
}

export interface Pending {
  request: BookingRequest;
  customer: AuthUser;
  resolve: (appointment: AppointmentView) => void;
  reject: (error: unknown) => void;
}

/** One booking of the batch with its room and employee given out, about to be written. */
interface Plan {
  pending: Pending;
  choice: Choice;
  id: string;
  room: RoomRow;
  employee: UserRow | undefined;
  /** The appointment's row (newAppointmentRow), written if the plan is accepted. */
  row: ReturnType<typeof newAppointmentRow>;
}

const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

const roomSpan = (slot: Slot) => ({ start: slot.start, end: slot.roomFreeAt });

/** What a planned booking holds for the fair-hold rules, before it is written: its row's times and state. */
const heldOf = ({ row }: Plan): HeldAppointment => row;

/**
 * The span the batch's reads cover: from the local midnight before its earliest start to two days
 * after its latest (a slot, its cleanup, and the day an employee's load is counted over all fit).
 */
function batchWindow(batch: readonly Pending[], rules: BookingContext['config']['rules']) {
  const starts = batch.map((pending) => Date.parse(pending.request.appointmentDateTime));
  const earliest = dayOf(slotOf(Math.min(...starts), 0, 0), rules).bounds.start;
  return { start: earliest, end: new Date(Math.max(...starts) + 2 * DAY_MS) };
}

/** Judges and writes one batch of customers' own bookings (see BookingBatcher); answers each. */
export async function bookBatch(context: BookingContext, batch: readonly Pending[]): Promise<void> {
  const { rules } = context.config;
  const now = nowOf(context);

  // Each distinct choice read once: requests that differ only in the customer share it.
  const groups = new Map<string, { request: BookingRequest; members: Pending[] }>();
  for (const pending of batch) {
    const key = choiceKey(pending.request);
    const group = groups.get(key);
    if (group) group.members.push(pending);
    else groups.set(key, { request: pending.request, members: [pending] });
  }
  const reads = sharedReads();
  const window = batchWindow(batch, rules);
  // A type's rooms and every room's busy spans over the batch's days: one read each, whatever the slots.
  const roomsOf = async (type: string, slot: Slot) => {
    const [typeRooms, spans] = await Promise.all([
      reads(`rooms:${type}`, () => roomsOfType(context.db, type)),
      reads('busy-rooms', () => busyRoomSpansInWindow(context.db, window)),
    ]);
    return roomsAtFrom(typeRooms, spans, slot);
  };
  // Likewise a role's employees with their treatments, and their working time on a day.
  const freeEmployeesOf = async ({ service, slot }: Choice): Promise<UserRow[]> => {
    const role = service.assignedEmployeeRole;
    if (!role.trim()) return [];
    const staff = await reads(`staff:${role.trim().toLowerCase()}`, () =>
      employeesOfRoleWithBusySpans(context.db, role, window),
    );
    const { local, bounds } = dayOf(slot, rules);
    const [start, end] = [slot.start.getTime(), slot.end.getTime()];
    const candidates = staff
      .filter(({ busy }) => !busy.some((span) => span.start < end && start < span.end))
      .map(({ employee, busy }) => ({
        employee,
        busy: false,
        load: busy.filter((span) => span.start >= bounds.start.getTime() && span.start < bounds.end.getTime())
          .length,
      }));
    const workingTime = await reads(`working-time:${role.trim().toLowerCase()}:${local.day}`, () =>
      workingTimeOf(
        context.db,
        staff.map(({ employee }) => employee),
        local.day,
        local.day,
      ),
    );
    return rankFreeEmployees(rules, slot, candidates, workingTime);
  };
  const choices = new Map<string, Choice>();
  await Promise.all(
    [...groups].map(async ([key, group]) => {
      try {
        choices.set(key, await checkChoice(context, group.request, now, reads, roomsOf));
      } catch (error) {
        for (const member of group.members) member.reject(error);
      }
    }),
  );
  const live = batch.filter((pending) => choices.has(choiceKey(pending.request)));
  if (live.length === 0) return;

  const customerIds = [...new Set(live.map((pending) => pending.customer.id))];
  const withRooms = [...choices].filter(([, choice]) => choice.rooms.free.length > 0);
  const [standings, customerRows, rankedByKey] = await Promise.all([
    customersStanding(context.db, customerIds, now),
    findUsers(context.db, customerIds),
    Promise.all(withRooms.map(async ([key, choice]) => [key, await freeEmployeesOf(choice)] as const)).then(
      (entries) => new Map(entries),
    ),
  ]);

  // Given out in memory, in the order the requests came: the rules, then a room and an employee that
  // no earlier booking of the batch overlaps.
  const plans: Plan[] = [];
  const noRoom = new Map<string, Pending[]>();
  const heldBy = new Map([...standings].map(([id, standing]) => [id, [...standing.held]]));
  const freeRooms = new Map(withRooms.map(([key, choice]) => [key, rotateRooms(choice.rooms.free)]));
  for (const pending of live) {
    const key = choiceKey(pending.request);
    const choice = choices.get(key)!;
    const standing = standings.get(pending.customer.id) ?? { held: [], noShows: 0 };
    if (pending.request.paymentMethod === 'cash') {
      const refusal = prepayProblem(rules, standing.noShows);
      if (refusal) {
        pending.reject(refusal);
        continue;
      }
    }
    const held = heldBy.get(pending.customer.id) ?? [];
    const refusal = fairHoldProblem(rules, held, pending.request, choice.slot, now);
    if (refusal) {
      pending.reject(refusal);
      continue;
    }
    const room = (freeRooms.get(key) ?? []).find(
      (candidate) =>
        !plans.some(
          (plan) =>
            plan.room.id === candidate.id && overlaps(roomSpan(plan.choice.slot), roomSpan(choice.slot)),
        ),
    );
    if (!room) {
      noRoom.set(key, [...(noRoom.get(key) ?? []), pending]);
      continue;
    }
    const employee = (rankedByKey.get(key) ?? []).find(
      (candidate) =>
        !plans.some((plan) => plan.employee?.id === candidate.id && overlaps(plan.choice.slot, choice.slot)),
    );
    const deposit =
      pending.request.paymentMethod === 'online' ? depositTerms(rules, standing.noShows, choice) : NO_TERMS;
    const id = randomUUID();
    const row = newAppointmentRow(context, {
      id,
      customer: pending.customer,
      choice,
      room,
      employeeId: employee?.id ?? null,
      paymentMethod: pending.request.paymentMethod,
      deposit,
      now,
    });
    const plan: Plan = { pending, choice, id, room, employee, row };
    plans.push(plan);
    held.push(heldOf(plan));
    heldBy.set(pending.customer.id, held);
  }

  const { written, oneByOne } = await writePlans(context, plans, customerRows, now);
  for (const { plan, view } of written) plan.pending.resolve(view);

  // Told after the batch's bookings are in, so the suggestions leave them out; remembered for the
  // requests that follow (full-slots.ts).
  await Promise.all(
    [...noRoom].map(async ([key, members]) => {
      const choice = choices.get(key)!;
      try {
        const error = await noRoomAvailable(
          context,
          members[0]!.request.type,
          choice.rooms.bookable,
          choice.slot,
          nowOf(context),
          undefined,
          reads,
        );
        context.fullSlots?.remember(members[0]!.request, error);
        for (const member of members) member.reject(error);
      } catch (error) {
        for (const member of members) member.reject(error);
      }
    }),
  );
  // Refused by the database (someone else took the room or the employee): one by one, off the batch's
  // turn, so the next batch does not wait for them.
  for (const plan of oneByOne) {
    const { pending } = plan;
    void bookChecked(
      context,
      pending.request,
      pending.customer,
      pending.customer,
      nowOf(context),
      undefined,
    ).then(pending.resolve, pending.reject);
  }
}

/**
 * Writes the planned bookings in one transaction: the customers' locks, their fair holds again, the
 * appointments (leaving out any the exclusion constraints refuse), their history and events.
 */
async function writePlans(
  context: BookingContext,
  plans: readonly Plan[],
  customerRows: ReadonlyMap<string, UserRow>,
  now: Date,
): Promise<{ written: { plan: Plan; view: AppointmentView }[]; oneByOne: Plan[] }> {
  if (plans.length === 0) return { written: [], oneByOne: [] };
  const { rules } = context.config;
  const refused = new Map<Plan, AppError>();
  try {
    const written = await context.db.transaction(async (tx) => {
      const customerIds = [...new Set(plans.map((plan) => plan.pending.customer.id))];
      await lockKeys(tx, customerIds.map(customerBookingsKey));
      const heldNow = await heldAppointmentsOf(tx, customerIds, now);
      const accepted: Plan[] = [];
      for (const plan of plans) {
        const held = heldNow.get(plan.pending.customer.id) ?? [];
        const refusal = fairHoldProblem(rules, held, plan.pending.request, plan.choice.slot, now);
        if (refusal) {
          refused.set(plan, refusal);
          continue;
        }
        accepted.push(plan);
        held.push(heldOf(plan));
      }
      const rows = await insertAppointmentsUnlessTaken(
        tx,
        accepted.map((plan) => plan.row),
      );
      const rowsById = new Map(rows.map((row) => [row.id, row]));
      const inserted = accepted.flatMap((plan) => {
        const row = rowsById.get(plan.id);
        if (!row) return [];
        const view = toView({
          appointment: row,
          customer: customerRows.get(plan.pending.customer.id) ?? null,
          employee: plan.employee ?? null,
          room: plan.room,
          service: plan.choice.service,
        });
        return [{ plan, view }];
      });
      const history = inserted.map(({ plan }) => {
        const entry: HistoryInput = {
          field: 'booked',
          to: 'Pending',
          note: plan.employee ? null : NO_EMPLOYEE_NOTE,
        };
        return { appointmentId: plan.id, actor: actorOf(plan.pending.customer), at: now, entry };
      });
      const events = inserted.map(({ plan, view }) =>
        context.publish.row(bookingEvents.booked, plan.id, {
          appointment: appointmentMessage(view, rules.timeZone),
          bookedBy: actorMessage(actorOf(plan.pending.customer)),
        }),
      );
      await recordHistoryWithEvents(tx, history, events);
      return inserted;
    });
    for (const [plan, refusal] of refused) plan.pending.reject(refusal);
    const writtenPlans = new Set(written.map(({ plan }) => plan));
    return {
      written,
      oneByOne: plans.filter((plan) => !writtenPlans.has(plan) && !refused.has(plan)),
    };
  } catch (error) {
    // The transaction failed as a whole (a deadlock, a lost connection): each is tried one by one,
    // which has its own retries and answers its own errors.
    context.logger.warn({ err: error, bookings: plans.length }, 'booking batch failed; booking one by one');
    return { written: [], oneByOne: [...plans] };
  }
}
