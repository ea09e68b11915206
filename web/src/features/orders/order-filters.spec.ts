import { describe, expect, it } from 'vitest';
import { itemCount, matchesFilter, readOrderFilter, thumbnails, visibleOrders } from './order-filters';
import type { Order, OrderItem } from './orders.api';

function item(name: string, quantity = 1): OrderItem {
  return { _id: `item-${name}`, product: `product-${name}`, name, image: null, quantity, price: 100 };
}

function order(id: string, createdAt: string, changes: Partial<Order> = {}): Order {
  return {
    _id: id,
    user: { _id: 'u1', name: 'Asha', email: 'asha@example.test' },
    createdAt,
    orderItems: [item('Rose Oil')],
    shippingAddress: {
      fullName: 'Asha',
      address: '12 MG Road',
      city: 'Indore',
      postalCode: '452001',
      country: 'India',
      phone: '9876543210',
    },
    paymentMethod: 'COD',
    itemsPrice: 100,
    shippingPrice: 0,
    taxPrice: 0,
    totalPrice: 100,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    status: 'placed',
    ...changes,
  };
}

const placed = order('aaaaaaaa-0000-4000-8000-0000000000a1', '2025-11-01T10:00:00Z');
const awaiting = order('bbbbbbbb-0000-4000-8000-0000000000b2', '2025-11-03T10:00:00Z', {
  paymentMethod: 'ONLINE',
  status: 'pending_payment',
  orderItems: [item('Sandal Soap', 2), item('Bath Salt')],
});
const shipped = order('cccccccc-0000-4000-8000-0000000000c3', '2025-11-02T10:00:00Z', {
  paymentMethod: 'ONLINE',
  status: 'paid',
  isPaid: true,
});
const delivered = order('dddddddd-0000-4000-8000-0000000000d4', '2025-10-20T10:00:00Z', {
  status: 'delivered',
  isPaid: true,
  isDelivered: true,
});
const cancelled = order('eeeeeeee-0000-4000-8000-0000000000e5', '2025-11-04T10:00:00Z', {
  status: 'cancelled',
  paymentMethod: 'ONLINE',
});
const all = [placed, awaiting, shipped, delivered, cancelled];

describe('the orders list', () => {
  it('shows every order newest first', () => {
    expect(visibleOrders(all, 'all', '').map((o) => o._id)).toEqual([
      cancelled._id,
      awaiting._id,
      shipped._id,
      placed._id,
      delivered._id,
    ]);
  });

  it('filters processing as not paid, shipped as paid and not delivered, and delivered', () => {
    expect(visibleOrders(all, 'processing', '')).toEqual([awaiting, placed]);
    expect(visibleOrders(all, 'shipped', '')).toEqual([shipped]);
    expect(visibleOrders(all, 'delivered', '')).toEqual([delivered]);
    expect(matchesFilter(cancelled, 'processing')).toBe(false);
  });

  it('searches by the shown id, the whole id, or an item name, ignoring case', () => {
    expect(visibleOrders(all, 'all', '#0000000C3')).toEqual([shipped]);
    expect(visibleOrders(all, 'all', '0000000b2')).toEqual([awaiting]);
    expect(visibleOrders(all, 'all', 'sandal')).toEqual([awaiting]);
    expect(visibleOrders(all, 'shipped', 'sandal')).toEqual([]);
    expect(visibleOrders(all, 'all', '  ')).toHaveLength(5);
  });

  it('reads an unknown filter from the address as all', () => {
    expect(readOrderFilter('shipped')).toBe('shipped');
    expect(readOrderFilter('lost')).toBe('all');
    expect(readOrderFilter(null)).toBe('all');
  });

  it('counts units and shows three thumbnails plus the rest', () => {
    expect(itemCount(awaiting)).toBe(3);
    const five = ['a', 'b', 'c', 'd', 'e'].map((name) => item(name));
    expect(thumbnails(five)).toEqual({ items: five.slice(0, 3), more: 2 });
    expect(thumbnails(five.slice(0, 2))).toEqual({ items: five.slice(0, 2), more: 0 });
  });
});
