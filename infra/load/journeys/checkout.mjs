// Journey 3 of `npm run bench`: a customer buys online. Signed in once per slot (each slot its own
// account, so no two running journeys share a cart), a store page, a product, into the cart (sometimes a
// second one), the cart, a new delivery address, an ONLINE order (stock reserved at the catalogue, a
// Razorpay order made at the sandbox), the payment in the sandbox's checkout (what its Pay button posts;
// the browser talks to the provider directly, not through the gateway), the signed proof verified by
// commerce, and the order read back.
import { apiOf, fetchCatalogue, pick, signedIn } from './common.mjs';

/** @param {import('./common.mjs').BenchData} data */
export async function setup(data) {
  const catalogue = await fetchCatalogue(data);
  const inStock = catalogue.products.filter((product) => product.stock > 1000);
  if (inStock.length === 0) throw new Error('setup: no product has stock for a load run');
  return { products: inStock };
}

/**
 * @param {import('../open-model.mjs').Journey} journey
 * @param {string} api
 * @param {string} token
 * @param {any} product
 * @param {number} quantity
 */
async function addToCart(journey, api, token, product, quantity) {
  const answer = await journey.post(`${api}/cart`, { product: product._id, quantity }, { token });
  return journey.record(answer, [200, 201]) === 'ok';
}

/**
 * @param {import('../open-model.mjs').Journey} journey
 * @param {import('./common.mjs').BenchData} data
 * @param {Awaited<ReturnType<typeof setup>>} store
 */
export async function run(journey, data, store) {
  const api = apiOf(data);
  const customer = await signedIn(journey, data, data.checkoutCustomers);
  if (!customer) return;
  const { token, user } = customer;

  const listing = await journey.get(`${api}/products?page=${1 + Math.floor(Math.random() * 3)}&pageSize=8`, {
    token,
  });
  journey.record(listing, 200);
  /** @type {any[]} */
  const shown = (listing.json()?.items ?? []).filter((/** @type {any} */ product) => product.stock > 1000);
  await journey.think();

  const product = pick(shown.length > 0 ? shown : store.products);
  journey.record(await journey.get(`${api}/products/${product._id}`, { token }), 200);
  if (!(await addToCart(journey, api, token, product, 1 + Math.floor(Math.random() * 2)))) return;
  if (Math.random() < 0.5) {
    await journey.think();
    await addToCart(journey, api, token, pick(store.products), 1);
  }
  await journey.think();

  journey.record(await journey.get(`${api}/cart`, { token }), 200);
  await journey.think();

  const address = await journey.post(
    `${api}/addresses`,
    {
      label: 'Home',
      fullName: user.name,
      phone: '+91 98765 43210',
      street: `${1 + Math.floor(Math.random() * 300)} MG Road`,
      city: 'Indore',
      state: 'Madhya Pradesh',
      postalCode: '452010',
      country: 'India',
    },
    { token },
  );
  if (journey.record(address, 201) !== 'ok') return;
  const placed = await journey.post(
    `${api}/orders`,
    { paymentMethod: 'ONLINE', shippingAddress: { _id: address.json()._id } },
    { token },
  );
  if (journey.record(placed, 201) !== 'ok') return;
  const { order, razorpayOrder } = placed.json();
  await journey.think();

  // The sandbox's Pay button: the provider captures and signs the payment, and sends its webhook.
  const payment = await journey.post(
    `${data.sandboxUrl}/v1/checkout/payments`,
    { key_id: data.razorpayKeyId, order_id: razorpayOrder.id, outcome: 'captured' },
    { flow: 'provider' },
  );
  if (journey.record(payment, 200) !== 'ok') return;
  const verified = await journey.post(`${api}/orders/verify-payment`, payment.json(), { token });
  if (journey.record(verified, 200) === 'ok' && verified.json()?.success) journey.count('orders_paid');

  journey.record(await journey.get(`${api}/orders/${order._id}`, { token }), 200);
}
