import { randomUUID } from 'node:crypto';
import { AppError, notFound, type AuthUser, type Queryable } from '@spa/kit';
import { events } from '@spa/proto';
import type { Address } from '../db/addresses.repository.js';
import {
  clearCheckoutMarker,
  lockCartWithAddress,
  readCartWithAddress,
  type CartLine,
  type CartRow,
} from '../db/carts.repository.js';
import { finishCheckout, writeReservingOrder } from '../db/checkout.repository.js';
import { deleteReservingOrder, findOrderState, type NewOrder } from '../db/orders.repository.js';
import { countOpenOnlineOrders } from '../db/holds.repository.js';
import { insertPayment } from '../db/payments.repository.js';
import type { CommerceContext } from './context.js';
import {
  initialStatus,
  priceOrder,
  type Order,
  type OrderLine,
  type PaymentMethod,
  type ShippingSnapshot,
} from '../domain/order.js';
import { checkoutRefusal, type CheckedLine } from '../domain/price-check.js';
import { orderEventPayload } from '../events/publishes.js';
import { ReservationRefused } from '../integrations/catalogue-client.js';
import { providerOrderFailure, type ProviderOrder } from '../integrations/payment-provider.js';

export interface CheckoutRequest {
  paymentMethod: PaymentMethod;
  addressId: string;
}

export interface PlacedOrder {
  order: Order;
  providerOrder?: ProviderOrder;
}

/** The provider's smallest order (₹1). */
const MIN_ONLINE_PAISE = 100;

const paymentsUnavailable = () =>
  new AppError(503, 'PAYMENTS_UNAVAILABLE', 'Payment service not available. Please try again later.');

/**
 * POST /orders. The cart is claimed in a first transaction (an internal `reserving` order is written
 * and the cart marked), the catalogue reserves the stock (idempotent by order id), an ONLINE order
 * gets its provider order, and a second transaction shows the order, empties the cart and announces
 * it. A checkout that dies half-way leaves a `reserving` order behind, which the sweeper releases.
 */
export async function placeOrder(
  deps: CommerceContext,
  user: AuthUser,
  request: CheckoutRequest,
): Promise<PlacedOrder> {
  if (request.paymentMethod === 'ONLINE' && !deps.config.onlinePaymentsEnabled) throw paymentsUnavailable();
  const orderId = randomUUID();
  const { cartId, lines, order: claimed } = await claimCart(deps, user, request, orderId);
  const { items: orderLines, totals, shipping } = claimed;

  await reserveStock(
    deps,
    orderId,
    lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      name: line.product!.name,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
    })),
  );

  let providerOrder: ProviderOrder | undefined;
  if (request.paymentMethod === 'ONLINE') {
    try {
      providerOrder = await deps.provider.createOrder({
        amountPaise: totals.totalPricePaise,
        receipt: orderId,
        notes: { purpose: 'order', orderId, customerId: user.id },
      });
    } catch (error) {
      deps.logger.error({ err: error, orderId }, 'the payment provider did not create an order');
      await undoCheckout(deps, orderId);
      throw providerOrderFailure(error);
    }
  }

  const placedAt = new Date();
  const paymentExpiresAt =
    request.paymentMethod === 'ONLINE' ? new Date(placedAt.getTime() + deps.config.paymentHoldMs) : null;
  // The order as finishCheckout leaves it: its event is written by the same statement.
  const placing: Order = {
    id: orderId,
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    paymentMethod: request.paymentMethod,
    status: initialStatus(request.paymentMethod),
    items: orderLines,
    ...totals,
    shipping,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    cancelledAt: null,
    cancelReason: null,
    paymentExpiresAt,
    createdAt: placedAt,
    updatedAt: placedAt,
  };
  const finish = (db: Queryable) =>
    finishCheckout(db, {
      order: placing,
      cartId,
      takenLines: lines.map(({ id, quantity }) => ({ id, quantity })),
      event: deps.publish.row(events.orderPlaced, orderId, { order: orderEventPayload(placing) }),
    });
  const expired = () =>
    new AppError(503, 'CHECKOUT_EXPIRED', 'Placing your order took too long. Please try again.');
  // Cash on delivery: one statement. Online: with the payment row, in one transaction.
  const order = providerOrder
    ? await deps.db.transaction(async (tx) => {
        const placed = await finish(tx);
        if (!placed) throw expired();
        await insertPayment(tx, {
          id: randomUUID(),
          purpose: 'order',
          orderId,
          customerId: user.id,
          amountPaise: totals.totalPricePaise,
          currency: providerOrder.currency,
          providerOrderId: providerOrder.id,
        });
        return placed;
      })
    : await finish(deps.db);
  if (!order) throw expired();
  return { order, ...(providerOrder ? { providerOrder } : {}) };
}

