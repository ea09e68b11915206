import type { FastifyInstance, FastifyReply } from 'fastify';
import { readCheckoutAssets } from './assets.js';
import { checkoutFramePage, checkoutProblemPage } from './checkout-page.js';
import { SandboxError, badRequestError } from './errors.js';
import type { PaymentFlow } from './payments.js';
import type { Notes, PayerDetails, SandboxStore } from './store.js';

export interface CheckoutRoutesOptions {
  store: SandboxStore;
  payments: PaymentFlow;
  keyId: string;
}

type FrameQuery = Partial<
  Record<
    'key_id' | 'order_id' | 'origin' | 'name' | 'description' | 'email' | 'contact' | 'notes' | 'color',
    string
  >
>;

// The modal document is the sandbox's own: its scripts and styles come from here and nowhere else.
const FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/;
const SHORT_TEXT = 256;

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value.slice(0, SHORT_TEXT) : fallback;
}

function originOf(value: string | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  const { origin } = new URL(value);
  return origin === 'null' ? undefined : origin;
}

function sendAsset(reply: FastifyReply, contentType: string, body: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('cache-control', 'no-cache')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(body);
}

function payerNotes(raw: unknown): Notes | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(
    entries.slice(0, 15).map(([key, value]) => [key, String(value).slice(0, SHORT_TEXT)]),
  );
}

/** checkout.js for the merchant's page, the modal's document, and the endpoint its buttons call. */
export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): Promise<void> {
  const { store, payments, keyId } = options;
  const assets = readCheckoutAssets();

  app.get('/checkout.js', (_request, reply) =>
    sendAsset(reply, 'application/javascript; charset=utf-8', assets.checkoutScript),
  );
  app.get('/checkout/frame.js', (_request, reply) =>
    sendAsset(reply, 'application/javascript; charset=utf-8', assets.frameScript),
  );
  app.get('/checkout/frame.css', (_request, reply) =>
    sendAsset(reply, 'text/css; charset=utf-8', assets.frameStyles),
  );

  app.get<{ Querystring: FrameQuery }>('/checkout/frame', (request, reply) => {
    const query = request.query;
    const parentOrigin = originOf(query.origin) ?? originOf(request.headers.referer) ?? '';
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', FRAME_CSP);
    if (query.key_id !== keyId)
      return reply.status(401).send(checkoutProblemPage('The api key provided is invalid.', parentOrigin));
    try {
      const order = store.order(text(query.order_id));
      if (order.status === 'paid')
        return reply.status(400).send(checkoutProblemPage('This order has already been paid.', parentOrigin));
      return reply.send(
        checkoutFramePage(order, {
          keyId,
          parentOrigin,
          merchantName: text(query.name, 'Merchant') || 'Merchant',
          description: text(query.description),
          email: text(query.email),
          contact: text(query.contact),
          notes: text(query.notes),
          themeColor: HEX_COLOR.test(query.color ?? '') ? query.color! : '',
        }),
      );
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return reply.status(error.statusCode).send(checkoutProblemPage(error.message, parentOrigin));
    }
  });

  app.post<{ Body: Record<string, unknown> }>('/checkout/payments', async (request) => {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    if (body.key_id !== keyId) throw badRequestError('The api key provided is invalid.', 'key_id');
    if (body.outcome !== 'captured' && body.outcome !== 'failed')
      throw badRequestError('outcome must be captured or failed.', 'outcome');
    const payer: PayerDetails = {
      email: text(body.email) || undefined,
      contact: text(body.contact) || undefined,
      description: text(body.description) || undefined,
      notes: payerNotes(body.notes),
    };
    return payments.pay(text(body.order_id), body.outcome, payer);
  });
}
