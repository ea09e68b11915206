import { createApp } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { CommerceContext } from './use-cases/context.js';
import { addressesRoutes } from './http/addresses.routes.js';
import { cartRoutes } from './http/cart.routes.js';
import { drawerRoutes } from './http/drawer.routes.js';
import { internalCallers, internalRoutes } from './http/internal.routes.js';
import { myDataRoutes } from './http/my-data.routes.js';
import { ordersRoutes } from './http/orders.routes.js';
import { paymentsRoutes } from './http/payments.routes.js';
import { refundsRoutes } from './http/refunds.routes.js';
import { salesRoutes } from './http/sales.routes.js';

export async function buildApp(deps: CommerceContext): Promise<FastifyInstance> {
  const app = await createApp({
    name: 'commerce',
    // No write of this service revokes a token (see AppOptions.writesMayRevokeTokens).
    writesMayRevokeTokens: false,
    description: 'Cart, saved addresses, orders with stock reservation, and online payments (Razorpay)',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
    serviceAuth: deps.serviceAuth,
    internalCallers,
    openapiTags: [
      { name: 'cart', description: 'The signed-in user’s cart' },
      { name: 'addresses', description: 'The signed-in user’s saved shipping addresses' },
      { name: 'orders', description: 'Checkout and orders; the admin list and delivery' },
      { name: 'payments', description: 'Provider checkout configuration, verification and webhook' },
      { name: 'refunds', description: 'Refunds of online payments through the provider' },
      {
        name: 'counter',
        description: 'The counter’s sales: checkout of a visit or a walk-in, tenders, refunds (staff)',
      },
      { name: 'drawer', description: 'The counter’s cash drawer: shifts, cash in and out, Z reports' },
    ],
  });
  for (const routes of [
    cartRoutes,
    addressesRoutes,
    myDataRoutes,
    ordersRoutes,
    paymentsRoutes,
    refundsRoutes,
    internalRoutes,
    salesRoutes,
    drawerRoutes,
  ])
    await app.register((scope) => routes(scope, deps));
  return app;
}
