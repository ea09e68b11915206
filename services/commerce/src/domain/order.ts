import { unprocessable, AppError } from '@spa/kit/errors';

export const PAYMENT_METHODS = ['COD', 'ONLINE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the API shows; `reserving` (a checkout still talking to the catalogue) never leaves the service. */
export const ORDER_STATUSES = ['pending_payment', 'placed', 'paid', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type CancelReason = 'payment_expired' | 'cancelled_by_customer' | 'cancelled_by_admin';

export interface OrderLine {
  id: string;
  productId: string;
  name: string;
  image: string;
  quantity: number;
  unitPricePaise: number;
  /**
   * The product's HSN code and GST rate (basis points) from the products mirror when the order was
   * placed; '' and null on orders placed before they were kept (billing then falls back to its own).
   */
  hsnCode?: string;
  gstBp?: number | null;
}

/** The address as it was at checkout: `address` is the street line, as the order JSON names it. */
export interface ShippingSnapshot {
  fullName: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  label: string;
}

export interface Order {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  items: OrderLine[];
  itemsPricePaise: number;
  shippingPricePaise: number;
  taxPricePaise: number;
  totalPricePaise: number;
  shipping: ShippingSnapshot;
  isPaid: boolean;
  paidAt: Date | null;
  isDelivered: boolean;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: CancelReason | null;
  paymentExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderTotals {
  itemsPricePaise: number;
  shippingPricePaise: number;
  taxPricePaise: number;
  totalPricePaise: number;
}

/**
 * The server prices every order from its own cart lines. Shipping and tax are 0 (spec section 9: sent
 * as 0, shown as Free and ₹0.00), whatever a client sends.
 */
export function priceOrder(
  lines: ReadonlyArray<Pick<OrderLine, 'quantity' | 'unitPricePaise'>>,
): OrderTotals {
  const itemsPricePaise = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaise, 0);
  const shippingPricePaise = 0;
  const taxPricePaise = 0;
  return {
    itemsPricePaise,
    shippingPricePaise,
    taxPricePaise,
    totalPricePaise: itemsPricePaise + shippingPricePaise + taxPricePaise,
  };
}

/** COD orders are placed at once; ONLINE ones wait for their payment, holding their stock meanwhile. */
export function initialStatus(method: PaymentMethod): OrderStatus {
  return method === 'COD' ? 'placed' : 'pending_payment';
}

export type DeliveryStep = 'already-delivered' | 'deliver' | 'collect-cash-and-deliver';

/**
 * Only a paid order can be marked delivered, except that a COD order is paid as it is delivered (the
 * cash is collected at the door), so marking it delivered records the payment too.
 */
export function deliveryStep(order: Pick<Order, 'status' | 'paymentMethod' | 'isPaid'>): DeliveryStep {
  if (order.status === 'delivered') return 'already-delivered';
  if (order.status === 'cancelled')
    throw new AppError(422, 'ORDER_CANCELLED', 'A cancelled order cannot be marked delivered');
  if (order.isPaid) return 'deliver';
  if (order.paymentMethod === 'COD') return 'collect-cash-and-deliver';
  throw new AppError(422, 'ORDER_NOT_PAID', 'Only a paid order can be marked delivered');
}

/**
 * An order can be cancelled until it is paid: its stock goes back. A paid order needs a refund, which
 * is a conversation with support, not a button.
 */
export function assertCancellable(order: Pick<Order, 'status'>): 'cancel' | 'already-cancelled' {
  switch (order.status) {
    case 'cancelled':
      return 'already-cancelled';
    case 'pending_payment':
    case 'placed':
      return 'cancel';
    case 'paid':
      throw unprocessable('A paid order cannot be cancelled here; please contact support for a refund');
    case 'delivered':
      throw unprocessable('A delivered order cannot be cancelled');
  }
}
