import { propagationHeaders, type Logger, type ServiceAuth } from '@spa/kit';

/** What commerce answers for an appointment's online payment: the provider order the checkout opens. */
export interface PaymentOrder {
  providerOrderId: string;
  /** Paise. */
  amount: number;
  currency: string;
  keyId: string;
}

export interface PaymentOrderRequest {
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

/** Commerce could not give a payment order (down, slow or answering nonsense). */
export class PaymentUnavailableError extends Error {
  override name = 'PaymentUnavailableError';
}

function isPaymentOrder(body: unknown): body is PaymentOrder {
  const candidate = body as Partial<PaymentOrder> | null;
  return (
    typeof candidate?.providerOrderId === 'string' &&
    candidate.providerOrderId.length > 0 &&
    Number.isInteger(candidate.amount) &&
    typeof candidate.currency === 'string' &&
    typeof candidate.keyId === 'string'
  );
}

/** Commerce's internal payment API (contracts: POST /internal/payments). */
export function createCommerceClient(options: {
  baseUrl: string;
  timeoutMs: number;
  logger: Logger;
  /** Signs each call (commerce refuses unsigned /internal calls). */
  serviceAuth?: ServiceAuth;
}): CommerceClient {
  const url = new URL('/internal/payments', options.baseUrl);
  return {
    async createPayment(request) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...propagationHeaders(),
            ...(await options.serviceAuth?.headersFor('commerce')),
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        options.logger.warn({ err: error, appointmentId: request.appointmentId }, 'commerce unreachable');
        throw new PaymentUnavailableError(`commerce unreachable: ${(error as Error).message}`);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok || !isPaymentOrder(body)) {
        options.logger.error(
          { status: response.status, body, appointmentId: request.appointmentId },
          'commerce refused the payment order',
        );
        throw new PaymentUnavailableError(`commerce answered ${response.status}`);
      }
      if (body.amount !== request.amountPaise) {
        options.logger.error({ body, request }, 'commerce answered a payment order for another amount');
        throw new PaymentUnavailableError('commerce answered a payment order for another amount');
      }
      return body;
    },
  };
}
