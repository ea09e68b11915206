/* global __ENV */
// Journey 1 of `npm run bench`: an anonymous visitor. Home (the SPA's page and the five reads it makes
// at once), the store (first page, a category, the next page), two products found on those pages, and
// two treatments from the home page's list, with a pause to read between pages. 13 requests a visit.
import http from 'k6/http';
import {
  api,
  announceStart,
  fetchCatalogue,
  gateway,
  params,
  pick,
  record,
  stepOptions,
  summaryTo,
  think,
} from './k6-common.js';

export const REQUESTS_PER_VISIT = 13;
export const options = stepOptions();

export function setup() {
  const catalogue = fetchCatalogue();
  if (catalogue.products.length === 0 || catalogue.services.length === 0)
    throw new Error('setup: the catalogue is empty');
  announceStart();
  return catalogue;
}

const PAGE_SIZE = 8;

/** A batch of reads as the SPA makes them together (the browser's parallel fetches). */
function page(requests) {
  return http.batch(requests.map(([name, url]) => ['GET', url, null, params(name)]));
}

function itemsOf(response) {
  const answer = response.status === 200 ? response.json() : undefined;
  return Array.isArray(answer) ? answer : (answer?.items ?? []);
}

export default function (catalogue) {
  const home = page([
    ['GET /', `${gateway}/`],
    ['GET /admin/services', `${api}/admin/services`],
    ['GET /admin/categories', `${api}/admin/categories`],
    ['GET /products', `${api}/products`],
    ['GET /product-categories', `${api}/product-categories`],
    ['GET /subcategories', `${api}/subcategories`],
  ]);
  home.forEach((response) => record(response, 200));
  const services = itemsOf(home[1]).filter((service) => service.isActive);
  think();

  const [first] = page([['GET /products?page', `${api}/products?page=1&pageSize=${PAGE_SIZE}`]]);
  record(first, 200);
  think();

  // A category, sometimes narrowed to one of its subcategories.
  const category = pick(catalogue.productCategories);
  const subcategories = catalogue.subcategories.filter(
    (subcategory) => (subcategory.productCategory?._id ?? subcategory.productCategory) === category._id,
  );
  const subcategory = subcategories.length > 0 && Math.random() < 0.4 ? pick(subcategories) : undefined;
  const filter = `category=${category._id}${subcategory ? `&subcategory=${subcategory._id}` : ''}`;
  const [filtered] = page([
    ['GET /products?category', `${api}/products?${filter}&page=1&pageSize=${PAGE_SIZE}`],
  ]);
  record(filtered, 200);
  think();

  const seen = [...itemsOf(first), ...itemsOf(filtered)];
  const product = seen.length > 0 ? pick(seen) : pick(catalogue.products);
  record(page([['GET /products/:id', `${api}/products/${product._id}`]])[0], 200);
  think();

  const [second] = page([['GET /products?page', `${api}/products?page=2&pageSize=${PAGE_SIZE}`]]);
  record(second, 200);
  think();

  const another = itemsOf(second);
  record(
    page([
      [
        'GET /products/:id',
        `${api}/products/${(another.length > 0 ? pick(another) : pick(catalogue.products))._id}`,
      ],
    ])[0],
    200,
  );
  think();

  const treatments = services.length > 0 ? services : catalogue.services;
  record(page([['GET /admin/services/:id', `${api}/admin/services/${pick(treatments)._id}`]])[0], 200);
  think();
  record(page([['GET /admin/services/:id', `${api}/admin/services/${pick(treatments)._id}`]])[0], 200);
}

export const handleSummary = summaryTo(__ENV.BENCH_SUMMARY);
