import { currentUser, requireAuth, strictObject } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { addFavorite, isFavorite, listFavoriteServices, removeFavorite } from '../db/favorites.repository.js';
import { presentService } from './presenters.js';
import type { RouteDeps } from './route-deps.js';
import { bearer, errors, listOf, serviceSchema } from './schemas.js';

const tags = ['favorites'];
const serviceParams = strictObject({ serviceId: { type: 'string', maxLength: 100 } }, ['serviceId']);
const favoriteState = {
  type: 'object',
  required: ['isFavorite'],
  properties: { isFavorite: { type: 'boolean' }, message: { type: 'string' } },
};

export async function favoritesRoutes(app: FastifyInstance, { store }: RouteDeps) {
  app.get(
    '/favorites',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        summary: "The signed-in user's favorite treatments that are on offer, most recent first",
        security: bearer,
        response: { 200: listOf(serviceSchema), 401: errors[401] },
      },
    },
    async (request, reply) => {
      const services = await listFavoriteServices(store.db, currentUser(request).id);
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
      const favorite = await isFavorite(store.db, currentUser(request).id, serviceId);
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
      const added = await addFavorite(store.db, currentUser(request).id, service.trim());
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
      await removeFavorite(store.db, currentUser(request).id, serviceId);
      return { isFavorite: false, message: 'Removed from favorites' };
    },
  );
}
