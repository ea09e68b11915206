import type { Order, PaymentMethod } from './orders.api';

type OrderFlags = Pick<Order, 'status' | 'isPaid' | 'isDelivered'>;

/**
 * The customer's view of an order (spec section 4): delivered if delivered, else shipped if paid, else
 * processing. Two states the spec predates are told apart as well: an online order still waiting for its
 * payment, and a cancelled one (its payment hold ran out, or it was called off).
 */
export type CustomerOrderState = 'processing' | 'shipped' | 'delivered' | 'awaiting_payment' | 'cancelled';

export function customerOrderState(order: OrderFlags): CustomerOrderState {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.isDelivered) return 'delivered';
  if (order.isPaid) return 'shipped';
  if (order.status === 'pending_payment') return 'awaiting_payment';
  return 'processing';
}

/** The admin's view (spec section 4): Pending Payment, Processing (paid), Delivered; and Cancelled. */
export type AdminOrderState = 'pending_payment' | 'processing' | 'delivered' | 'cancelled';

export function adminOrderState(order: OrderFlags): AdminOrderState {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.isDelivered) return 'delivered';
  if (order.isPaid) return 'processing';
  return 'pending_payment';
}

export type Tone = 'green' | 'amber' | 'blue' | 'red' | 'grey';

interface StateLook {
  label: string;
  tone: Tone;
}

export const CUSTOMER_STATE_LOOK: Record<CustomerOrderState, StateLook> = {
  processing: { label: 'Processing', tone: 'amber' },
  awaiting_payment: { label: 'Awaiting Payment', tone: 'amber' },
  shipped: { label: 'Shipped', tone: 'blue' },
  delivered: { label: 'Delivered', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

export const ADMIN_STATE_LOOK: Record<AdminOrderState, StateLook> = {
  pending_payment: { label: 'Pending Payment', tone: 'amber' },
  processing: { label: 'Processing', tone: 'blue' },
  delivered: { label: 'Delivered', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

/**
 * Mark Delivered: a paid order not yet delivered (spec), and also an unpaid cash-on-delivery order,
 * whose cash is collected at the door (the server records the payment as it delivers).
 */
export function canMarkDelivered(order: Pick<Order, 'status' | 'isPaid' | 'isDelivered' | 'paymentMethod'>) {
  if (order.status === 'cancelled' || order.isDelivered) return false;
  return order.isPaid || order.paymentMethod === 'COD';
}

/** A customer may call off an order until it is paid (a paid one needs a refund, through support). */
export function canCancel(order: Pick<Order, 'status' | 'isPaid' | 'isDelivered'>) {
  return !order.isPaid && !order.isDelivered && order.status !== 'cancelled';
}

/** Orders are named by the end of their id in capitals: 8 characters for customers, 6 for admins. */
export function shortOrderId(id: string, length: 6 | 8): string {
  return id.slice(-length).toUpperCase();
}

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  COD: 'Cash on Delivery',
  ONLINE: 'Pay Online',
};

export const paymentStatusLabel = (order: Pick<Order, 'isPaid'>) => (order.isPaid ? 'Paid' : 'Pending');
