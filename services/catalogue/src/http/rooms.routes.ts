import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { createRoom, deleteRoom, getRoom, listRooms, updateRoom } from '../use-cases/rooms.js';
import type { RoomInput } from '../domain/room-form.js';
import {
  cancelFutureQuery,
  deleteRequestOf,
  deletedMessage,
  deletedSchema,
  guardedDeleteDescription,
} from './guarded-delete.js';
import { presentPage, presentRoom } from './presenters.js';
import { sendCached } from './read-cache.js';
import { LIST_PAGE_SIZE, pageOf, queryKey, type RouteDeps } from './route-deps.js';
import { bearer, errors, idParams, listOrPageOf, listPagingQuery, roomBody, roomSchema } from './schemas.js';

const tags = ['rooms'];
const admin = requireRole('admin');

export function roomsRoutes(app: FastifyInstance, { context, cache, booking }: RouteDeps) {
  app.get(
    '/admin/rooms',
    {
      schema: {
        tags,
        summary: 'Treatment rooms, by room number (public)',
        description:
          'Paged: without `page` the first 100 as the plain array; with `page` { items, total, page, pageSize } (`pageSize` default 20, at most 100).',
        querystring: listPagingQuery,
        response: { 200: listOrPageOf(roomSchema), 400: errors[400] },
      },
    },
    async (request, reply) => {
      const query = request.query as { page?: number; pageSize?: number };
      const page = pageOf(query, LIST_PAGE_SIZE);
      const cached = await cache.read(
        'rooms',
        `rooms|${queryKey({ page: query.page, pageSize: query.pageSize })}`,
        async () => {
          const { items, total } = await listRooms(context.db, page);
          const presented = items.map(presentRoom);
          return page.asked ? presentPage(presented, total, page) : presented;
        },
      );
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.get(
    '/admin/rooms/:id',
    {
      schema: {
        tags,
        summary: 'One room (public)',
        params: idParams,
        response: { 200: roomSchema, 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const cached = await cache.read('rooms', `room:${id}`, async () =>
        presentRoom(await getRoom(context.db, id)),
      );
      return sendCached(request, reply, cached, 'public');
    },
  );

  app.post(
    '/admin/rooms',
    {
      preValidation: admin,
      config: { invalidates: ['rooms'] },
      schema: {
        tags,
        summary: 'Add a room',
        description:
          'Room number (unique) and location are required. Capacity defaults to Single Bed, type to Silver, status to Available. ' +
          'The price is computed (1000, +500 Double Bed, +1000 Gold or +2000 Diamond); a sent price is ignored.',
        security: bearer,
        body: roomBody,
        response: { 201: roomSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentRoom(await createRoom(context, request.body as RoomInput))),
  );

  app.put(
    '/admin/rooms/:id',
    {
      preValidation: admin,
      config: { invalidates: ['rooms'] },
      schema: {
        tags,
        summary: 'Update a room (fields not sent keep their value; the price is recomputed)',
        security: bearer,
        params: idParams,
        body: roomBody,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return presentRoom(await updateRoom(context, id, request.body as RoomInput));
    },
  );

  app.delete(
    '/admin/rooms/:id',
    {
      preValidation: admin,
      config: { invalidates: ['rooms'] },
      schema: {
        tags,
        summary: 'Delete a room',
        description: `${guardedDeleteDescription} To deactivate a room, set its status to Maintenance.`,
        security: bearer,
        params: idParams,
        querystring: cancelFutureQuery,
        response: { 200: deletedSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const cancelled = await deleteRoom(context, booking, id, deleteRequestOf(request));
      return deletedMessage('Room deleted successfully', cancelled);
    },
  );
}
