import { timestampDate } from '@bufbuild/protobuf/wkt';
import { events, type commerceV1 } from '@spa/proto';
import { brand } from '../brand.js';
import type { EmailContent } from '../email-layout.js';
import { defineTemplate, type Recipient, type TemplateContext } from '../email-template.js';
import { emailAddress, InvalidEmailData } from '../html.js';
import { clockText, dayText, formatPaise } from './booking-shared.js';
import { greetingFor } from './greeting.js';

/*
 * The store's order emails, like the appointment emails: a confirmation when an
 * order is placed (a cash-on-delivery order at once; an online one once its payment is captured),
 * then paid, delivered and cancelled. A refund has its own email (payment-refunded.template.ts), sent
 * when the provider confirms it. Every order event carries the order as it is after the change, with
 * the customer's email and name as they were at checkout (empty once the customer was erased: no email).
 */

type Order = commerceV1.Order;
const ZONE = 'Asia/Kolkata';

function orderOf(payload: { order?: Order }): Order {
  if (!payload.order?.orderId) throw new InvalidEmailData('The order event carries no order');
  return payload.order;
}

const hasEmail = (payload: { order?: Order }) => Boolean(payload.order?.customerEmail);

function customerOf(payload: { order?: Order }): Recipient {
  const order = orderOf(payload);
  return { address: emailAddress(order.customerEmail), name: order.customerName || undefined };
}

/** "#A1B2C3D4": the last eight characters of the id, as My Orders shows it. */
const orderNumber = (order: Order) => `#${order.orderId.slice(-8).toUpperCase()}`;

const PAYMENT_METHOD: Record<string, string> = { COD: 'Cash on Delivery', ONLINE: 'Paid online' };

function whenOf(timestamp: Order['placedAt']): string | undefined {
  if (!timestamp) return undefined;
  const at = timestampDate(timestamp).getTime();
  return `${dayText(at, ZONE)}, ${clockText(at, ZONE)} IST`;
}

/** The order's lines and totals, then how it is paid and where it goes. */
function orderDetails(order: Order): NonNullable<EmailContent['details']> {
  const address = order.shippingAddress;
  const shipTo = address
    ? [address.fullName, address.address, address.city, address.state, address.postalCode]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', ')
    : '';
  return [
    { label: 'Order', value: orderNumber(order) },
    ...order.items.map((item) => ({
      label: `${item.name} × ${item.quantity}`,
      value: formatPaise(item.lineTotalPaise),
    })),
    { label: 'Items', value: formatPaise(order.itemsPricePaise) },
    {
      label: 'Shipping',
      value: order.shippingPricePaise === 0n ? 'Free' : formatPaise(order.shippingPricePaise),
    },
    { label: 'GST', value: formatPaise(order.taxPricePaise) },
    { label: 'Total', value: formatPaise(order.totalPricePaise) },
    { label: 'Payment', value: PAYMENT_METHOD[order.paymentMethod] ?? order.paymentMethod },
    ...(shipTo ? [{ label: 'Deliver to', value: shipTo }] : []),
  ];
}

const orderAction = (order: Order, context: TemplateContext) => ({
  label: 'View your order',
  url: new URL(`/order/${encodeURIComponent(order.orderId)}`, context.appUrl).toString(),
});

const contact = `Questions? Call us on ${brand.phone} or write to ${brand.email}.`;

/** The confirmation, from whichever event confirms the order (placed for cash, paid for online). */
function confirmation(order: Order, context: TemplateContext, paidOnline: boolean) {
  const total = formatPaise(order.totalPricePaise);
  return {
    to: customerOf({ order }),
    subject: `Order ${orderNumber(order)} confirmed`,
    content: {
      preview: paidOnline
        ? `We received ${total}; your order is being prepared`
        : `${total}, cash on delivery`,
      heading: 'Thank you for your order',
      greeting: greetingFor(order.customerName),
      paragraphs: [
        paidOnline
          ? `We received your payment of ${total} and your order ${orderNumber(order)} is confirmed. We are preparing it for delivery.`
          : `Your order ${orderNumber(order)} is confirmed. Please keep ${total} ready to pay when it is delivered.`,
        ...(whenOf(order.placedAt) ? [`Placed on ${whenOf(order.placedAt)}.`] : []),
      ],
      details: orderDetails(order),
      action: orderAction(order, context),
      notes: [contact],
    },
  };
}

