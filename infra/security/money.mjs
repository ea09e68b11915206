// Suite 3 (API part), money: a dishonest customer's tricks — ordering or adding quantity
// at a price that is no longer the catalogue's, and holding stock with one unpaid online order after
// another.
import { call, isErrorShape, must, pause } from './lib.mjs';
import { ADDRESS, productBody, registerCustomer } from './fixtures.mjs';

const API = '/api/v1';

/**
 * Polls `read` until `done` says yes (about 20 s at most); answers the last value read.
 * @template T
 * @param {() => Promise<T>} read
 * @param {(value: T) => boolean} done
 * @returns {Promise<T>}
 */
async function waitFor(read, done) {
  /** @type {T | undefined} */
  let value;
  for (let tries = 0; tries < 100; tries++) {
    value = await read();
    if (done(value)) return value;
    await pause(200);
  }
  return /** @type {T} read at least once */ (value);
}

/**
 * @param {string} base
 * @param {import('./expectations.mjs').Fixtures} fixtures
 * @param {import('./lib.mjs').Verdicts} verdicts
 */
export async function checkMoney(base, fixtures, verdicts) {
  const admin = { token: fixtures.sessions.admin.token };
  const shopper = await registerCustomer(base, 'price-trick');
  const as = { token: shopper.token };
  const product = await must(base, 'POST', `${API}/products`, {
    ...admin,
    body: {
      ...productBody(`Sec one rupee ${Date.now()}`, fixtures.productCategory._id),
      price: 1,
      stock: 50,
    },
  });
  // Commerce learns of the product from the catalogue's events; the add succeeds once it has.
  const added = await waitFor(
    () => call(base, 'POST', `${API}/cart`, { ...as, body: { product: product._id, quantity: 1 } }),
    (answer) => answer.status === 201,
  );
  if (added.status !== 201) {
    verdicts.unavailable('money', 'prices at checkout', `the cart never took the product: ${added.status}`);
    return;
  }
  const address = await must(base, 'POST', `${API}/addresses`, { ...as, body: ADDRESS });
  const addressId = address._id ?? address.id;
  await must(base, 'PUT', `${API}/products/${product._id}`, { ...admin, body: { price: 1000 } });

  // At once, before commerce's mirror may know: the catalogue confirms the price while reserving.
  const early = await call(base, 'POST', `${API}/orders`, {
    ...as,
    body: { paymentMethod: 'COD', addressId },
  });
  verdicts.record(
    'money',
    'an order at a price that changed since adding → 409 PRICE_CHANGED, nothing ordered',
    early.status === 409 && early.json?.code === 'PRICE_CHANGED' && isErrorShape(early.json),
    `${early.status} ${early.text.slice(0, 160)}`,
  );

  const cart = await waitFor(
    () => must(base, 'GET', `${API}/cart`, as),
    (/** @type {any} */ body) => body.items?.[0]?.priceChanged === true,
  );
  const line = cart.items[0];
  const raised = await call(base, 'PATCH', `${API}/cart/${line._id}`, { ...as, body: { quantity: 5 } });
  verdicts.record(
    'money',
    'raising the quantity of a line at an old price → 409 PRICE_CHANGED',
    raised.status === 409 && raised.json?.code === 'PRICE_CHANGED' && isErrorShape(raised.json),
    `${raised.status} ${raised.text.slice(0, 160)}`,
  );
  const orders = await must(base, 'GET', `${API}/orders`, as);
  const list = Array.isArray(orders) ? orders : (orders.orders ?? orders.items ?? []);
  verdicts.record(
    'money',
    'no order was placed at the old price',
    list.length === 0,
    JSON.stringify(list).slice(0, 160),
  );

  // Fair holds: one unpaid online order at a time.
  await must(base, 'POST', `${API}/cart/accept-prices`, as);
  const first = await call(base, 'POST', `${API}/orders`, {
    ...as,
    body: { paymentMethod: 'ONLINE', addressId },
  });
  if (first.status !== 201) {
    verdicts.unavailable('money', 'fair holds', `an online order could not be placed: ${first.status}`);
    return;
  }
  await must(base, 'POST', `${API}/cart`, { ...as, body: { product: product._id, quantity: 1 } });
  const second = await call(base, 'POST', `${API}/orders`, {
    ...as,
    body: { paymentMethod: 'ONLINE', addressId },
  });
  verdicts.record(
    'money',
    'a second unpaid online order of one customer → 409 TOO_MANY_UNPAID_ORDERS',
    second.status === 409 && second.json?.code === 'TOO_MANY_UNPAID_ORDERS' && isErrorShape(second.json),
    `${second.status} ${second.text.slice(0, 160)}`,
  );
}
