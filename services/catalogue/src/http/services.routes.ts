import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  createService,
  deleteService,
  getService,
  listServices,
  updateService,
} from '../use-cases/services.js';
import type { ServiceInput } from '../domain/service-form.js';
import {
  cancelFutureQuery,
  deleteRequestOf,
  deletedMessage,
  deletedSchema,
  guardedDeleteDescription,
} from './guarded-delete.js';
import { presentPage, presentService } from './presenters.js';
import { audienceOf, sendCached } from './read-cache.js';
import { pageOf, queryKey, type RouteDeps } from './route-deps.js';
import {
  bearer,
  DEFAULT_PAGE_SIZE,
  errors,
  idParams,
  listOrPageOf,
  serviceBody,
  serviceListQuery,
  serviceSchema,
  writeErrors,
} from './schemas.js';

const tags = ['services'];
const admin = requireRole('admin');

interface ServiceListQuery {
  category?: string;
  search?: string;
  page?: number;
  pageSize?: number;
}

export function servicesRoutes(app: FastifyInstance, { context, cache, booking }: RouteDeps) {
  app.get(
    '/admin/services',
    {
      schema: {
        tags,
        summary: 'Treatments with their category and pricing (public)',
        description:
          'The public sees active services of active categories; an admin sees all. Optional filters: category, search. ' +
          'Without `page` the answer is the plain array of the first 100 (or `pageSize`); with `page` it is { items, total, page, pageSize } (`pageSize` default 8, at most 100).',
        querystring: serviceListQuery,
        response: { 200: listOrPageOf(serviceSchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as ServiceListQuery;
      const audience = audienceOf(request);
      const page = pageOf(query, DEFAULT_PAGE_SIZE);
      const cached = await cache.read(
        'services',
        `services|${audience}|${queryKey({ ...query })}`,
        async () => {
          const { items, total } = await listServices(context.db, {
            includeInactive: audience === 'admin',
            categoryId: query.category,
            search: query.search,
            page,
          });
          const presented = items.map(presentService);
          return page.asked ? presentPage(presented, total, page) : presented;
        },
      );
      return sendCached(request, reply, cached, audience);
    },
  );

  app.get(
    '/admin/services/:id',
    {
      schema: {
        tags,
        summary: 'One treatment (public; inactive ones only for admins)',
        params: idParams,
        response: { 200: serviceSchema, 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const audience = audienceOf(request);
      const cached = await cache.read('services', `service:${id}|${audience}`, async () =>
        presentService(await getService(context.db, id, { includeInactive: audience === 'admin' })),
      );
      return sendCached(request, reply, cached, audience);
    },
  );

  app.post(
    '/admin/services',
    {
      preValidation: admin,
      config: { invalidates: ['services'] },
      schema: {
        tags,
        summary: 'Create a treatment',
        description:
          'Empty pricing rows are dropped and at least one must remain; blank benefit lines and empty tags are dropped. ' +
          'benefits may be a list or text with one per line; tags a list or comma separated. ' +
          'sacCode (default 999723) and gstBp (basis points, default 1800): a bad one is a 422 naming its field.',
        security: bearer,
        body: serviceBody,
        response: { 201: serviceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await createService(context, request.body as ServiceInput);
      return reply
        .code(201)
        .send(presentService(await getService(context.db, id, { includeInactive: true })));
    },
  );

  app.put(
    '/admin/services/:id',
    {
      preValidation: admin,
      config: { invalidates: ['services'] },
      schema: {
        tags,
        summary: 'Update a treatment (fields not sent keep their value)',
        description:
          'Pricing rows sent back with their _id keep it; the pricing list sent replaces the old one.',
        security: bearer,
        params: idParams,
        body: serviceBody,
        response: { 200: serviceSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      await updateService(context, id, request.body as ServiceInput);
      return presentService(await getService(context.db, id, { includeInactive: true }));
    },
  );

  app.delete(
    '/admin/services/:id',
    {
      preValidation: admin,
      config: { invalidates: ['services'] },
      schema: {
        tags,
        summary: 'Delete a treatment',
        description: `Its pricing options and users' favorites of it go with it. ${guardedDeleteDescription} To deactivate a treatment, set isActive to false.`,
        security: bearer,
        params: idParams,
        querystring: cancelFutureQuery,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const cancelled = await deleteService(context, booking, id, deleteRequestOf(request));
      return deletedMessage('Service deleted successfully', cancelled);
    },
  );
}
