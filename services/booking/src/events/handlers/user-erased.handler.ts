import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import type { BookingContext } from '../../use-cases/context.js';
import { eraseCustomer } from '../../use-cases/my-data.js';

/**
 * identity.user.erased: the customer deleted their account. Their future open appointments are
 * cancelled and every kept one loses their name and email (use-cases/my-data.ts), in the consumer's
 * transaction. Running it again changes nothing more (and the consumer's inbox runs it once).
 */
export const userErased =
  (context: BookingContext): EventHandler<typeof events.userErased> =>
  (tx, payload) =>
    eraseCustomer(context, tx, payload.userId);
