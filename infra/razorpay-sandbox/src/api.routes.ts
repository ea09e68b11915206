import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticationError, unknownIdError } from './errors.js';
import { parseCaptureInput, parseOrderInput, parseRefundInput } from './order-input.js';
import type { PaymentLinkFlow } from './payment-links.js';
import { paymentLinkApiRoutes } from './payment-links.routes.js';
import type { PaymentFlow } from './payments.js';
import { constantTimeEquals } from './signatures.js';
import type { SandboxStore } from './store.js';

export interface ApiRoutesOptions {
  store: SandboxStore;
  payments: PaymentFlow;
  links: PaymentLinkFlow;
  /** Where a payment link's short_url points; see PaymentLinkRoutesOptions. */
  publicUrl?: string;
  keyId: string;
  keySecret: string;
}

type WithId = FastifyRequest<{ Params: { id: string } }>;

function basicAuthCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The orders, payments, refunds and payment links endpoints the razorpay SDK calls, behind HTTP basic auth (key id : secret). */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const { store, payments } = options;

  app.addHook('onRequest', async (request) => {
    const credentials = basicAuthCredentials(request.headers.authorization);
    const valid =
      credentials !== undefined &&
      constantTimeEquals(credentials.user, options.keyId) &&
      constantTimeEquals(credentials.password, options.keySecret);
    if (!valid) throw authenticationError();
  });

  // Registered after the hook above, so the payment links API sits behind the same basic auth.
  await app.register(paymentLinkApiRoutes, { links: options.links, publicUrl: options.publicUrl });

  app.post('/orders', async (request) => store.createOrder(parseOrderInput(request.body)));
  app.get('/orders/:id', async (request: WithId) => store.order(request.params.id));
  app.get('/orders/:id/payments', async (request: WithId) => {
    const items = store.paymentsOf(request.params.id);
    return { entity: 'collection', count: items.length, items };
  });
  app.get('/payments/:id', async (request: WithId) => store.payment(request.params.id));
  app.post('/payments/:id/capture', async (request: WithId) => {
    const { amount, currency } = parseCaptureInput(request.body);
    return payments.capture(request.params.id, amount, currency);
  });
  app.post('/payments/:id/refund', async (request: WithId) =>
    payments.refund(request.params.id, parseRefundInput(request.body)),
  );
  app.get('/payments/:id/refunds', async (request: WithId) => {
    const items = store.refundsOf(request.params.id);
    return { entity: 'collection', count: items.length, items };
  });
  app.get(
    '/payments/:id/refunds/:refundId',
    async (request: FastifyRequest<{ Params: { id: string; refundId: string } }>) => {
      const refund = store.refund(request.params.refundId);
      if (refund.payment_id !== request.params.id) throw unknownIdError();
      return refund;
    },
  );
  app.get('/refunds/:id', async (request: WithId) => store.refund(request.params.id));
  // The sandbox's own control, not Razorpay's: the next `count` refunds of the payment fail.
  app.post('/sandbox/payments/:id/fail-refunds', async (request: WithId) => {
    const body = (request.body ?? {}) as { count?: unknown };
    const count =
      typeof body.count === 'number' && Number.isInteger(body.count) && body.count > 0 ? body.count : 1;
    store.failRefundsOf(request.params.id, count);
    return { payment_id: request.params.id, failing_refunds: count };
  });
}
