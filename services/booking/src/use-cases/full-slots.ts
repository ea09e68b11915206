import type { AppError } from '@spa/kit';
import type { BookingRequest } from './book-appointment.js';

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
 *   free a room (a cancellation, a move, a status), so a slot freed here is bookable at once; one
 *   freed by another replica, at most `ttlMs` later, as if the customer had pressed Confirm that much
 *   sooner. The availability read is already a second old at the gateway.
 *
 * In a storm on a day that is full (the closed-loop bench: 96% of attempts are 409s), this is what lets
 * booking answer at the rate it is asked instead of queueing every refusal behind the database. The
 * batches of book-batch.ts consult it before queueing a request and remember what they refuse.
 */

/** Every memo of this process, so that a read model's change reaches each (forgetFullSlots). */
const memos = new Set<FullSlotMemo>();

/**
 * A room, a treatment or a person changed in booking's read models (catalogue's and identity's events):
 * a room may be bookable now, so every memo of this process forgets what it knew.
 */
export function forgetFullSlots(): void {
  for (const memo of memos) memo.forget();
}

export class FullSlotMemo {
  private readonly answers = new Map<string, { error: AppError; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    /** A bound on memory whatever the requests: past it, the oldest answers go first. */
    private readonly maxAnswers = 5_000,
  ) {
    memos.add(this);
  }

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