const tooManyUnpaidOrders = (limit: number) =>
  new AppError(
    409,
    'TOO_MANY_UNPAID_ORDERS',
    limit === 1
      ? 'You already have an online order waiting for payment. Pay for it or cancel it before placing another.'
      : `You already have ${limit} online orders waiting for payment. Pay for or cancel one before placing another.`,
    [{ limit }],
  );

interface ClaimedCart {
  cartId: string;
  /** The cart's lines the order takes. */
  lines: CartLine[];
  /** The `reserving` order written for them. */
  order: NewOrder;
}

/**
 * Checkout's first step: the cart's lines become a `reserving` order and the cart is marked with it.
 * First without the cart's lock, in two round trips (read; write the order and mark the cart if it is
 * unchanged), where the locked way takes five (BEGIN, lock, lines, write, COMMIT). When another write
 * of this customer's came in between (a double submit, the cart changed in another tab), the order
 * just written is removed and the locked way decides, as it always did, so a busy cart cannot make a
 * checkout retry forever. A refusal read from the unlocked cart is the answer the cart gave at that
 * moment, as it would be had the checkout come first.
 */
async function claimCart(
  deps: CommerceContext,
  user: AuthUser,
  request: CheckoutRequest,
  orderId: string,
): Promise<ClaimedCart> {
  const seen = await readCartWithAddress(deps.db, user.id, request.addressId);
  if (seen) {
    const claimed = await planOrder(deps.db, deps, user, request, orderId, seen);
    if (await writeReservingOrder(deps.db, claimed.order, seen.cart)) return claimed;
    // On its own: the locked way may refuse, and its rollback must not bring this order back.
    await deleteReservingOrder(deps.db, orderId);
  }
  return deps.db.transaction(async (tx) => {
    const locked = await lockCartWithAddress(tx, user.id, request.addressId);
    const claimed = await planOrder(tx, deps, user, request, orderId, locked);
    await writeReservingOrder(tx, claimed.order, locked.cart);
    return claimed;
  });
}

