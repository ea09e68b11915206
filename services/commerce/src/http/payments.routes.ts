import { currentUser, requireAuth } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { CommerceContext } from '../use-cases/context.js';
import { handleWebhook } from '../use-cases/payment-webhook.js';
import { verifyPayment, type VerifyPaymentBody } from '../use-cases/verify-payment.js';
import { presentOrder } from './presenters.js';
import {
  bearer,
  errors,
  paymentConfigSchema,
  verifyPaymentBody,
  verifyPaymentSchema,
  webhookAnswerSchema,
} from './schemas.js';

const tags = ['payments'];

export async function paymentsRoutes(app: FastifyInstance, deps: CommerceContext): Promise<void> {
  const { razorpay } = deps.config;

  app.get(
    '/payments/config',
    {
      schema: {
        tags,
        summary: 'What the page needs to open the provider checkout (public)',
        response: { 200: paymentConfigSchema },
      },
    },
    () => ({
      keyId: razorpay.keyId,
      checkoutUrl: razorpay.checkoutUrl,
      enabled: deps.config.onlinePaymentsEnabled && razorpay.keyId !== '' && razorpay.keySecret !== '',
    }),
  );

  app.post(
    '/orders/verify-payment',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Confirm a payment the checkout reported',
        description:
          'The signature (HMAC-SHA256 of `order_id|payment_id` with the key secret) is checked in constant time; a bad one is ' +
          '400 INVALID_SIGNATURE and changes nothing. The payment is captured once: repeating the call answers the same. ' +
          'Answers `{ success, message, order }` for a store order or `{ success, message, appointment }` for an appointment ' +
          "(its id and Paid; booking marks it Paid from commerce.payment.captured). A payment captured after the booking's " +
          'hold ran out is 409 BOOKING_NOT_CONFIRMED: booking confirms it, or it is refunded in full, by events.',
        body: verifyPaymentBody,
        response: { 200: verifyPaymentSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await verifyPayment(deps, currentUser(request), request.body as VerifyPaymentBody);
      return 'order' in answer ? { ...answer, order: presentOrder(answer.order) } : answer;
    },
  );

  // The signature covers the body byte for byte, so this route keeps it raw instead of parsing it.
  await app.register((raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/payments/webhook',
      {
        schema: {
          tags,
          summary: 'Razorpay webhook (payment.captured, payment.authorized, payment.failed)',
          description:
            '`X-Razorpay-Signature` must be the hex HMAC-SHA256 of the raw body with the webhook secret, else 400 and nothing changes.',
          response: { 200: webhookAnswerSchema, 400: errors[400], 502: errors[502] },
        },
      },
      async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleWebhook(deps, body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
