import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let swedish: { _id: string };
let thai: { _id: string };
beforeAll(async () => {
  world = await startCatalogue('favorites', {}, { booking: true });
  const category = await createCategory(world, 'Massage');
  swedish = await createService(world, category._id, 'Swedish Massage');
  thai = await createService(world, category._id, 'Thai Massage');
});
afterAll(async () => world?.close());

const asUser = (token: string) => ({ token });

describe('favorites', () => {
  it('needs a signed-in user for every call', async () => {
    expect((await world.request('GET', '/favorites')).statusCode).toBe(401);
    expect((await world.request('GET', `/favorites/check/${swedish._id}`)).statusCode).toBe(401);
    expect((await world.request('POST', '/favorites', { body: { service: swedish._id } })).statusCode).toBe(
      401,
    );
    const response = await world.request('DELETE', `/favorites/${swedish._id}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
  });

  it('adds, checks, lists and removes a favorite', async () => {
    const { user } = world.tokens;
    expect((await world.request('GET', `/favorites/check/${swedish._id}`, asUser(user))).json()).toEqual({
      isFavorite: false,
    });
    const added = await world.request('POST', '/favorites', { token: user, body: { service: swedish._id } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ isFavorite: true, message: 'Added to favorites' });
    expect((await world.request('GET', `/favorites/check/${swedish._id}`, asUser(user))).json()).toEqual({
      isFavorite: true,
    });

    await world.request('POST', '/favorites', { token: user, body: { service: thai._id } });
    const list = (await world.request('GET', '/favorites', asUser(user))).json();
    expect(list.map((service: { _id: string }) => service._id)).toEqual([thai._id, swedish._id]);
    expect(list[0]).toMatchObject({ name: 'Thai Massage', category: { name: 'Massage' } });
    expect(list[0].pricing).toHaveLength(2);

    const removed = await world.request('DELETE', `/favorites/${swedish._id}`, asUser(user));
    expect(removed.json()).toEqual({ isFavorite: false, message: 'Removed from favorites' });
    expect((await world.request('GET', `/favorites/check/${swedish._id}`, asUser(user))).json()).toEqual({
      isFavorite: false,
    });
    expect((await world.request('DELETE', `/favorites/${swedish._id}`, asUser(user))).statusCode).toBe(200);
  });

  it('keeps one favorite per user and service, however often it is added', async () => {
    const { otherUser } = world.tokens;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        world.request('POST', '/favorites', { token: otherUser, body: { service: swedish._id } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await world.request('GET', '/favorites', asUser(otherUser))).json()).toHaveLength(1);
  });

  it("keeps each user's favorites to themselves", async () => {
    await world.request('POST', '/favorites', { token: world.tokens.employee, body: { service: thai._id } });
    const mine = (await world.request('GET', '/favorites', asUser(world.tokens.otherUser))).json();
    expect(mine.map((service: { _id: string }) => service._id)).toEqual([swedish._id]);
  });

  it('refuses unknown or hidden treatments and a missing service', async () => {
    const { user } = world.tokens;
    const unknown = await world.request('POST', '/favorites', {
      token: user,
      body: { service: '6c1b5f8e-1111-4d2a-9b3c-7e8f9a0b1c2d' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Service not found');
    expect(
      (await world.request('POST', '/favorites', { token: user, body: { service: 'nope' } })).statusCode,
    ).toBe(404);
    const missing = await world.request('POST', '/favorites', { token: user, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('service is required');
    expect((await world.request('GET', '/favorites/check/nope', asUser(user))).json()).toEqual({
      isFavorite: false,
    });
  });

  it('leaves inactive treatments out of the list and drops favorites of deleted ones', async () => {
    const { user } = world.tokens;
    const category = await createCategory(world, 'Facials');
    const facial = await createService(world, category._id, 'Glow Facial');
    await world.request('POST', '/favorites', { token: user, body: { service: facial._id } });
    await world.admin('PUT', `/admin/services/${facial._id}`, { isActive: false });
    let ids = (await world.request('GET', '/favorites', asUser(user)))
      .json()
      .map((s: { _id: string }) => s._id);
    expect(ids).not.toContain(facial._id);
    await world.admin('PUT', `/admin/services/${facial._id}`, { isActive: true });
    ids = (await world.request('GET', '/favorites', asUser(user))).json().map((s: { _id: string }) => s._id);
    expect(ids).toContain(facial._id);
    await world.admin('DELETE', `/admin/services/${facial._id}`);
    expect((await world.request('GET', `/favorites/check/${facial._id}`, asUser(user))).json()).toEqual({
      isFavorite: false,
    });
  });
});
