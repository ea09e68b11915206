import { AppError, type ServiceAuth } from '@spa/kit';
import { callJson, UpstreamUnreachableError } from './http-json.js';

export interface ReservationLine {
  productId: string;
  quantity: number;
  /** The unit price the customer agreed to: the catalogue refuses the reservation unless it is today's. */
  unitPricePaise?: number;
}

/** One line the catalogue could not reserve as asked (its README, "Stock reservations"). */
export interface ReservationProblem {
  productId: string;
  problem: 'price_changed' | 'unavailable' | 'insufficient_stock';
  name?: string;
  requested: number;
  available: number;
  unitPricePaise?: number;
  currentPricePaise?: number;
}

/**
 * The catalogue refused a priced reservation: `code` is the commerce answer (PRICE_CHANGED,
 * INSUFFICIENT_STOCK or PRODUCT_UNAVAILABLE), `problems` every line that cannot be taken as asked.
 */
export class ReservationRefused extends AppError {
  constructor(
    code: string,
    message: string,
    readonly problems: ReservationProblem[],
  ) {
    super(409, code, message, problems);
  }
}

const problemsOf = (body: Record<string, unknown>): ReservationProblem[] =>
  Array.isArray(body.details) ? (body.details as ReservationProblem[]) : [];

/**
 * The catalogue's stock reservations (services/catalogue README, "Stock reservations"): all or nothing,
 * idempotent by order id, released once.
 */
export interface CatalogueClient {
  /** Takes the stock or throws: a 409 the customer can act on, or UpstreamUnreachableError (outcome unknown). */
  reserve(orderId: string, lines: ReservationLine[]): Promise<void>;
  /** Puts the stock back; also blocks a late reservation of the same order. Throws when unreachable. */
  release(orderId: string): Promise<void>;
}

export function createCatalogueClient(settings: {
  baseUrl: string;
  timeoutMs: number;
  serviceAuth?: ServiceAuth;
}): CatalogueClient {
  const base = settings.baseUrl.replace(/\/$/, '');
  const signedFor = { auth: settings.serviceAuth, callee: 'catalogue' };
  return {
    async reserve(orderId, lines) {
      const { status, body } = await callJson(`${base}/internal/reservations`, {
        method: 'POST',
        body: { orderId, items: lines },
        timeoutMs: settings.timeoutMs,
        signedFor,
      });
      if (status === 200 || status === 201) return;
      if (status === 409 && (body.code === 'INSUFFICIENT_STOCK' || body.code === 'PRICE_CHANGED'))
        throw new ReservationRefused(body.code, String(body.message), problemsOf(body));
      if (status === 404 && body.code === 'PRODUCT_NOT_FOUND')
        throw new ReservationRefused(
          'PRODUCT_UNAVAILABLE',
          'A product in your cart is no longer available; remove it and try again',
          problemsOf(body),
        );
      throw new UpstreamUnreachableError(
        `the catalogue refused reservation ${orderId}: ${status} ${body.code}`,
      );
    },
    async release(orderId) {
      const { status, body } = await callJson(
        `${base}/internal/reservations/${encodeURIComponent(orderId)}/release`,
        { method: 'POST', timeoutMs: settings.timeoutMs, signedFor },
      );
      if (status !== 200)
        throw new UpstreamUnreachableError(
          `the catalogue refused release ${orderId}: ${status} ${body.code}`,
        );
    },
  };
}
