import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  assignableRoles,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from '../use-cases/categories.js';
import type { CategoryInput } from '../domain/category-form.js';
import { presentCategory, presentPage } from './presenters.js';
import { audienceOf, sendCached } from './read-cache.js';
import { LIST_PAGE_SIZE, pageOf, queryKey, type RouteDeps } from './route-deps.js';
import {
  bearer,
  categoryBody,
  categorySchema,
  errors,
  idParams,
  listOf,
  listOrPageOf,
  listPagingQuery,
  messageSchema,
} from './schemas.js';

const tags = ['categories'];
const admin = requireRole('admin');

export function categoriesRoutes(app: FastifyInstance, { context, cache }: RouteDeps) {
  app.get(
    '/admin/categories',
    {
      schema: {
        tags,
        summary: 'Service categories, by display order (public; admins also see inactive ones)',
        description:
          'Paged: without `page` the first 100 as the plain array; with `page` { items, total, page, pageSize } (`pageSize` default 20, at most 100).',
        querystring: listPagingQuery,
        response: { 200: listOrPageOf(categorySchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const audience = audienceOf(request);
      const query = request.query as { page?: number; pageSize?: number };
      const page = pageOf(query, LIST_PAGE_SIZE);
      const key = `categories|${audience}|${queryKey({ page: query.page, pageSize: query.pageSize })}`;
      const cached = await cache.read('services', key, async () => {
        const { items, total } = await listCategories(
          context.db,
          { includeInactive: audience === 'admin' },
          page,
        );
        const presented = items.map(presentCategory);
        return page.asked ? presentPage(presented, total, page) : presented;
      });
      return sendCached(request, reply, cached, audience);
    },
  );

  app.get(
    '/admin/categories/roles/list',
    {
      preValidation: admin,
      schema: {
        tags,
        summary: "Employee roles a category can be assigned to (catalogue's mirror of identity's roles)",
        description:
          'Before identity has announced any role (a fresh start), the base roles manager, receptionist and servicestaff.',
        security: bearer,
        response: {
          200: listOf({
            type: 'object',
            required: ['_id', 'id', 'name'],
            properties: { _id: { type: 'string' }, id: { type: 'string' }, name: { type: 'string' } },
          }),
          ...errors,
        },
      },
    },
    async () =>
      (await assignableRoles(context.db)).map((role) => ({ _id: role.id, id: role.id, name: role.name })),
  );

  app.post(
    '/admin/categories',
    {
      preValidation: admin,
      config: { invalidates: ['services'] },
      schema: {
        tags,
        summary: 'Create a service category',
        security: bearer,
        body: categoryBody,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentCategory(await createCategory(context, request.body as CategoryInput))),
  );

  app.put(
    '/admin/categories/:id',
    {
      preValidation: admin,
      config: { invalidates: ['services'] },
      schema: {
        tags,
        summary: 'Update a service category (fields not sent keep their value)',
        security: bearer,
        params: idParams,
        body: categoryBody,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return presentCategory(await updateCategory(context, id, request.body as CategoryInput));
    },
  );

  app.delete(
    '/admin/categories/:id',
    {
      preValidation: admin,
      config: { invalidates: ['services'] },
      schema: {
        tags,
        summary: 'Delete a service category',
        description:
          'Refused with 409 while any service uses the category (move or delete those services first).',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCategory(context, (request.params as { id: string }).id);
      return { message: 'Category deleted successfully' };
    },
  );
}
