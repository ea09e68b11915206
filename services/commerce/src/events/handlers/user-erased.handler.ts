import type { EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { and, eq, inArray, not } from 'drizzle-orm';
import { lockOrder } from '../../db/orders.repository.js';
import { addresses, carts, orders } from '../../db/schema.js';
import type { CommerceDeps } from '../../deps.js';
import { cancelLockedOrder } from '../../use-cases/orders.js';

/** What an erased customer's kept orders show instead of their name and contact details. */
const ERASED = 'Erased';

/** What a leaving customer's account still has running: these orders are cancelled (a paid one refunded). */
const OPEN = ['pending_payment', 'placed', 'paid'];

export type ErasureDeps = Pick<CommerceDeps, 'catalogue' | 'publish'>;

/**
 * identity.user.erased: the customer deleted their account.
 * - Open orders (awaiting payment, placed for cash on delivery, or paid and not yet delivered) are
 *   cancelled through the normal cancellation, so their stock reservation is released and
 *   commerce.order.cancelled goes out. A paid one is refunded in full: the refund is recorded in this
 *   transaction and the sweeper sends it to the provider once it has committed (a provider call cannot
 *   sit inside the consumer's transaction).
 * - The cart (with its items) and the saved addresses are deleted.
 * - Every other order is kept as a sales record with the name, email and shipping details replaced;
 *   first, so the cancellations' events carry no email (no order email to someone who just left).
 * Running it twice changes nothing more (and the consumer's inbox runs it once).
 */
export const userErased =
  (deps: ErasureDeps): EventHandler<typeof events.userErased> =>
  async (tx, payload) => {
    const userId = payload.userId;
    const forgetContact = () =>
      tx
        .update(orders)
        .set({
          userName: ERASED,
          userEmail: '',
          shipFullName: ERASED,
          shipAddress: ERASED,
          shipCity: ERASED,
          shipPostalCode: '',
          shipPhone: '',
          shipLabel: '',
        })
        .where(and(eq(orders.userId, userId), not(inArray(orders.status, ['paid', 'reserving']))));
    // Their contact details go first, so the cancellations below carry none: no order email goes to
    // someone who just left. A paid order keeps its address through its cancellation (its refund email
    // names the money going back), and loses it with the others once cancelled.
    await forgetContact();
    const open = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, OPEN)));
    for (const { id } of open) {
      const order = await lockOrder(tx, id);
      if (order && OPEN.includes(order.status))
        await cancelLockedOrder(tx, deps, order, 'cancelled_by_customer');
    }
    await forgetContact();
    await tx.delete(carts).where(eq(carts.userId, userId));
    await tx.delete(addresses).where(eq(addresses.userId, userId));
  };
