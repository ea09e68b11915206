import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  createProductCategory,
  createSubcategory,
  deleteProductCategory,
  deleteSubcategory,
  listProductCategories,
  listSubcategories,
} from '../use-cases/product-taxonomy.js';
import { presentPage, presentProductCategory, presentSubcategory } from './presenters.js';
import { sendCached } from './read-cache.js';
import { LIST_PAGE_SIZE, pageOf, queryKey, type RouteDeps } from './route-deps.js';
import {
  bearer,
  errors,
  idParams,
  listOrPageOf,
  listPagingQuery,
  messageSchema,
  productCategoryBody,
  productCategorySchema,
  subcategoryBody,
  subcategoryListQuery,
  subcategorySchema,
} from './schemas.js';

const admin = requireRole('admin');

export function productTaxonomyRoutes(app: FastifyInstance, { context, cache }: RouteDeps) {
  app.get(
    '/product-categories',
    {
      schema: {
        tags: ['product-categories'],
        summary: 'Product categories, by name (public)',
        description:
          'Paged: without `page` the first 100 as the plain array; with `page` { items, total, page, pageSize } (`pageSize` default 20, at most 100).',
        querystring: listPagingQuery,
        response: { 200: listOrPageOf(productCategorySchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as { page?: number; pageSize?: number };
      const page = pageOf(query, LIST_PAGE_SIZE);
      const key = `product-categories|${queryKey({ page: query.page, pageSize: query.pageSize })}`;
      const cached = await cache.read('products', key, async () => {
        const { items, total } = await listProductCategories(context.db, page);
        const presented = items.map(presentProductCategory);
        return page.asked ? presentPage(presented, total, page) : presented;
      });
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.post(
    '/product-categories',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags: ['product-categories'],
        summary: 'Add a product category (names are unique, ignoring case)',
        security: bearer,
        body: productCategoryBody,
        response: { 201: productCategorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          presentProductCategory(await createProductCategory(context.db, request.body as { name?: string })),
        ),
  );

  app.delete(
    '/product-categories/:id',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags: ['product-categories'],
        summary: 'Delete a product category',
        description: 'Refused with 409 while products or subcategories belong to it.',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteProductCategory(context.db, (request.params as { id: string }).id);
      return { message: 'Product category deleted successfully' };
    },
  );

  app.get(
    '/subcategories',
    {
      schema: {
        tags: ['subcategories'],
        summary: 'Subcategories with their product category (public)',
        querystring: subcategoryListQuery,
        description:
          'Paged: without `page` the first 100 as the plain array; with `page` { items, total, page, pageSize } (`pageSize` default 20, at most 100).',
        response: { 200: listOrPageOf(subcategorySchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as {
        category?: string;
        productCategory?: string;
        page?: number;
        pageSize?: number;
      };
      const productCategoryId = query.category ?? query.productCategory;
      const page = pageOf(query, LIST_PAGE_SIZE);
      const key = `subcategories|${productCategoryId ?? ''}|${queryKey({ page: query.page, pageSize: query.pageSize })}`;
      const cached = await cache.read('products', key, async () => {
        const { items, total } = await listSubcategories(context.db, { productCategoryId }, page);
        const presented = items.map(presentSubcategory);
        return page.asked ? presentPage(presented, total, page) : presented;
      });
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.post(
    '/subcategories',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags: ['subcategories'],
        summary: 'Add a subcategory to a product category',
        security: bearer,
        body: subcategoryBody,
        response: { 201: subcategorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          presentSubcategory(
            await createSubcategory(context.db, request.body as { name?: string; productCategory?: string }),
          ),
        ),
  );

  app.delete(
    '/subcategories/:id',
    {
      preValidation: admin,
      config: { invalidates: ['products'] },
      schema: {
        tags: ['subcategories'],
        summary: 'Delete a subcategory',
        description: 'Refused with 409 while products use it.',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteSubcategory(context.db, (request.params as { id: string }).id);
      return { message: 'Subcategory deleted successfully' };
    },
  );
}
