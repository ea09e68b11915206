import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userErased } from '../src/events/handlers/user-erased.handler.js';
import {
  createCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let swedish: { _id: string };
beforeAll(async () => {
  world = await startCatalogue('user_erased');
  const category = await createCategory(world, 'Massage');
  swedish = await createService(world, category._id, 'Swedish Massage');
});
afterAll(async () => world?.close());

const favoritesOf = async (userId: string) =>
  (await world.deps.database.pool.query('select service_id from favorites where user_id = $1', [userId]))
    .rows;

describe('identity.user.erased in catalogue', () => {
  it('deletes the erased customer’s favorites, and only theirs, however often it runs', async () => {
    for (const token of [world.tokens.user, world.tokens.otherUser]) {
      const added = await world.request('POST', '/favorites', { token, body: { service: swedish._id } });
      expect(added.statusCode).toBe(201);
    }
    const payload = create(identityV1.UserErasedSchema, { userId: world.userId, reason: 'self' });
    const meta = {
      id: world.userId,
      type: 'identity.user.erased',
      aggregateId: world.userId,
      occurredAt: new Date(),
      producer: 'identity',
      topic: 'identity.user-erasure.v1',
      partition: 0,
      offset: '0',
    };
    for (let run = 0; run < 2; run++) await world.deps.db.transaction((tx) => userErased(tx, payload, meta));

    // What catalogue's database keeps about them afterwards: nothing.
    expect(await favoritesOf(world.userId)).toEqual([]);
    expect((await world.request('GET', '/favorites', { token: world.tokens.user })).json()).toEqual([]);
    expect((await world.request('GET', '/favorites', { token: world.tokens.otherUser })).json()).toHaveLength(
      1,
    );
  });
});
