import type { AppError, Publish } from '@spa/kit';
import type { BookingRequest } from '../domain/booking.js';
import { bookingEvents } from '../events/publishes.js';
import type { FullSlots } from './context.js';

/**
 * The "no room free" answers (409 NO_ROOM_AVAILABLE) a customer's own booking got in the last moments,
 * by the exact request: the same choice asked again within `ttlMs` gets the same 409 without the six
 * database reads that found it (the treatment, the day's hours, the rooms, the customer's no-shows and
 * holds, a week of busy rooms for the suggestions).
 *
 * Why it is safe:
 * - It only ever refuses. Nothing is booked from it: a request it does not answer takes the whole path,
 *   and the room is still judged under the slot's locks in the writing transaction.
 * - What it repeats names no customer (a slot's type, times and suggestions), so one customer's answer
 *   given to another tells them nothing of anyone.
 * - It is at most `ttlMs` old, and forgotten at once when this process announces anything that may
 *   free a room (a cancellation, a move, a status: publishAndForgetFullSlots) or a room, a treatment
 *   or a person changes in the read models (events/subscriptions.ts), so a slot freed here is
 *   bookable at once; one freed by another replica, at most `ttlMs` later, as if the customer had
 *   pressed Confirm that much sooner. The availability read is already a second old at the gateway.
 *
 * In a storm on a day that is full (the closed-loop bench: 96% of attempts are 409s), this is what lets
 * booking answer at the rate it is asked instead of queueing every refusal behind the database. The
 * batches of book-batch.ts consult it before queueing a request and remember what they refuse.
 */

/**
 * One per process (app.ts creates it with the context, per database handle): the routes, the batches,
 * the consumers and the publisher below all hold the same one.
 */
export class FullSlotMemo implements FullSlots {
  private readonly answers = new Map<string, { error: AppError; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    /** A bound on memory whatever the requests: past it, the oldest answers go first. */
    private readonly maxAnswers = 5_000,
  ) {}

  /** The 409 this exact request got less than `ttlMs` ago, if any. */
  recall(request: BookingRequest): AppError | undefined {
    if (this.ttlMs <= 0) return undefined;
    const key = choiceKey(request);
    const answer = this.answers.get(key);
    if (!answer) return undefined;
    if (answer.until > this.clock()) return answer.error;
    this.answers.delete(key);
    return undefined;
  }

  /** Remembers a 409 NO_ROOM_AVAILABLE (nothing else: other refusals depend on the customer). */
  remember(request: BookingRequest, error: AppError): void {
    if (this.ttlMs <= 0 || error.code !== 'NO_ROOM_AVAILABLE') return;
    const key = choiceKey(request);
    this.answers.delete(key); // re-inserted last: the Map's order is the order of age
    this.answers.set(key, { error, until: this.clock() + this.ttlMs });
    while (this.answers.size > this.maxAnswers) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
  }

  /** Something may have freed a room: every answer goes. */
  forget(): void {
    this.answers.clear();
  }
}

/**
 * Everything of the request the answer depends on (the price quoted decides the room choice): two
 * requests with one key differ only in the customer.
 */
export function choiceKey(request: BookingRequest): string {
  return JSON.stringify([
    request.serviceId,
    request.durationMinutes,
    request.pricingOptionId ?? null,
    request.type,
    request.capacity ?? null,
    request.appointmentDateTime,
    request.paymentMethod,
    request.price ?? null,
    request.roomPrice ?? null,
    request.totalPrice,
  ]);
}

/** Booking's events after which every room free before is still free (any other forgets the memo). */
const FREES_NO_ROOM = new Set<string>(
  [
    bookingEvents.booked,
    bookingEvents.employeeAssigned,
    bookingEvents.waitlistJoined,
    bookingEvents.waitlistOffered,
    bookingEvents.waitlistLeft,
    bookingEvents.timeOffRequested,
  ].map((event) => event.type),
);

/**
 * The outbox publisher, which also forgets the memo's answers whenever booking announces something
 * that may free a room (a cancellation, a move, a status, a closure lifted): every event but those of
 * FREES_NO_ROOM. Decided by the event announced rather than at each use case, so a new way of freeing
 * a room cannot forget to forget. A new booking never frees one.
 */
export function publishAndForgetFullSlots(publish: Publish, fullSlots: Pick<FullSlots, 'forget'>): Publish {
  const forgetUnlessFreesNoRoom = (eventType: string) => {
    if (!FREES_NO_ROOM.has(eventType)) fullSlots.forget();
  };
  const send: (...args: Parameters<Publish>) => ReturnType<Publish> = (tx, event, aggregateId, payload) => {
    forgetUnlessFreesNoRoom(event.type);
    return publish(tx, event, aggregateId, payload);
  };
  const row: Publish['row'] = (event, aggregateId, payload) => {
    forgetUnlessFreesNoRoom(event.type);
    return publish.row(event, aggregateId, payload);
  };
  return Object.assign(send, { row });
}