/** The order the cart makes, or the customer's refusal (thrown): the same checks either way. */
async function planOrder(
  db: Queryable,
  deps: CommerceContext,
  user: AuthUser,
  request: CheckoutRequest,
  orderId: string,
  { cart, lines: inCart, address }: { cart: CartRow; lines: CartLine[]; address: Address | undefined },
): Promise<ClaimedCart> {
  if (!address) throw notFound('Address not found');
  const shipping: ShippingSnapshot = {
    fullName: address.fullName,
    address: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    phone: address.phone,
    label: address.label,
  };
  if (cart.checkoutOrderId && (await isStillReserving(db, deps, cart.checkoutOrderId)))
    throw new AppError(409, 'CHECKOUT_IN_PROGRESS', 'Your order is already being placed');
  // Fair holds: an unpaid online order holds its stock for the payment hold, so one customer may
  // hold only so many at once (the cart's version, or its lock, makes one customer's checkouts take
  // turns: a second one's write finds the cart changed, and then waits for the lock).
  if (request.paymentMethod === 'ONLINE') {
    const open = await countOpenOnlineOrders(db, user.id);
    if (open >= deps.config.maxOpenOnlineOrders) throw tooManyUnpaidOrders(deps.config.maxOpenOnlineOrders);
  }
  if (inCart.length === 0) throw new AppError(422, 'CART_EMPTY', 'Your cart is empty');
  const gone = inCart.filter((line) => !line.product || line.product.deleted);
  if (gone.length > 0)
    throw new AppError(
      409,
      'PRODUCT_UNAVAILABLE',
      'Some products in your cart are no longer available; remove them and try again',
      gone.map((line) => ({ itemId: line.id, productId: line.productId })),
    );
  const orderLines: OrderLine[] = inCart.map((line) => ({
    id: randomUUID(),
    productId: line.productId,
    name: line.product!.name,
    image: line.product!.images[0] ?? '',
    quantity: line.quantity,
    // The price at addition, which the catalogue confirms is today's price when it reserves the
    // stock (or refuses with PRICE_CHANGED); prices never come from the client.
    unitPricePaise: line.pricePaise,
    hsnCode: line.product!.hsnCode,
    gstBp: line.product!.gstBp,
  }));
  const orderTotals = priceOrder(orderLines);
  if (request.paymentMethod === 'ONLINE' && orderTotals.totalPricePaise < MIN_ONLINE_PAISE)
    throw new AppError(
      422,
      'AMOUNT_TOO_SMALL',
      'Online payment needs a total of at least ₹1.00; choose Cash on Delivery',
    );
  const order: NewOrder = {
    id: orderId,
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    paymentMethod: request.paymentMethod,
    totals: orderTotals,
    shipping,
    items: orderLines,
  };
  return { cartId: cart.id, lines: inCart, order };
}

/** A marker left by a checkout that died long ago (before the sweeper got to it) does not block a new one. */
async function isStillReserving(tx: Queryable, deps: CommerceContext, orderId: string): Promise<boolean> {
  const found = await findOrderState(tx, orderId);
  return (
    found?.status === 'reserving' && found.createdAt.getTime() > Date.now() - deps.config.abandonedCheckoutMs
  );
}

/**
 * The catalogue says yes, says no (a price is not today's, a product is gone, not enough stock: the
 * customer's answer naming the lines, and the order is undone; nothing was reserved),
 * or cannot be reached: then nobody knows whether the stock was taken, so the order stays `reserving`
 * for the sweeper to release, and the customer may try again at once.
 */
async function reserveStock(deps: CommerceContext, orderId: string, lines: CheckedLine[]): Promise<void> {
  try {
    // Each line at the price the customer agreed to: the catalogue takes the stock only at today's prices.
    await deps.catalogue.reserve(
      orderId,
      lines.map(({ productId, quantity, pricePaise }) => ({
        productId,
        quantity,
        unitPricePaise: pricePaise,
      })),
    );
  } catch (error) {
    if (error instanceof ReservationRefused) {
      await forgetCheckout(deps, orderId);
      throw checkoutRefusal(error.code, error.message, lines, error.problems);
    }
    if (error instanceof AppError) {
      await forgetCheckout(deps, orderId);
      throw error;
    }
    deps.logger.error({ err: error, orderId }, 'could not reserve stock; the sweeper will release it');
    await deps.db.transaction((tx) => clearCheckoutMarker(tx, orderId));
    throw new AppError(
      503,
      'CATALOGUE_UNAVAILABLE',
      'We could not reserve your items right now. Please try again.',
    );
  }
}

/** Nothing was reserved: the internal order simply goes. */
async function forgetCheckout(deps: CommerceContext, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await clearCheckoutMarker(tx, orderId);
    await deleteReservingOrder(tx, orderId);
  });
}

/** Stock was reserved but the order cannot go on: give the stock back, or leave it to the sweeper. */
async function undoCheckout(deps: CommerceContext, orderId: string): Promise<void> {
  try {
    await deps.catalogue.release(orderId);
    await forgetCheckout(deps, orderId);
  } catch (error) {
    deps.logger.warn({ err: error, orderId }, 'could not release stock now; the sweeper will');
    await deps.db.transaction((tx) => clearCheckoutMarker(tx, orderId));
  }
}
