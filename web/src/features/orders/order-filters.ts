import type { Order, OrderItem } from './orders.api';
import { customerOrderState, shortOrderId } from './order-status';

/** The list's status filter (spec: all, processing, shipped, delivered). */
export type OrderFilter = 'all' | 'processing' | 'shipped' | 'delivered';

export const ORDER_FILTERS: ReadonlyArray<{ value: OrderFilter; label: string }> = [
  { value: 'all', label: 'All Orders' },
  { value: 'processing', label: 'Processing' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
];

export function readOrderFilter(value: string | null): OrderFilter {
  return ORDER_FILTERS.some((filter) => filter.value === value) ? (value as OrderFilter) : 'all';
}

/**
 * Spec section 4: processing means not paid, shipped paid and not delivered. A cancelled order is in none
 * of them (nothing is on its way); it shows under all.
 */
export function matchesFilter(order: Order, filter: OrderFilter): boolean {
  if (filter === 'all') return true;
  const state = customerOrderState(order);
  if (filter === 'processing') return state === 'processing' || state === 'awaiting_payment';
  return state === filter;
}

/** Search by order id (the shown 8 characters or the whole id) or by an item's name, ignoring case. */
function matchesSearch(order: Order, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const bareNeedle = needle.replace(/^#/, '');
  return (
    order._id.toLowerCase().includes(bareNeedle) ||
    shortOrderId(order._id, 8).toLowerCase().includes(bareNeedle) ||
    order.orderItems.some((item) => item.name.toLowerCase().includes(needle))
  );
}

const placedAt = (order: Order) => new Date(order.createdAt).getTime() || 0;

/** The list as shown: filtered, searched, newest first. */
export function visibleOrders(orders: readonly Order[], filter: OrderFilter, search: string): Order[] {
  return orders
    .filter((order) => matchesFilter(order, filter) && matchesSearch(order, search))
    .sort((a, b) => placedAt(b) - placedAt(a));
}

/** Units across the order's lines. */
export const itemCount = (order: Pick<Order, 'orderItems'>) =>
  order.orderItems.reduce((sum, item) => sum + item.quantity, 0);

/** Up to three thumbnails, and how many lines are left over for the "+N". */
export function thumbnails(items: readonly OrderItem[], shown = 3): { items: OrderItem[]; more: number } {
  return { items: items.slice(0, shown), more: Math.max(0, items.length - shown) };
}
