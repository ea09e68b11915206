import * as commerce from '../../gen/spa/commerce/v1/events_pb.js';
import { defineEvent } from '../define.js';

// Not compacted: each event is a fact a consumer acts on (an order confirmation, a receipt, a booking's
// payment status), so an older event of an order must not vanish behind a newer one.
export const commerceEvents = {
  orderPlaced: defineEvent('commerce.order.placed', commerce.OrderPlacedSchema, 'commerce.order.v1'),
  orderPaid: defineEvent('commerce.order.paid', commerce.OrderPaidSchema, 'commerce.order.v1'),
  orderDelivered: defineEvent('commerce.order.delivered', commerce.OrderDeliveredSchema, 'commerce.order.v1'),
  orderCancelled: defineEvent('commerce.order.cancelled', commerce.OrderCancelledSchema, 'commerce.order.v1'),
  paymentCaptured: defineEvent(
    'commerce.payment.captured',
    commerce.PaymentCapturedSchema,
    'commerce.payment.v1',
  ),
  paymentFailed: defineEvent('commerce.payment.failed', commerce.PaymentFailedSchema, 'commerce.payment.v1'),
  paymentRefunded: defineEvent(
    'commerce.payment.refunded',
    commerce.PaymentRefundedSchema,
    'commerce.payment.v1',
  ),
  paymentRefundFailed: defineEvent(
    'commerce.payment.refund_failed',
    commerce.PaymentRefundFailedSchema,
    'commerce.payment.v1',
  ),
  saleCompleted: defineEvent('commerce.sale.completed', commerce.SaleCompletedSchema, 'commerce.sale.v1'),
  saleRefunded: defineEvent('commerce.sale.refunded', commerce.SaleRefundedSchema, 'commerce.sale.v1'),
  saleBalancePaid: defineEvent(
    'commerce.sale.balance_paid',
    commerce.SaleBalancePaidSchema,
    'commerce.sale.v1',
  ),
  drawerShiftOpened: defineEvent(
    'commerce.drawer.shift_opened',
    commerce.DrawerShiftOpenedSchema,
    'commerce.drawer.v1',
  ),
  drawerCashMoved: defineEvent(
    'commerce.drawer.cash_moved',
    commerce.DrawerCashMovedSchema,
    'commerce.drawer.v1',
  ),
  drawerShiftClosed: defineEvent(
    'commerce.drawer.shift_closed',
    commerce.DrawerShiftClosedSchema,
    'commerce.drawer.v1',
  ),
} as const;
