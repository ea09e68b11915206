import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { apiRoutes } from './api.routes.js';
import { checkoutRoutes } from './checkout.routes.js';
import { SandboxError, type RazorpayErrorBody } from './errors.js';
import { razorpayId } from './ids.js';
import { PaymentLinkFlow, PaymentLinkStore } from './payment-links.js';
import { paymentLinkPageRoutes } from './payment-links.routes.js';
import { PaymentFlow } from './payments.js';
import { SandboxStore } from './store.js';
import { WebhookSender } from './webhooks.js';

export interface SandboxAppOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl?: string;
  webhookRetryDelaysMs?: number[];
  /**
   * The origin customers' browsers reach the sandbox on, for payment links' short_url; the origin of
   * the API request that created the link when unset (right when commerce and browser share a host).
   */
  publicUrl?: string;
  /** How long a refund stays pending before it is processed (or fails): 200 ms unless set. */
  refundProcessingMs?: number;
  /** A logger to write to, or a level for a JSON logger of the sandbox's own; silent when neither. */
  logger?: FastifyBaseLogger;
  logLevel?: string;
}

export interface SandboxApp {
  app: FastifyInstance;
  payments: PaymentFlow;
  links: PaymentLinkFlow;
  webhooks: WebhookSender;
  store: SandboxStore;
}

function errorBody(description: string, field?: string): { error: RazorpayErrorBody } {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

/** JSON lines like the services' (@spa/kit's logger): ISO time, the process named in `service`. */
function ownLoggerOptions(level: string) {
  return {
    level,
    base: { service: 'razorpay-sandbox' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}

/** The sandbox's HTTP surface: Razorpay's API under /v1 and the checkout beside it. */
export async function buildSandboxApp(options: SandboxAppOptions): Promise<SandboxApp> {
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: options.logLevel ? ownLoggerOptions(options.logLevel) : false }),
    bodyLimit: 64 * 1024,
  });
  const store = new SandboxStore();
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    accountId: razorpayId('acc'),
    logger: app.log,
    retryDelaysMs: options.webhookRetryDelaysMs,
  });
  const payments = new PaymentFlow(store, webhooks, options.keySecret, options.refundProcessingMs);
  const links = new PaymentLinkFlow(new PaymentLinkStore(), store, webhooks, options.keySecret);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SandboxError) return reply.status(error.statusCode).send({ error: error.body });
    // Malformed JSON, a wrong content type, a body too large: the client's fault, Razorpay's shape.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return reply.status(400).send(errorBody(error.message));
    request.log.error({ err: error }, 'sandbox request failed');
    return reply
      .status(500)
      .send({ error: { ...errorBody('The sandbox failed.').error, code: 'SERVER_ERROR' } });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(errorBody('The requested URL was not found on the server.')),
  );

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(apiRoutes, {
    prefix: '/v1',
    store,
    payments,
    links,
    publicUrl: options.publicUrl,
    keyId: options.keyId,
    keySecret: options.keySecret,
  });
  await app.register(checkoutRoutes, {
    prefix: '/v1',
    store,
    payments,
    keyId: options.keyId,
  });
  await app.register(paymentLinkPageRoutes, { links });
  return { app, payments, links, webhooks, store };
}
