import { timestampDate } from '@bufbuild/protobuf/wkt';
import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { emailAddress, InvalidEmailData } from '../html.js';
import { clockText, dayText, formatPaise } from './booking-shared.js';
import { greetingFor } from './greeting.js';

const ZONE = 'Asia/Kolkata';

/** "Wednesday, 25 November 2026, 1:05 PM IST": when the provider confirmed the refund. */
function refundedWhen(payload: { refundedAt?: Parameters<typeof timestampDate>[0] }): string {
  if (!payload.refundedAt) throw new InvalidEmailData('The refund event carries no time');
  const at = timestampDate(payload.refundedAt).getTime();
  return `${dayText(at, ZONE)}, ${clockText(at, ZONE)} IST`;
}

/**
 * commerce.payment.refunded: how much went back and when, once the payment provider confirmed it.
 * Sent for every refund (a partial one says how much of the payment has gone back so far); only when
 * commerce knows the customer's email (always for store orders; for appointments once booking told it).
 */
export const paymentRefundedTemplate = defineTemplate({
  event: events.paymentRefunded,
  wanted: (payload) => payload.customerEmail !== '',
  recipient: (payload) => ({
    address: emailAddress(payload.customerEmail),
    name: payload.customerName || undefined,
  }),
  compose(payload) {
    const amount = formatPaise(payload.amountPaise);
    const when = refundedWhen(payload);
    const what = payload.description || (payload.purpose === 'order' ? 'your order' : 'your appointment');
    const partial = payload.paymentStatus === 'partially_refunded';
    const details = [
      { label: 'Refunded', value: amount },
      { label: 'On', value: when },
      { label: 'For', value: what },
      ...(partial
        ? [
            {
              label: 'Refunded so far',
              value: `${formatPaise(payload.refundedTotalPaise)} of ${formatPaise(payload.capturedPaise)}`,
            },
          ]
        : []),
      { label: 'Refund reference', value: payload.providerRefundId },
      { label: 'Payment reference', value: payload.providerPaymentId },
    ];
    return {
      to: { address: emailAddress(payload.customerEmail), name: payload.customerName || undefined },
      subject: `Refund of ${amount} processed`,
      content: {
        preview: `${amount} refunded on ${when}`,
        heading: 'Your refund is on its way',
        greeting: greetingFor(payload.customerName),
        paragraphs: [
          `We refunded ${amount} for ${what} on ${when}, to the card, UPI account or bank you paid with.`,
          partial
            ? `This is part of your payment of ${formatPaise(payload.capturedPaise)}; ${formatPaise(payload.refundedTotalPaise)} has been refunded so far.`
            : `That is the whole of your payment of ${formatPaise(payload.capturedPaise)}.`,
          'Banks usually show a refund within 5 to 7 working days; quote the refund reference below if yours does not.',
        ],
        details,
        notes: [`Questions? Call us on ${brand.phone} or write to ${brand.email}.`],
      },
    };
  },
});
