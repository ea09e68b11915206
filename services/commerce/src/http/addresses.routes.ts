import { currentUser, notFound, requireAuth, unprocessable } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  countAddresses,
  deleteAddress,
  findOwnAddress,
  insertAddress,
  listAddresses,
  updateAddress,
} from '../db/addresses.repository.js';
import { parseAddress, type AddressInput } from '../domain/address.js';
import type { CommerceContext } from '../use-cases/context.js';
import { presentAddress } from './presenters.js';
import { addressBody, addressSchema, bearer, errors, idParams, messageSchema } from './schemas.js';

const tags = ['addresses'];
const MAX_ADDRESSES = 50;
const addressNotFound = () => notFound('Address not found');

/** Saved shipping addresses, each owned by one user; another user's address is a 404. */
export function addressesRoutes(app: FastifyInstance, { db }: CommerceContext): void {
  app.get(
    '/addresses',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'The user’s saved addresses, oldest first',
        response: { 200: { type: 'array', items: addressSchema }, 401: errors[401] },
      },
    },
    async (request) => (await listAddresses(db, currentUser(request).id)).map(presentAddress),
  );

  app.post(
    '/addresses',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Save an address',
        description:
          'label, fullName, phone, street, city, state, postalCode and country are all required (`<Field> is required`).',
        body: addressBody,
        response: { 201: addressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const fields = parseAddress(request.body as AddressInput);
      if ((await countAddresses(db, userId)) >= MAX_ADDRESSES)
        throw unprocessable(`You can save at most ${MAX_ADDRESSES} addresses`);
      return reply.code(201).send(presentAddress(await insertAddress(db, userId, fields)));
    },
  );

  app.put(
    '/addresses/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Edit an address (fields not sent keep their value)',
        params: idParams,
        body: addressBody,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { id } = request.params as { id: string };
      const current = await findOwnAddress(db, userId, id);
      if (!current) throw addressNotFound();
      const updated = await updateAddress(
        db,
        userId,
        id,
        parseAddress(request.body as AddressInput, current),
      );
      if (!updated) throw addressNotFound();
      return presentAddress(updated);
    },
  );

  app.delete(
    '/addresses/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete an address (orders keep their own copy)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      if (!(await deleteAddress(db, currentUser(request).id, id))) throw addressNotFound();
      return { message: 'Address deleted successfully' };
    },
  );
}
