import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  updateProduct,
} from '../use-cases/products.js';
import type { ProductInput } from '../domain/product-form.js';
import { presentPage, presentProduct } from './presenters.js';
import { sendCached } from './read-cache.js';
import { pageOf, queryKey, type RouteDeps } from './route-deps.js';
import {
  bearer,
  DEFAULT_PAGE_SIZE,
  errors,
  idParams,
  listOrPageOf,
  messageSchema,
  productBody,
  productListQuery,
  productSchema,
  writeErrors,
} from './schemas.js';

const tags = ['products'];
const admin = requireRole('admin');

interface ProductListQuery {
  category?: string;
  subcategory?: string;
  search?: string;
  page?: number;
  pageSize?: number;
}

export function productsRoutes(app: FastifyInstance, { context, cache }: RouteDeps) {
  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Products, newest first (public)',
        description:
          'Optional filters: category, subcategory (ids), search. Without `page` the answer is the plain array of the ' +
          'first 100 (or `pageSize`); with `page` (and optionally `pageSize`, default 8, at most 100) it is { items, total, page, pageSize }.',
        querystring: productListQuery,
        response: { 200: listOrPageOf(productSchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as ProductListQuery;
      const page = pageOf(query, DEFAULT_PAGE_SIZE);
      const cached = await cache.read('products', `products|${queryKey({ ...query })}`, async () => {
        const { items, total } = await listProducts(context.db, {
          productCategoryId: query.category,
          subcategoryId: query.subcategory,
          search: query.search,
          page,
        });
        const presented = items.map(presentProduct);
        return page.asked ? presentPage(presented, total, page) : presented;
      });
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'One product (public)',
        params: idParams,
        response: { 200: productSchema, 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const cached = await cache.read('products', `product:${id}`, async () =>
        presentProduct(await getProduct(context.db, id)),
      );
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.post(
    '/products',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags,
        summary: 'Add a product',
        description:
          'name, price, productCategory, stock and description are required; at most 4 images; the SKU is unique when given; ' +
          'the subcategory must belong to the category. hsnCode (4, 6 or 8 digits; default none) and gstBp ' +
          '(basis points, default 1800): a bad one is a 422 naming its field.',
        security: bearer,
        body: productBody,
        response: { 201: productSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentProduct(await createProduct(context, request.body as ProductInput))),
  );

  app.put(
    '/products/:id',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags,
        summary: 'Update a product (fields not sent keep their value)',
        description: 'Changing the category without sending a subcategory clears the old subcategory.',
        security: bearer,
        params: idParams,
        body: productBody,
        response: { 200: productSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return presentProduct(await updateProduct(context, id, request.body as ProductInput));
    },
  );

  app.delete(
    '/products/:id',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags,
        summary: 'Delete a product',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteProduct(context, (request.params as { id: string }).id);
      return { message: 'Product deleted successfully' };
    },
  );
}
