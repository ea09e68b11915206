import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError, badRequestError } from './errors.js';
import { unixSeconds } from './ids.js';
import { parsePaymentLinkInput } from './payment-link-input.js';
import { paymentLinkPage, paymentLinkProblemPage } from './payment-link-page.js';
import type { PaymentLinkFlow, PaymentLinkQuery } from './payment-links.js';
import type { PaymentMethod, PaymentOutcome } from './store.js';

export interface PaymentLinkRoutesOptions {
  links: PaymentLinkFlow;
  /** The origin customers' browsers reach the sandbox on; the API request's own origin when unset. */
  publicUrl?: string;
}

type WithId = FastifyRequest<{ Params: { id: string } }>;

/**
 * Flat urlencoded bodies: what the page's form posts, and what the SDK's axios labels a body-less
 * POST (its `paymentLink.cancel`), which Razorpay accepts. Each plugin below adds it to itself only.
 */
function acceptUrlencoded(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/**
 * Razorpay's Payment Links API (registered inside the API routes, behind their basic auth): the paths
 * the SDK's `paymentLink` resource calls (node_modules/razorpay/dist/resources/paymentLink.js).
 */
export async function paymentLinkApiRoutes(
  app: FastifyInstance,
  options: PaymentLinkRoutesOptions,
): Promise<void> {
  const { links } = options;
  acceptUrlencoded(app);

  app.post('/payment_links', async (request) => {
    const input = parsePaymentLinkInput(request.body, unixSeconds());
    return links.links.create(input, options.publicUrl ?? `${request.protocol}://${request.host}`);
  });
  app.get('/payment_links', async (request: FastifyRequest<{ Querystring: PaymentLinkQuery }>) => ({
    payment_links: links.links.list(request.query),
  }));
  app.get('/payment_links/:id', async (request: WithId) => links.links.link(request.params.id));
  app.post('/payment_links/:id/cancel', async (request: WithId) => links.links.cancel(request.params.id));
}

// The customer's page is the sandbox's own document: its only style sheet comes from here, it runs no
// script, and its form posts back here (and, after paying, may be redirected to the link's callback).
function pageCsp(formTargets: string): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    `form-action 'self'${formTargets}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

function parseMethod(raw: unknown): PaymentMethod {
  if (raw === undefined || raw === null || raw === '') return 'upi';
  if (raw === 'upi' || raw === 'card') return raw;
  throw badRequestError('method must be upi or card.', 'method');
}

function parseOutcome(raw: unknown): PaymentOutcome {
  if (raw === undefined || raw === null || raw === '') return 'captured';
  if (raw === 'captured' || raw === 'failed') return raw;
  throw badRequestError('outcome must be captured or failed.', 'outcome');
}

function fields(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * What the link's short_url opens: `GET /pl/:id` (the amount and the Pay with UPI / Pay by card / Fail
 * buttons, a plain form so it works on any phone without script), `POST /pl/:id/pay` behind them, and
 * the sandbox's own control for scripts and tests, `POST /sandbox/payment_links/:id/pay` and `/expire`.
 * Like Razorpay's hosted page, none of them needs the API key: the link id is what is shared.
 */
export async function paymentLinkPageRoutes(
  app: FastifyInstance,
  options: PaymentLinkRoutesOptions,
): Promise<void> {
  const { links } = options;

  acceptUrlencoded(app);

  function sendPage(reply: FastifyReply, status: number, html: string, callbackUrl = ''): FastifyReply {
    const callbackOrigin = callbackUrl && URL.canParse(callbackUrl) ? ` ${new URL(callbackUrl).origin}` : '';
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageCsp(callbackOrigin))
      .send(html);
  }

  app.get('/pl/:id', (request: WithId, reply) => {
    try {
      const link = links.links.link(request.params.id);
      return sendPage(reply, 200, paymentLinkPage(link), link.callback_url);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return sendPage(reply, 404, paymentLinkProblemPage('This payment link does not exist.'));
    }
  });

  app.post('/pl/:id/pay', async (request: WithId, reply) => {
    const body = fields(request.body);
    try {
      const result = await links.pay(request.params.id, parseMethod(body.method), parseOutcome(body.outcome));
      // Post/redirect/get: a reload of the page that follows must not pay twice.
      return reply.redirect(result.callback ?? `/pl/${encodeURIComponent(request.params.id)}`, 303);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return sendPage(reply, 400, paymentLinkProblemPage(error.message));
    }
  });

  app.post('/sandbox/payment_links/:id/pay', async (request: WithId) => {
    const body = fields(request.body);
    return links.pay(request.params.id, parseMethod(body.method), parseOutcome(body.outcome));
  });
  app.post('/sandbox/payment_links/:id/expire', async (request: WithId) =>
    links.links.expire(request.params.id),
  );
}
