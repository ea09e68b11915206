import { currentUser, requireAuth } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { CommerceContext } from '../use-cases/context.js';
import { exportMyCommerceData } from '../use-cases/my-data.js';
import { bearer, errors } from './schemas.js';

const rows = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/**
 * GET /orders/me/export: commerce's part of "Download my data" — the caller's orders (with their
 * lines and payments, money in paise), saved addresses and cart, as stored. Only the caller's own.
 */
export function myDataRoutes(app: FastifyInstance, { db }: CommerceContext): void {
  app.get(
    '/orders/me/export',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['orders'],
        security: bearer,
        summary: 'Download my data: my orders, payments, saved addresses and cart (commerce’s part)',
        response: {
          200: {
            type: 'object',
            required: ['orders', 'payments', 'addresses', 'cart'],
            properties: { orders: rows, payments: rows, addresses: rows, cart: rows },
          },
          401: errors[401],
        },
      },
    },
    async (request) => exportMyCommerceData(db, currentUser(request).id),
  );
}
