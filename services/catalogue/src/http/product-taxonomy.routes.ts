import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  createProductCategory,
  createSubcategory,
  deleteProductCategory,
  deleteSubcategory,
  listProductCategories,
  listSubcategories,
} from '../db/product-taxonomy.repository.js';
import { presentProductCategory, presentSubcategory } from './presenters.js';
import { sendCached } from './read-cache.js';
import type { RouteDeps } from './route-deps.js';
import {
  bearer,
  errors,
  idParams,
  listOf,
  messageSchema,
  productCategoryBody,
  productCategorySchema,
  subcategoryBody,
  subcategoryListQuery,
  subcategorySchema,
} from './schemas.js';

const admin = requireRole('admin');

export async function productTaxonomyRoutes(app: FastifyInstance, { store, cache }: RouteDeps) {
  app.get(
    '/product-categories',
    {
      schema: {
        tags: ['product-categories'],
        summary: 'Product categories, by name (public)',
        response: { 200: listOf(productCategorySchema) },
      },
    },
    async (request, reply) => {
      const cached = await cache.read('products', 'product-categories', async () =>
        (await listProductCategories(store.db)).map(presentProductCategory),
      );
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
          presentProductCategory(await createProductCategory(store.db, request.body as { name?: string })),
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
      await deleteProductCategory(store.db, (request.params as { id: string }).id);
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
        response: { 200: listOf(subcategorySchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as { category?: string; productCategory?: string };
      const productCategoryId = query.category ?? query.productCategory;
      const cached = await cache.read('products', `subcategories|${productCategoryId ?? ''}`, async () =>
        (await listSubcategories(store.db, { productCategoryId })).map(presentSubcategory),
      );
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
            await createSubcategory(store.db, request.body as { name?: string; productCategory?: string }),
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
      await deleteSubcategory(store.db, (request.params as { id: string }).id);
      return { message: 'Subcategory deleted successfully' };
    },
  );
}
