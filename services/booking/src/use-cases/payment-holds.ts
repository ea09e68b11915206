import { SYSTEM_ACTOR } from '../domain/appointment.js';
import { lockExpiredHolds } from '../db/appointment-locks.repository.js';
import { nowOf, type BookingContext } from './context.js';
import { cancelLocked } from './cancel-appointment.js';

const HOLDS_PER_TRANSACTION = 50;

/** Releases the online bookings whose payment hold ran out; answers how many were released. */
export async function expireHolds(context: BookingContext): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const expired = await lockExpiredHolds(tx, nowOf(context), HOLDS_PER_TRANSACTION);
      for (const appointment of expired)
        await cancelLocked(context, tx, appointment, SYSTEM_ACTOR, 'payment-expired');
      return expired.length;
    });
    released += batch;
    if (batch < HOLDS_PER_TRANSACTION) return released;
  }
}
