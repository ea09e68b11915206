import { AppError, InternalCallError, notFound, type Database, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import { findOrder, lockOrder, markOrderCancelled, markOrderDelivered } from '../db/orders.repository.js';
import { findPaymentOfOrder, lockPayment, markPaymentExpired } from '../db/payments.repository.js';
import type { CommerceContext } from './context.js';
import { assertCancellable, deliveryStep, type CancelReason, type Order } from '../domain/order.js';
import { orderEventPayload } from '../events/publishes.js';
import { recordRefund, sendRequestedRefunds } from './refunds.js';

const orderNotFound = () => notFound('Order not found');

export async function getOrder(db: Database, id: string): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order) throw orderNotFound();
  return order;
}

/** PATCH /orders/:id/status { isDelivered: true } (admin). Marking it twice changes nothing. */
export async function markDelivered(deps: CommerceContext, id: string): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    const step = deliveryStep(order);
    if (step === 'already-delivered') return order;
    const collectCash = step === 'collect-cash-and-deliver';
    await markOrderDelivered(tx, id, new Date(), collectCash);
    const delivered = (await findOrder(tx, id))!;
    if (collectCash)
      await deps.publish(tx, events.orderPaid, id, {
        order: orderEventPayload(delivered),
        collectedOnDelivery: true,
      });
    await deps.publish(tx, events.orderDelivered, id, { order: orderEventPayload(delivered) });
    return delivered;
  });
}

/**
 * Cancels an unpaid order inside the caller's transaction (the order row already locked): its stock
 * goes back to the catalogue first, so if the catalogue cannot be reached nothing changes here.
 */
export async function cancelLockedOrder(
  tx: Tx,
  deps: Pick<CommerceContext, 'catalogue' | 'publish'>,
  order: Order,
  reason: CancelReason,
): Promise<Order> {
  const payment = await findPaymentOfOrder(tx, order.id);
  const current = payment && (await lockPayment(tx, payment.id));
  await deps.catalogue.release(order.id);
  await markOrderCancelled(tx, order.id, reason, new Date());
  // A captured payment goes back in full (sent once this commits); an open one just expires.
  if (current?.status === 'captured')
    await recordRefund(tx, current.id, {
      reason: 'order_cancelled',
      idempotencyKey: `order_cancelled:${order.id}`,
    });
  else if (current) await markPaymentExpired(tx, current.id);
  const cancelled = (await findOrder(tx, order.id))!;
  await deps.publish(tx, events.orderCancelled, order.id, { order: orderEventPayload(cancelled), reason });
  return cancelled;
}

/** POST /orders/:id/cancel by its customer or an admin, until it is paid. */
export async function cancelOrder(deps: CommerceContext, id: string, reason: CancelReason): Promise<Order> {
  try {
    const cancelled = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order) throw orderNotFound();
      if (assertCancellable(order) === 'already-cancelled') return order;
      return cancelLockedOrder(tx, deps, order, reason);
    });
    const payment = await findPaymentOfOrder(deps.db, id);
    if (payment?.status === 'captured') await sendRequestedRefunds(deps, payment.id);
    return cancelled;
  } catch (error) {
    if (!(error instanceof InternalCallError)) throw error;
    deps.logger.error({ err: error, orderId: id }, 'could not release the stock of an order to cancel');
    throw new AppError(
      503,
      'CATALOGUE_UNAVAILABLE',
      'The order could not be cancelled right now. Please try again.',
    );
  }
}
