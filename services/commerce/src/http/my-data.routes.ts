import { currentUser, requireAuth } from '@spa/kit';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addresses, cartItems, carts, orderItems, orders, payments } from '../db/schema.js';
import type { CommerceDeps } from '../deps.js';
import { bearer, errors } from './schemas.js';

const rows = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/**
 * GET /orders/me/export: commerce's part of "Download my data" — the caller's orders (with their
 * lines and payments, money in paise), saved addresses and cart, as stored. Only the caller's own.
 */
export function myDataRoutes(app: FastifyInstance, { db }: CommerceDeps): void {
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
    async (request) => {
      const userId = currentUser(request).id;
      const ownOrders = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(asc(orders.createdAt));
      const ids = ownOrders.map((order) => order.id);
      const lines = ids.length
        ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids))
        : [];
      const cart = await db
        .select({ item: cartItems })
        .from(cartItems)
        .innerJoin(carts, eq(cartItems.cartId, carts.id))
        .where(eq(carts.userId, userId));
      return {
        orders: ownOrders.map((order) => ({
          ...order,
          items: lines.filter((line) => line.orderId === order.id),
        })),
        payments: await db.select().from(payments).where(eq(payments.customerId, userId)),
        addresses: await db.select().from(addresses).where(eq(addresses.userId, userId)),
        cart: cart.map((row) => row.item),
      };
    },
  );
}
