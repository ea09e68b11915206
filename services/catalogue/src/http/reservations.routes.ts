import { notFound, strictObject } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { findReservation, releaseStock, reserveStock } from '../use-cases/reservations.js';
import type { RequestedReservationItem } from '../domain/reservation.js';
import { presentReservation } from './presenters.js';
import type { RouteDeps } from './route-deps.js';

const orderId = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' };
const orderParams = strictObject({ orderId }, ['orderId']);
const reservationBody = strictObject(
  {
    orderId,
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: strictObject(
        {
          productId: { type: 'string', format: 'uuid' },
          quantity: { type: 'integer', minimum: 1, maximum: 10_000 },
          /** The unit price the customer agreed to: the reservation is refused (PRICE_CHANGED) unless it is today's. */
          unitPricePaise: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
        },
        ['productId', 'quantity'],
      ),
    },
  },
  ['orderId', 'items'],
);

/**
 * Stock reservations for commerce's checkout. Internal: the gateway routes nothing under /internal,
 * so only services inside the deployment reach these, and they stay out of the API docs.
 */
/** Who may call each internal route (the kit's guard refuses everyone else with 401). */
export const reservationCallers = {
  '/internal/reservations': ['commerce'],
  '/internal/reservations/:orderId/release': ['commerce'],
  '/internal/reservations/:orderId': ['commerce'],
} as const;

export function reservationsRoutes(app: FastifyInstance, { context }: RouteDeps) {
  app.post(
    '/internal/reservations',
    { config: { invalidates: ['products'] }, schema: { body: reservationBody } },
    async (request, reply) => {
      const body = request.body as { orderId: string; items: RequestedReservationItem[] };
      const { reservation, created } = await reserveStock(context, body.orderId, body.items);
      return reply.code(created ? 201 : 200).send(presentReservation(reservation));
    },
  );

  app.post(
    '/internal/reservations/:orderId/release',
    { config: { invalidates: ['products'] }, schema: { params: orderParams } },
    async (request) => {
      const { orderId: id } = request.params as { orderId: string };
      return presentReservation(await releaseStock(context, id));
    },
  );

  app.get('/internal/reservations/:orderId', { schema: { params: orderParams } }, async (request) => {
    const { orderId: id } = request.params as { orderId: string };
    const reservation = await findReservation(context.db, id);
    if (!reservation) throw notFound(`No stock reservation for order ${id}`);
    return presentReservation(reservation);
  });
}
