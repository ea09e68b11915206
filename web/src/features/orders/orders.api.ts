import { get, patch, post } from '../../lib/api';

export type PaymentMethod = 'COD' | 'ONLINE';
type OrderStatus = 'pending_payment' | 'placed' | 'paid' | 'delivered' | 'cancelled';

export interface OrderItem {
  _id: string;
  product: string;
  name: string;
  image?: string | null;
  quantity: number;
  /** Unit price in rupees, as charged. */
  price: number;
}

/** The address as it was at checkout; `address` is the street line. */
interface ShippingAddress {
  fullName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
  state?: string;
  label?: string;
}

export interface Order {
  _id: string;
  user: { _id: string; name: string; email: string };
  createdAt: string;
  orderItems: OrderItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  status: OrderStatus;
  cancelledAt?: string | null;
  /** An online order's stock is held until then; unpaid by that time, the order is cancelled. */
  paymentExpiresAt?: string | null;
  /** On an unpaid online order: the provider order to pay it with, from any device. */
  razorpayOrder?: ProviderOrder;
}

/** The provider order an online payment is made against (amount in paise). */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface PlaceOrderInput {
  paymentMethod: PaymentMethod;
  /** The selected saved address (spec: "the selected address object"); the server copies it by its _id. */
  shippingAddress: {
    _id: string;
    label: string;
    fullName: string;
    phone: string;
    street: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  taxPrice: 0;
  shippingPrice: 0;
}

export interface PlaceOrderAnswer {
  order: Order;
  razorpayOrder?: ProviderOrder;
}

/** What checkout.js hands the page's handler after a successful payment. */
export interface PaymentProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifyPaymentAnswer {
  success: boolean;
  message?: string;
  order?: Order;
}

/** GET /payments/config: where the provider's checkout script lives and the public key it needs. */
export interface PaymentConfig {
  keyId: string;
  checkoutUrl: string;
  enabled: boolean;
}

export const orderKeys = {
  all: ['orders'] as const,
  mine: (userId: string | null) => ['orders', 'mine', userId] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  admin: (page?: number) => (page === undefined ? (['orders', 'admin'] as const) : ['orders', 'admin', page]),
  paymentConfig: () => ['payments', 'config'] as const,
};

/** The service answers a list; an object holding one is read too. */
function listOf(body: Order[] | { orders?: Order[] } | undefined): Order[] {
  return Array.isArray(body) ? body : (body?.orders ?? []);
}

export const fetchMyOrders = async () => listOf(await get<Order[] | { orders?: Order[] }>('/orders'));

export const fetchOrder = (id: string) => get<Order>(`/orders/${encodeURIComponent(id)}`);

/** One page of the server's paged lists: `?page=` answers `{ items, total, page, pageSize }`. */
export interface OrderPage {
  items: Order[];
  total: number;
  page: number;
  pageSize: number;
}

/** The admin's orders one page at a time, newest first (the server never answers the whole table). */
export const fetchAllOrders = (page: number, pageSize: number) =>
  get<OrderPage>('/orders/admin/all', { query: { page, pageSize } });

export const placeOrder = (input: PlaceOrderInput) => post<PlaceOrderAnswer>('/orders', input);

export const verifyPayment = (proof: PaymentProof) =>
  post<VerifyPaymentAnswer>('/orders/verify-payment', proof);

/** An unpaid order can be called off by its customer; its stock goes back to the store. */
export const cancelOrder = (id: string) => post<Order>(`/orders/${encodeURIComponent(id)}/cancel`);

export const markOrderDelivered = (id: string) =>
  patch<Order>(`/orders/${encodeURIComponent(id)}/status`, { isDelivered: true });

export const fetchPaymentConfig = () => get<PaymentConfig>('/payments/config');
