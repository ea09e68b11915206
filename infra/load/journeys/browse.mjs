// Journey 1 of `npm run bench`: an anonymous visitor. Home (the SPA's page and the five reads it makes
// at once), the store (first page, a category, the next page), two products found on those pages, and
// two treatments from the home page's list, with a pause to read between pages. 13 requests a visit.
import { apiOf, fetchCatalogue, pick } from './common.mjs';

export const REQUESTS_PER_VISIT = 13;
const PAGE_SIZE = 8;

/** @param {import('./common.mjs').BenchData} data */
export async function setup(data) {
  const catalogue = await fetchCatalogue(data);
  if (catalogue.products.length === 0 || catalogue.services.length === 0)
    throw new Error('setup: the catalogue is empty');
  return catalogue;
}

/** @param {import('../open-model.mjs').Answer} answer */
function itemsOf(answer) {
  const body = answer.status === 200 ? answer.json() : undefined;
  return Array.isArray(body) ? body : (body?.items ?? []);
}

/**
 * @param {import('../open-model.mjs').Journey} journey
 * @param {import('./common.mjs').BenchData} data
 * @param {import('./common.mjs').Catalogue} catalogue
 */
export async function run(journey, data, catalogue) {
  const api = apiOf(data);
  const home = await journey.batch([
    `${data.gatewayUrl}/`,
    `${api}/admin/services`,
    `${api}/admin/categories`,
    `${api}/products`,
    `${api}/product-categories`,
    `${api}/subcategories`,
  ]);
  home.forEach((answer) => journey.record(answer, 200));
  const services = itemsOf(/** @type {import('../open-model.mjs').Answer} */ (home[1])).filter(
    (/** @type {any} */ service) => service.isActive,
  );
  await journey.think();

  const first = await journey.get(`${api}/products?page=1&pageSize=${PAGE_SIZE}`);
  journey.record(first, 200);
  await journey.think();

  // A category, sometimes narrowed to one of its subcategories.
  const category = pick(catalogue.productCategories);
  const subcategories = catalogue.subcategories.filter(
    (subcategory) => (subcategory.productCategory?._id ?? subcategory.productCategory) === category._id,
  );
  const subcategory = subcategories.length > 0 && Math.random() < 0.4 ? pick(subcategories) : undefined;
  const filter = `category=${category._id}${subcategory ? `&subcategory=${subcategory._id}` : ''}`;
  const filtered = await journey.get(`${api}/products?${filter}&page=1&pageSize=${PAGE_SIZE}`);
  journey.record(filtered, 200);
  await journey.think();

  const seen = [...itemsOf(first), ...itemsOf(filtered)];
  const product = seen.length > 0 ? pick(seen) : pick(catalogue.products);
  journey.record(await journey.get(`${api}/products/${product._id}`), 200);
  await journey.think();

  const second = await journey.get(`${api}/products?page=2&pageSize=${PAGE_SIZE}`);
  journey.record(second, 200);
  await journey.think();

  const another = itemsOf(second);
  const next = another.length > 0 ? pick(another) : pick(catalogue.products);
  journey.record(await journey.get(`${api}/products/${next._id}`), 200);
  await journey.think();

  const treatments = services.length > 0 ? services : catalogue.services;
  journey.record(await journey.get(`${api}/admin/services/${pick(treatments)._id}`), 200);
  await journey.think();
  journey.record(await journey.get(`${api}/admin/services/${pick(treatments)._id}`), 200);
}
