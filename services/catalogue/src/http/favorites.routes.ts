import { currentUser, requireAuth, strictObject } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { addFavorite, isFavorite, listFavoriteServices, removeFavorite } from '../use-cases/favorites.js';
import { presentService } from './presenters.js';
import { LIST_PAGE_SIZE, pageOf, type RouteDeps } from './route-deps.js';
import { bearer, errors, listOf, listPagingQuery, serviceSchema } from './schemas.js';

const tags = ['favorites'];
const serviceParams = strictObject({ serviceId: { type: 'string', maxLength: 100 } }, ['serviceId']);
const favoriteState = {
  type: 'object',
  required: ['isFavorite'],
  properties: { isFavorite: { type: 'boolean' }, message: { type: 'string' } },
};

export function favoritesRoutes(app: FastifyInstance, { context }: RouteDeps) {
  app.get(
    '/favorites',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "The signed-in user's favorite treatments that are on offer, most recent first",
        security: bearer,
        description:
          'Without `page` the first 100; `page` and `pageSize` (default 20, at most 100) walk through them (the answer stays the plain array).',
        querystring: listPagingQuery,
        response: { 200: listOf(serviceSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query as { page?: number; pageSize?: number }, LIST_PAGE_SIZE);
      const services = await listFavoriteServices(context.db, currentUser(request).id, page);
      return reply.header('cache-control', 'private, no-store').send(services.map(presentService));
    },
  );

  app.get(
    '/favorites/check/:serviceId',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Whether the signed-in user has this treatment among their favorites',
        security: bearer,
        params: serviceParams,
        response: { 200: favoriteState, 401: errors[401] },
      },
    },
    async (request, reply) => {
      const { serviceId } = request.params as { serviceId: string };
      const favorite = await isFavorite(context.db, currentUser(request).id, serviceId);
      return reply.header('cache-control', 'private, no-store').send({ isFavorite: favorite });
    },
  );

  app.post(
    '/favorites',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: 'Add a treatment to the signed-in user’s favorites',
        description: 'Adding one that is already a favorite changes nothing and answers 200 instead of 201.',
        security: bearer,
        body: strictObject({ service: { type: 'string', minLength: 1, maxLength: 100 } }, ['service']),
        response: { 200: favoriteState, 201: favoriteState, ...errors },
      },
    },
    async (request, reply) => {
      const { service } = request.body as { service: string };
      const added = await addFavorite(context.db, currentUser(request).id, service.trim());
      return reply.code(added ? 201 : 200).send({ isFavorite: true, message: 'Added to favorites' });
    },
  );

  app.delete(
    '/favorites/:serviceId',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary:
          'Remove a treatment from the signed-in user’s favorites (removing one that is not there is fine)',
        security: bearer,
        params: serviceParams,
        response: { 200: favoriteState, 401: errors[401] },
      },
    },
    async (request) => {
      const { serviceId } = request.params as { serviceId: string };
      await removeFavorite(context.db, currentUser(request).id, serviceId);
      return { isFavorite: false, message: 'Removed from favorites' };
    },
  );
}
