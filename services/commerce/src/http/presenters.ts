import type { Address } from '../db/addresses.repository.js';
import type { Payment } from '../db/payments.repository.js';
import { unavailableReason } from '../domain/cart.js';
import { paiseToRupees } from '../domain/money.js';
import type { Order } from '../domain/order.js';
import type { ProviderOrder } from '../integrations/payment-provider.js';
import type { CartView } from '../use-cases/cart.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The cart as the pages read it (spec section 3): every line, a deleted or sold-out product flagged
 * rather than dropped. totalPrice adds the lines that still exist, at their price at addition;
 * currentTotalPrice the same lines at today's prices, and priceChanged marks each line whose price moved
 * since (checkout refuses it with PRICE_CHANGED until the customer accepts the new prices).
 */
export function presentCart(cart: CartView) {
  let totalPaise = 0;
  let currentTotalPaise = 0;
  const items = cart.lines.map((line) => {
    const reason = unavailableReason(line.product, line.quantity);
    const priceChanged = reason !== 'deleted' && line.product!.pricePaise !== line.pricePaise;
    if (reason !== 'deleted') {
      totalPaise += line.pricePaise * line.quantity;
      currentTotalPaise += line.product!.pricePaise * line.quantity;
    }
    const price = paiseToRupees(line.pricePaise);
    const product = line.product;
    return {
      _id: line.id,
      product: {
        _id: line.productId,
        name: product?.name ?? 'Unavailable product',
        image: product?.images[0] ?? '',
        images: product?.images ?? [],
        price: paiseToRupees(product?.pricePaise ?? line.pricePaise),
        stock: product && !product.deleted ? product.stock : 0,
        available: reason === undefined,
      },
      quantity: line.quantity,
      price,
      priceAtAddition: price,
      priceChanged,
      ...(reason ? { unavailableReason: reason } : {}),
    };
  });
  return {
    _id: cart.id,
    user: cart.userId,
    items,
    totalPrice: paiseToRupees(totalPaise),
    currentTotalPrice: paiseToRupees(currentTotalPaise),
  };
}

export function presentAddress(address: Address) {
  return {
    _id: address.id,
    id: address.id,
    label: address.label,
    fullName: address.fullName,
    phone: address.phone,
    street: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    createdAt: address.createdAt.toISOString(),
    updatedAt: address.updatedAt.toISOString(),
  };
}

/** An order as the pages read it (spec section 3, contracts.md): ids as `_id`, money in rupees. */
export function presentOrder(order: Order) {
  return {
    _id: order.id,
    id: order.id,
    user: { _id: order.userId, name: order.userName, email: order.userEmail },
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    orderItems: order.items.map((item) => ({
      _id: item.id,
      product: item.productId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      price: paiseToRupees(item.unitPricePaise),
    })),
    shippingAddress: { ...order.shipping },
    paymentMethod: order.paymentMethod,
    itemsPrice: paiseToRupees(order.itemsPricePaise),
    shippingPrice: paiseToRupees(order.shippingPricePaise),
    taxPrice: paiseToRupees(order.taxPricePaise),
    totalPrice: paiseToRupees(order.totalPricePaise),
    isPaid: order.isPaid,
    paidAt: iso(order.paidAt),
    isDelivered: order.isDelivered,
    deliveredAt: iso(order.deliveredAt),
    status: order.status,
    ...(order.cancelledAt ? { cancelledAt: iso(order.cancelledAt), cancelReason: order.cancelReason } : {}),
    ...(order.paymentExpiresAt ? { paymentExpiresAt: iso(order.paymentExpiresAt) } : {}),
  };
}

export function presentProviderOrder(order: ProviderOrder) {
  return { id: order.id, amount: order.amount, currency: order.currency };
}

export function presentAppointmentPayment(payment: Payment, keyId: string) {
  return {
    providerOrderId: payment.providerOrderId,
    amount: payment.amountPaise,
    currency: payment.currency,
    keyId,
  };
}
