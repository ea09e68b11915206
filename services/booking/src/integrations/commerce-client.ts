import { createInternalClient, InternalCallError, z, type Logger, type ServiceAuth } from '@spa/kit';

/** What commerce answers for an appointment's online payment: the provider order the checkout opens. */
const paymentOrderSchema = z.object({
  providerOrderId: z.string().min(1),
  /** Paise. */
  amount: z.number().int(),
  currency: z.string(),
  keyId: z.string(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

interface PaymentOrderRequest {
  appointmentId: string;
  customerId: string;
  amountPaise: number;
  description?: string;
  /** ISO time the slot's payment hold runs out: a payment captured before then is one booking accepts. */
  payableUntil?: string;
}

export interface CommerceClient {
  /** Idempotent by appointment id: asking again answers the same provider order. */
  createPayment(request: PaymentOrderRequest): Promise<PaymentOrder>;
}

/** Commerce could not give a payment order (down, slow, refusing or answering nonsense). */
export class PaymentUnavailableError extends Error {
  override name = 'PaymentUnavailableError';
}

/**
 * Commerce's internal payment API (POST /internal/payments) on the kit's internal client. Commerce
 * answers a repeat for one appointment with the same provider order, so the appointment id is the
 * call's idempotency key and a call that got no answer is retried.
 */
export function createCommerceClient(options: {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /** Signs each call (commerce refuses unsigned /internal calls). */
  serviceAuth?: ServiceAuth;
}): CommerceClient {
  const commerce = createInternalClient({
    callee: 'commerce',
    baseUrl: options.baseUrl,
    auth: options.serviceAuth,
    timeoutMs: options.timeoutMs,
    // The customer is waiting on the booking page: one more try, not more.
    retries: 1,
  });
  return {
    async createPayment(request) {
      let order: PaymentOrder;
      try {
        order = await commerce.post('/internal/payments', request, paymentOrderSchema, {
          idempotencyKey: request.appointmentId,
        });
      } catch (error) {
        if (!(error instanceof InternalCallError)) throw error;
        options.logger.error(
          { err: error, answer: error.answer, appointmentId: request.appointmentId },
          'commerce gave no payment order',
        );
        throw new PaymentUnavailableError(error.message, { cause: error });
      }
      if (order.amount !== request.amountPaise) {
        options.logger.error({ order, request }, 'commerce answered a payment order for another amount');
        throw new PaymentUnavailableError('commerce answered a payment order for another amount');
      }
      return order;
    },
  };
}
