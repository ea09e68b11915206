import {
  AppError,
  arrayOrPage,
  arrayOrPageSchema,
  badRequest,
  pageRequest,
  pagingQueryProperties,
  strictObject,
  currentUser,
  keepForCaller,
  notFound,
  requireAuth,
  requireRole,
  type AuthUser,
} from '@spa/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listOrders } from '../db/orders.repository.js';
import { findPaymentOfOrder } from '../db/payments.repository.js';
import type { CommerceContext } from '../use-cases/context.js';
import type { Order, PaymentMethod } from '../domain/order.js';
import { placeOrder } from '../use-cases/checkout.js';
import { cancelOrder, getOrder, markDelivered } from '../use-cases/orders.js';
import { presentOrder, presentProviderOrder } from './presenters.js';
import {
  bearer,
  deliveryBody,
  errors,
  idParams,
  orderSchema,
  orderWithPaymentSchema,
  placedOrderSchema,
  placeOrderBody,
} from './schemas.js';

const tags = ['orders'];
const orderList = arrayOrPageSchema(orderSchema);
const listQuery = strictObject({ ...pagingQueryProperties() });
const pagingNote =
  'Paged: without `page`, the plain array of the first 100 (`pageSize` at most 100); with `page` ' +
  '(and `pageSize`, default 20, at most 100) `{ items, total, page, pageSize }`. Every answer carries ' +
  'X-Total-Count, X-Page and X-Page-Size.';

interface PlaceOrderBody {
  paymentMethod: PaymentMethod;
  shippingAddress?: { _id?: string; id?: string };
  addressId?: string;
}

function selectedAddressId(body: PlaceOrderBody): string {
  const id = body.addressId ?? body.shippingAddress?._id ?? body.shippingAddress?.id;
  if (!id)
    throw new AppError(400, 'VALIDATION_FAILED', 'Please select or add an address', [
      { field: 'shippingAddress', message: 'Please select or add an address' },
    ]);
  return id;
}

/** A customer sees only their own orders; to anyone else but an admin another's order does not exist. */
function ownerOrAdmin(request: FastifyRequest, order: Order): AuthUser {
  const user = currentUser(request);
  if (order.userId !== user.id && user.role !== 'admin') throw notFound('Order not found');
  return user;
}

export function ordersRoutes(app: FastifyInstance, deps: CommerceContext): void {
  app.post(
    '/orders',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Place an order from the cart',
        description:
          'Prices come from the cart (each line at its price when added); taxPrice and shippingPrice are ignored (both 0). ' +
          'Stock is reserved at once; the cart is emptied. COD answers `{ order }` (status placed); ONLINE answers ' +
          '`{ order, razorpayOrder }` (status pending_payment until paid, cancelled with its stock released after the payment hold). ' +
          'Errors: 422 CART_EMPTY `Your cart is empty`; 400 `Please select or add an address`; 404 `Address not found`; ' +
          '409 INSUFFICIENT_STOCK naming the product; 409 PRODUCT_UNAVAILABLE; 502/503 when the provider or the catalogue cannot be reached.',
        body: placeOrderBody,
        response: { 201: placedOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body as PlaceOrderBody;
      const { order, providerOrder } = await placeOrder(deps, currentUser(request), {
        paymentMethod: body.paymentMethod,
        addressId: selectedAddressId(body),
      });
      return reply.code(201).send({
        order: presentOrder(order),
        ...(providerOrder ? { razorpayOrder: presentProviderOrder(providerOrder) } : {}),
      });
    },
  );

  app.get(
    '/orders',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'The user’s own orders, newest first',
        description: pagingNote,
        querystring: listQuery,
        response: { 200: orderList, 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query as { page?: number; pageSize?: number });
      const { items, total } = await listOrders(deps.db, { userId: currentUser(request).id }, page);
      keepForCaller(reply);
      return arrayOrPage(reply, page, items.map(presentOrder), total);
    },
  );

  app.get(
    '/orders/admin/all',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Every order, newest first (admin)',
        description: pagingNote,
        querystring: listQuery,
        response: { 200: orderList, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query as { page?: number; pageSize?: number });
      const { items, total } = await listOrders(deps.db, {}, page);
      return arrayOrPage(reply, page, items.map(presentOrder), total);
    },
  );

  app.get(
    '/orders/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'One order: its customer’s own, or any for an admin',
        description:
          'An unpaid ONLINE order (pending_payment) also carries `razorpayOrder` { id, amount (paise), currency }: open the checkout with it to pay again.',
        params: idParams,
        response: { 200: orderWithPaymentSchema, ...errors },
      },
    },
    async (request) => {
      const order = await getOrder(deps.db, (request.params as { id: string }).id);
      ownerOrAdmin(request, order);
      // An unpaid ONLINE order carries its provider order, so the customer can pay it from any device.
      const payment =
        order.status === 'pending_payment' ? await findPaymentOfOrder(deps.db, order.id) : undefined;
      return {
        ...presentOrder(order),
        ...(payment
          ? {
              razorpayOrder: {
                id: payment.providerOrderId,
                amount: payment.amountPaise,
                currency: payment.currency,
              },
            }
          : {}),
      };
    },
  );

  app.patch(
    '/orders/:id/status',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Mark an order delivered (admin)',
        description:
          'Only a paid order can be marked delivered (422 ORDER_NOT_PAID), except a COD order: marking it delivered also records its cash as collected.',
        params: idParams,
        body: deliveryBody,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      if ((request.body as { isDelivered: boolean }).isDelivered !== true)
        throw badRequest('isDelivered can only be set to true', [
          { field: 'isDelivered', message: 'isDelivered can only be set to true' },
        ]);
      return presentOrder(await markDelivered(deps, (request.params as { id: string }).id));
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel an unpaid order: its customer or an admin; its stock goes back',
        description: '422 for a paid or delivered order. Cancelling a cancelled order answers it unchanged.',
        params: idParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const user = ownerOrAdmin(request, await getOrder(deps.db, id));
      const reason = user.role === 'admin' ? 'cancelled_by_admin' : 'cancelled_by_customer';
      return presentOrder(await cancelOrder(deps, id, reason));
    },
  );
}
