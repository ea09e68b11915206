// Shared by the three journeys of `npm run bench` (run by run.mjs in a process of its own, driven by
// bench.mjs, which starts the stack and writes the data file).
import { request } from '../client.mjs';

/**
 * What bench.mjs hands the journeys: where the stack is, and the accounts it made.
 * @typedef {{ gatewayUrl: string, sandboxUrl: string | undefined, razorpayKeyId: string,
 *   bookingCustomers: Account[], checkoutCustomers: Account[] }} BenchData
 * @typedef {{ email: string, password: string }} Account
 */
/**
 * The catalogue as the app reads it, fetched once before the steps: ids come from these answers.
 * @typedef {{ products: any[], services: any[], productCategories: any[], subcategories: any[], rooms: any[] }} Catalogue
 */

/** @param {BenchData} data */
export const apiOf = (data) => `${data.gatewayUrl}/api/v1`;

/**
 * @param {BenchData} data
 * @returns {Promise<Catalogue>}
 */
export async function fetchCatalogue(data) {
  const get = async (/** @type {string} */ path) => {
    const answer = await request(`${apiOf(data)}${path}`);
    if (answer.status !== 200) throw new Error(`setup: GET ${path} answered ${answer.status}`);
    return answer.body;
  };
  const products = await get('/products');
  const services = (await get('/admin/services')).filter((/** @type {any} */ service) => service.isActive);
  return {
    products: Array.isArray(products) ? products : products.items,
    services,
    productCategories: await get('/product-categories'),
    subcategories: await get('/subcategories'),
    rooms: await get('/admin/rooms'),
  };
}

/**
 * The customer this journey's slot plays, signed in once (argon2 is paid once a customer, not a
 * request); undefined when the sign-in failed (an error, already counted).
 * @param {import('../open-model.mjs').Journey} journey
 * @param {BenchData} data
 * @param {Account[]} accounts
 * @returns {Promise<{ token: string, user: any } | undefined>}
 */
export async function signedIn(journey, data, accounts) {
  const { session } = journey;
  if (session.token) return { token: session.token, user: session.user };
  const account = /** @type {Account} */ (accounts[session.slot % accounts.length]);
  const answer = await journey.post(
    `${apiOf(data)}/auth/login`,
    { email: account.email, password: account.password },
    { flow: 'signin' },
  );
  if (journey.record(answer, 200) !== 'ok') return undefined;
  const { token, user } = answer.json().data;
  session.token = token;
  session.user = user;
  return { token, user };
}

/**
 * @template T
 * @param {T[]} list
 * @returns {T}
 */
export const pick = (list) => /** @type {T} */ (list[Math.floor(Math.random() * list.length)]);
