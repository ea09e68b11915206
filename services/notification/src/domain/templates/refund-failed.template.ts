import { timestampDate } from '@bufbuild/protobuf/wkt';
import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { clockText, dayText, formatPaise } from './booking-shared.js';

const ZONE = 'Asia/Kolkata';

/**
 * commerce.payment.refund_failed: the provider refused or failed a refund, so the customer's money is
 * still with the spa and someone has to act. The alert goes to the spa's own inbox (the address its
 * emails give customers), with what failed, why, and where in the admin panel to refund it again.
 */
export const refundFailedTemplate = defineTemplate({
  event: events.paymentRefundFailed,
  recipient: () => ({ address: brand.email, name: brand.name }),
  compose(payload, context) {
    const amount = formatPaise(payload.amountPaise);
    const at = payload.failedAt ? timestampDate(payload.failedAt).getTime() : Date.now();
    const when = `${dayText(at, ZONE)}, ${clockText(at, ZONE)} IST`;
    const isOrder = payload.purpose === 'order';
    const what = isOrder ? `order ${payload.orderId}` : `appointment ${payload.appointmentId}`;
    return {
      to: { address: brand.email, name: brand.name },
      subject: `Action needed: a refund of ${amount} failed`,
      content: {
        preview: `${amount} for ${what} was not refunded`,
        heading: 'A refund did not go through',
        greeting: 'Hello,',
        paragraphs: [
          `The payment provider did not refund ${amount} for ${what} (${when}). The customer's money is still with us.`,
          `Open the ${isOrder ? 'order' : 'appointment'} in the admin panel and refund it again, or settle it with the customer another way.`,
        ],
        action: { label: 'Open the admin panel', url: `${context.appUrl.replace(/\/$/, '')}/dashboard` },
        details: [
          { label: 'Amount', value: amount },
          { label: 'For', value: what },
          { label: 'Why', value: payload.failureReason || 'The provider gave no reason' },
          { label: 'Payment reference', value: payload.providerPaymentId },
          ...(payload.providerRefundId
            ? [{ label: 'Refund reference', value: payload.providerRefundId }]
            : []),
          { label: 'Refund id', value: payload.refundId },
        ],
        notes: ['Sent once per failed refund.'],
      },
    };
  },
});