/**
 * commerce.order.placed: a cash-on-delivery order is confirmed at once. An online order is placed
 * waiting for payment ("pending_payment"): its confirmation waits for the payment (order paid below).
 */
export const orderPlacedTemplate = defineTemplate({
  event: events.orderPlaced,
  wanted: (payload) => hasEmail(payload) && payload.order?.paymentMethod === 'COD',
  recipient: customerOf,
  compose: (payload, context) => confirmation(orderOf(payload), context, false),
});

/**
 * commerce.order.paid: for an online order, its confirmation with the payment received. Cash collected
 * on delivery is told by the delivery email (the two happen together), so it sends nothing here.
 */
export const orderPaidTemplate = defineTemplate({
  event: events.orderPaid,
  wanted: (payload) => hasEmail(payload) && !payload.collectedOnDelivery,
  recipient: customerOf,
  compose(payload, context) {
    const email = confirmation(orderOf(payload), context, true);
    return payload.providerPaymentId
      ? {
          ...email,
          content: {
            ...email.content,
            details: [
              ...email.content.details,
              { label: 'Payment reference', value: payload.providerPaymentId },
            ],
          },
        }
      : email;
  },
});

/** commerce.order.delivered: it has arrived (and, for cash on delivery, was paid for on the doorstep). */
export const orderDeliveredTemplate = defineTemplate({
  event: events.orderDelivered,
  wanted: hasEmail,
  recipient: customerOf,
  compose(payload, context) {
    const order = orderOf(payload);
    const when = whenOf(order.deliveredAt);
    return {
      to: customerOf(payload),
      subject: `Order ${orderNumber(order)} delivered`,
      content: {
        preview: when ? `Delivered on ${when}` : 'Your order has been delivered',
        heading: 'Your order has arrived',
        greeting: greetingFor(order.customerName),
        paragraphs: [
          `Your order ${orderNumber(order)} was delivered${when ? ` on ${when}` : ''}.`,
          order.paymentMethod === 'COD'
            ? `Thank you for paying ${formatPaise(order.totalPricePaise)} on delivery.`
            : 'We hope you enjoy it.',
          'Something wrong with it? Reply to this email or call us and we will put it right.',
        ],
        details: orderDetails(order),
        action: orderAction(order, context),
        notes: [contact],
      },
    };
  },
});

const CANCELLED: Record<string, string> = {
  cancelled_by_customer: 'As you asked, we have cancelled your order',
  cancelled_by_admin: 'We are sorry: the spa has cancelled your order',
  payment_expired: 'Your order was cancelled because its payment was not completed in time',
};

/**
 * commerce.order.cancelled: its stock is released. Sent for every cancelled order, an online one that
 * was never paid too (payment_expired): the customer started it and should learn where it went. A paid
 * one says its refund is under way (the refund email follows when the provider confirms it).
 */
export const orderCancelledTemplate = defineTemplate({
  event: events.orderCancelled,
  wanted: hasEmail,
  recipient: customerOf,
  compose(payload, context) {
    const order = orderOf(payload);
    const paidOnline = order.isPaid && order.paymentMethod === 'ONLINE';
    return {
      to: customerOf(payload),
      subject: `Order ${orderNumber(order)} cancelled`,
      content: {
        preview: `${orderNumber(order)} has been cancelled`,
        heading: 'Your order is cancelled',
        greeting: greetingFor(order.customerName),
        paragraphs: [
          `${CANCELLED[payload.reason] ?? 'Your order has been cancelled'} (${orderNumber(order)}, ${formatPaise(order.totalPricePaise)}).`,
          paidOnline
            ? `You paid ${formatPaise(order.totalPricePaise)} online; it is being refunded to your original payment method, and we will email you once the refund is processed.`
            : 'Nothing has been charged for it.',
        ],
        details: orderDetails(order),
        action: { label: 'Visit the store', url: new URL('/store', context.appUrl).toString() },
        notes: [contact],
      },
    };
  },
});
