import { AppError, createInternalClient, InternalCallError, z, type ServiceAuth } from '@spa/kit';

interface ReservationLine {
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

const problemsOf = (details: unknown): ReservationProblem[] =>
  Array.isArray(details) ? (details as ReservationProblem[]) : [];

/**
 * The catalogue's stock reservations (services/catalogue README, "Stock reservations"): all or nothing,
 * idempotent by order id, released once.
 */
export interface CatalogueClient {
  /** Takes the stock or throws: a 409 the customer can act on, or InternalCallError (outcome unknown). */
  reserve(orderId: string, lines: ReservationLine[]): Promise<void>;
  /** Puts the stock back; also blocks a late reservation of the same order. Throws when unreachable. */
  release(orderId: string): Promise<void>;
}

export function createCatalogueClient(settings: {
  baseUrl: string;
  timeoutMs: number;
  serviceAuth?: ServiceAuth;
}): CatalogueClient {
  // Both calls are idempotent by order id at the catalogue, so the order id is their idempotency key.
  const catalogue = createInternalClient({
    callee: 'catalogue',
    baseUrl: settings.baseUrl,
    auth: settings.serviceAuth,
    timeoutMs: settings.timeoutMs,
  });
  return {
    async reserve(orderId, lines) {
      try {
        await catalogue.post('/internal/reservations', { orderId, items: lines }, z.unknown(), {
          idempotencyKey: orderId,
        });
      } catch (error) {
        const { code, message, details } = (error instanceof InternalCallError && error.answer) || {};
        if (code === 'INSUFFICIENT_STOCK' || code === 'PRICE_CHANGED')
          throw new ReservationRefused(code, String(message), problemsOf(details));
        if (code === 'PRODUCT_NOT_FOUND')
          throw new ReservationRefused(
            'PRODUCT_UNAVAILABLE',
            'A product in your cart is no longer available; remove it and try again',
            problemsOf(details),
          );
        throw error;
      }
    },
    async release(orderId) {
      await catalogue.post(
        `/internal/reservations/${encodeURIComponent(orderId)}/release`,
        undefined,
        z.unknown(),
        { idempotencyKey: `release:${orderId}` },
      );
    },
  };
}
