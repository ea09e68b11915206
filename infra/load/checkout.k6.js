/* global __ENV */
// Journey 3 of `npm run bench`: a customer buys online. Signed in once per virtual user (each its own
// account, so no two users share a cart), a store page, a product, into the cart (sometimes a second
// one), the cart, a new delivery address, an ONLINE order (stock reserved at the catalogue, a Razorpay
// order made at the sandbox), the payment in the sandbox's checkout (what its Pay button posts; the
// browser talks to the provider directly, not through the gateway), the signed proof verified by
// commerce, and the order read back.
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import {
  announceStart,
  api,
  body,
  data,
  fetchCatalogue,
  params,
  pick,
  record,
  signedIn,
  stepOptions,
  summaryTo,
  think,
} from './k6-common.js';

export const options = stepOptions();
const paid = new Counter('orders_paid');

export function setup() {
  const catalogue = fetchCatalogue();
  const inStock = catalogue.products.filter((product) => product.stock > 1000);
  if (inStock.length === 0) throw new Error('setup: no product has stock for a load run');
  announceStart();
  return { products: inStock };
}

function addToCart(token, product, quantity) {
  const response = http.post(
    `${api}/cart`,
    JSON.stringify({ product: product._id, quantity }),
    params('POST /cart', { token, json: true }),
  );
  return record(response, [200, 201]) === 'ok';
}

export default function (store) {
  const customer = signedIn(data.checkoutCustomers);
  if (!customer) return;
  const { token, user } = customer;

  const listing = http.get(
    `${api}/products?page=${1 + Math.floor(Math.random() * 3)}&pageSize=8`,
    params('GET /products?page', { token }),
  );
  record(listing, 200);
  const shown = (body(listing)?.items ?? []).filter((product) => product.stock > 1000);
  think();

  const product = pick(shown.length > 0 ? shown : store.products);
  record(http.get(`${api}/products/${product._id}`, params('GET /products/:id', { token })), 200);
  if (!addToCart(token, product, 1 + Math.floor(Math.random() * 2))) return;
  if (Math.random() < 0.5) {
    think();
    addToCart(token, pick(store.products), 1);
  }
  think();

  record(http.get(`${api}/cart`, params('GET /cart', { token })), 200);
  think();

  const address = http.post(
    `${api}/addresses`,
    JSON.stringify({
      label: 'Home',
      fullName: user.name,
      phone: '+91 98765 43210',
      street: `${1 + Math.floor(Math.random() * 300)} MG Road`,
      city: 'Indore',
      state: 'Madhya Pradesh',
      postalCode: '452010',
      country: 'India',
    }),
    params('POST /addresses', { token, json: true }),
  );
  if (record(address, 201) !== 'ok') return;
  const placed = http.post(
    `${api}/orders`,
    JSON.stringify({ paymentMethod: 'ONLINE', shippingAddress: { _id: body(address)._id } }),
    params('POST /orders', { token, json: true }),
  );
  if (record(placed, 201) !== 'ok') return;
  const { order, razorpayOrder } = body(placed);
  think();

  // The sandbox's Pay button: the provider captures and signs the payment, and sends its webhook.
  const payment = http.post(
    `${data.sandboxUrl}/v1/checkout/payments`,
    JSON.stringify({ key_id: data.razorpayKeyId, order_id: razorpayOrder.id, outcome: 'captured' }),
    params('POST sandbox /v1/checkout/payments', { flow: 'provider', json: true }),
  );
  if (record(payment, 200) !== 'ok') return;
  const verified = http.post(
    `${api}/orders/verify-payment`,
    JSON.stringify(body(payment)),
    params('POST /orders/verify-payment', { token, json: true }),
  );
  if (record(verified, 200) === 'ok' && body(verified)?.success) paid.add(1);

  record(http.get(`${api}/orders/${order._id}`, params('GET /orders/:id', { token })), 200);
}

export const handleSummary = summaryTo(__ENV.BENCH_SUMMARY);
