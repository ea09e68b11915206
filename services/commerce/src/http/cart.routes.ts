import { currentUser, keepForCaller, requireAuth } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { CommerceContext } from '../use-cases/context.js';
import { acceptPrices, addToCart, changeQuantity, getCart, removeFromCart } from '../use-cases/cart.js';
import { presentCart } from './presenters.js';
import { addToCartBody, bearer, cartSchema, errors, itemIdParams, quantityBody } from './schemas.js';

const tags = ['cart'];

/** The signed-in user's one cart. Another user's cart item is a 404, as if it did not exist. */
export function cartRoutes(app: FastifyInstance, deps: CommerceContext): void {
  app.get(
    '/cart',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'The cart with its items and total',
        response: { 200: cartSchema, 401: errors[401] },
      },
    },
    // The gateway may answer the same customer's next second of cart reads itself (any write of theirs
    // forgets it).
    async (request, reply) => {
      keepForCaller(reply);
      return presentCart(await getCart(deps.db, currentUser(request).id));
    },
  );

  app.post(
    '/cart',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Add a product (adding one already there adds to its quantity)',
        description:
          '201 when a new line was added, 200 when an existing line grew (the whole line then takes today’s price). 404 `Product not found`; 409 INSUFFICIENT_STOCK when the cart would hold more than the stock.',
        body: addToCartBody,
        response: { 200: cartSchema, 201: cartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { product, quantity = 1 } = request.body as { product: string; quantity?: number };
      const { cart, created } = await addToCart(deps.db, currentUser(request).id, product, quantity);
      return reply.code(created ? 201 : 200).send(presentCart(cart));
    },
  );

  app.patch(
    '/cart/:itemId',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Change the quantity of a line',
        description:
          'Raising the quantity of a line whose price changed since it was added is 409 PRICE_CHANGED (details: itemId, oldPrice, newPrice) until the customer accepts today’s prices; lowering is always allowed.',
        params: itemIdParams,
        body: quantityBody,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const { itemId } = request.params as { itemId: string };
      const { quantity } = request.body as { quantity: number };
      return presentCart(await changeQuantity(deps.db, currentUser(request).id, itemId, quantity));
    },
  );

  app.post(
    '/cart/accept-prices',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Accept today’s prices: every line whose price changed takes the current price',
        description:
          'What the customer confirms after a 409 PRICE_CHANGED from checkout or a quantity change; answers the cart.',
        response: { 200: cartSchema, 401: errors[401] },
      },
    },
    async (request) => presentCart(await acceptPrices(deps.db, currentUser(request).id)),
  );

  app.delete(
    '/cart/:itemId',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a line',
        params: itemIdParams,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const { itemId } = request.params as { itemId: string };
      return presentCart(await removeFromCart(deps.db, currentUser(request).id, itemId));
    },
  );
}
