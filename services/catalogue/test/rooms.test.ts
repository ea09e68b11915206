import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type CatalogueWorld } from './support/catalogue-world.js';

let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('rooms', {}, { booking: true });
});
afterAll(async () => world?.close());

describe('rooms', () => {
  it('computes the price from capacity and type and ignores a sent price', async () => {
    const response = await world.request('POST', '/admin/rooms', {
      token: world.tokens.admin,
      body: {
        roomNumber: '302',
        capacity: 'Double Bed',
        type: 'Diamond',
        status: 'Occupied',
        location: 'Sky Suites',
        price: 1,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      roomNumber: '302',
      capacity: 'Double Bed',
      type: 'Diamond',
      status: 'Occupied',
      location: 'Sky Suites',
      price: 3500,
    });
  });

  it.each([
    ['Single Bed', 'Silver', 1000],
    ['Double Bed', 'Silver', 1500],
    ['Single Bed', 'Gold', 2000],
    ['Double Bed', 'Gold', 2500],
    ['Single Bed', 'Diamond', 3000],
  ])('prices %s %s at %i', async (capacity, type, price) => {
    const room = await world.admin('POST', '/admin/rooms', {
      roomNumber: `${capacity}-${type}`,
      capacity,
      type,
      location: 'Garden Wing',
    });
    expect(room.price).toBe(price);
  });

  it('defaults capacity, type and status and accepts a numeric room number', async () => {
    const room = await world.admin('POST', '/admin/rooms', { roomNumber: 7, location: 'Annexe' });
    expect(room).toMatchObject({
      roomNumber: '7',
      capacity: 'Single Bed',
      type: 'Silver',
      status: 'Available',
      price: 1000,
    });
  });

  it.each([
    [{ location: 'Wing A' }, 'Room Number and Location are required'],
    [{ roomNumber: '12' }, 'Room Number and Location are required'],
    [{ roomNumber: ' ', location: 'Wing A' }, 'Room Number and Location are required'],
    [{ roomNumber: '12', location: '', type: 'Gold' }, 'Room Number and Location are required'],
    [{ roomNumber: '12', location: 'A', type: 'Platinum' }, 'Type must be one of: Silver, Gold, Diamond'],
    [
      { roomNumber: '12', location: 'A', capacity: 'Bunk' },
      'Capacity must be one of: Single Bed, Double Bed',
    ],
    [
      { roomNumber: '12', location: 'A', status: 'Closed' },
      'Status must be one of: Available, Occupied, Maintenance',
    ],
    [{ roomNumber: '12', location: 'A', floor: 2 }, 'floor is not an allowed field'],
  ])('refuses %o with "%s"', async (body, message) => {
    const response = await world.request('POST', '/admin/rooms', { token: world.tokens.admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a room number that exists', async () => {
    await world.admin('POST', '/admin/rooms', { roomNumber: 'A1', location: 'Wing A' });
    const response = await world.request('POST', '/admin/rooms', {
      token: world.tokens.admin,
      body: { roomNumber: 'a1', location: 'Wing B' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Room a1 already exists');
  });

  it('recomputes the price on update and keeps what is not sent', async () => {
    const room = await world.admin('POST', '/admin/rooms', {
      roomNumber: '401',
      location: 'Roof',
      type: 'Silver',
    });
    const upgraded = await world.admin('PUT', `/admin/rooms/${room._id}`, {
      type: 'Gold',
      capacity: 'Double Bed',
      price: 99,
    });
    expect(upgraded).toMatchObject({ roomNumber: '401', location: 'Roof', type: 'Gold', price: 2500 });
    const clash = await world.request('PUT', `/admin/rooms/${room._id}`, {
      token: world.tokens.admin,
      body: { roomNumber: '302' },
    });
    expect(clash.statusCode).toBe(409);
    const blank = await world.request('PUT', `/admin/rooms/${room._id}`, {
      token: world.tokens.admin,
      body: { location: '' },
    });
    expect(blank.json().message).toBe('Room Number and Location are required');
    expect((await world.request('GET', `/admin/rooms/${room._id}`)).json().price).toBe(2500);
  });

  it('lists rooms publicly in room-number order', async () => {
    const response = await world.request('GET', '/admin/rooms');
    expect(response.statusCode).toBe(200);
    const numbers = response.json().map((room: { roomNumber: string }) => room.roomNumber);
    expect(numbers.indexOf('7')).toBeLessThan(numbers.indexOf('302'));
    expect(numbers.indexOf('302')).toBeLessThan(numbers.indexOf('401'));
    const room = response.json()[0];
    expect(Object.keys(room)).toEqual(
      expect.arrayContaining(['_id', 'id', 'roomNumber', 'capacity', 'type', 'status', 'location', 'price']),
    );
  });

  it('lets only admins write and deletes', async () => {
    const body = { roomNumber: '900', location: 'Basement' };
    expect((await world.request('POST', '/admin/rooms', { body })).statusCode).toBe(401);
    expect(
      (await world.request('POST', '/admin/rooms', { token: world.tokens.employee, body })).statusCode,
    ).toBe(403);
    const room = await world.admin('POST', '/admin/rooms', body);
    expect(
      (await world.request('PUT', `/admin/rooms/${room._id}`, { token: world.tokens.user, body })).statusCode,
    ).toBe(403);
    expect(
      (await world.request('DELETE', `/admin/rooms/${room._id}`, { token: world.tokens.user })).statusCode,
    ).toBe(403);
    expect(await world.admin('DELETE', `/admin/rooms/${room._id}`)).toEqual({
      message: 'Room deleted successfully',
    });
    const gone = await world.request('DELETE', `/admin/rooms/${room._id}`, { token: world.tokens.admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Room not found');
  });
});
