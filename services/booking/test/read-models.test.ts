import { events } from '@spa/proto';
import { eventually } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, istTime, startBooking, type BookingWorld } from './support/booking-world.js';

let world: BookingWorld;
beforeAll(async () => {
  world = await startBooking('read_models');
});
afterAll(async () => world?.close());

const row = async (table: string, id: string) =>
  (await world.pool.query(`select * from ${table} where id = $1`, [id])).rows[0];

describe('read models from catalogue and identity events', () => {
  it('are rebuilt from the compacted topics by a booking with a fresh database', async () => {
    const service = await world.service({ name: 'Hot Stone Massage' });
    const room = await world.room({ roomNumber: '305', type: 'Diamond', pricePaise: 350_000n });
    const employee = await world.employee({ name: 'Meera Iyer' });
    await world.mirrored({
      services: [service.id],
      categories: [service.categoryId],
      rooms: [room.id],
      users: [employee.id],
    });

    const fresh = await startBooking('read_models_rebuilt', { namespace: world.namespace });
    try {
      await fresh.mirrored({
        services: [service.id],
        categories: [service.categoryId],
        rooms: [room.id],
        users: [employee.id],
      });
      const { rows } = await fresh.pool.query('select room_number, price_paise from rooms where id = $1', [
        room.id,
      ]);
      expect(rows[0]).toEqual({ room_number: '305', price_paise: 350_000 });
      const customer = await fresh.person('user', {}, false);
      const booked = await fresh.request('POST', '/appointments/auto-assign', {
        token: customer.token,
        body: bookingBody(service, istTime(4, '10:00'), { type: 'Diamond', roomPricePaise: 350_000 }),
      });
      expect(booked.statusCode).toBe(201);
      expect(booked.json()).toMatchObject({
        serviceId: { name: 'Hot Stone Massage' },
        roomId: { roomNumber: '305' },
        employeeId: { name: 'Meera Iyer' },
      });
      // A customer booking before identity's event reached booking: named from their token.
      expect(booked.json().userId).toMatchObject({ name: customer.name, email: customer.email });
    } finally {
      await fresh.close();
    }
  });

  it('never put an employee applicant in the assignment pool, only once approved', async () => {
    const service = await world.service({ name: 'Aroma Ritual' }, 'Aromatherapist');
    const room = await world.room({ roomNumber: '702', type: 'Gold' });
    const customer = await world.person('user');
    // As identity publishes a self-registered employee: a customer with the requested employee fields.
    const applicant = await world.person('user', {
      name: 'Kavya Nair',
      employeeRole: 'Aromatherapist',
      shift: 'morning',
      workingLocation: 'Palasia',
      employeeStatus: 'applicant',
    });
    // Even an event that claims the employee role while the application is pending.
    const claimed = await world.person('employee', {
      name: 'Dev Kapoor',
      employeeRole: 'Aromatherapist',
      employeeStatus: 'applicant',
    });
    await world.mirrored({
      services: [service.id],
      rooms: [room.id],
      users: [customer.id, applicant.id, claimed.id],
    });
    expect((await row('users', claimed.id)).role).toBe('user');
    const book = (clock: string) =>
      world.request('POST', '/appointments/auto-assign', {
        token: customer.token,
        body: bookingBody(service, istTime(7, clock)),
      });
    const before = await book('10:00');
    expect(before.statusCode).toBe(201);
    expect(before.json().employeeId).toBeNull();

    // The admin approves Kavya: identity announces her as an employee, and she is assigned.
    await world.emit('identity', events.userUpdated, applicant.id, {
      user: {
        id: applicant.id,
        name: applicant.name,
        email: applicant.email,
        role: 'employee',
        employeeRole: 'Aromatherapist',
        shift: 'morning',
        workingLocation: 'Palasia',
        status: 'free',
        employeeId: 'EMP-0702',
        employeeStatus: 'approved',
      },
    });
    await eventually(async () => expect((await row('users', applicant.id)).role).toBe('employee'));
    const after = await book('12:00');
    expect(after.statusCode).toBe(201);
    expect(after.json().employeeId).toMatchObject({ _id: applicant.id, name: 'Kavya Nair' });
  });

  it("follow changes: prices, a category's role, deactivation and deletion", async () => {
    const service = await world.service({}, 'servicestaff');
    const room = await world.room({ roomNumber: '401', type: 'Silver', pricePaise: 100_000n });
    const therapist = await world.employee({ name: 'Anjali Patel' });
    const masseur = await world.employee({ name: 'Vikram Singh', employeeRole: 'masseur' });
    const customer = await world.person('user');
    await world.mirrored({
      services: [service.id],
      rooms: [room.id],
      users: [therapist.id, masseur.id, customer.id],
    });
    const body = (clock: string, roomPricePaise: number) =>
      bookingBody(service, istTime(5, clock), { type: 'Silver', roomPricePaise });

    // The room's price goes up: the old total is refused, the new one accepted.
    await world.emit('catalogue', events.roomUpserted, room.id, {
      room: { ...room, pricePaise: 150_000n, capacity: 'Double Bed', updatedAtMs: BigInt(Date.now()) },
    });
    await eventually(async () => expect((await row('rooms', room.id)).price_paise).toBe(150_000));
    const stale = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: body('10:00', 100_000),
    });
    expect(stale.json().code).toBe('PRICE_MISMATCH');
    const current = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: body('10:00', 150_000),
    });
    // Assigned to one of the category's role (Meera of the first test is free then too), never the masseur.
    expect(current.json()).toMatchObject({ roomPrice: 1500, employeeId: { employeeRole: 'servicestaff' } });
    expect(current.json().employeeId._id).not.toBe(masseur.id);

    // An older copy arriving late changes nothing.
    await world.emit('catalogue', events.roomUpserted, room.id, {
      room: { ...room, pricePaise: 90_000n, updatedAtMs: BigInt(Date.now() - 60_000) },
    });
    const marker = await world.room({ roomNumber: '999', type: 'Silver', status: 'Maintenance' });
    await world.mirrored({ rooms: [marker.id] });
    expect((await row('rooms', room.id)).price_paise).toBe(150_000);

    // The category now belongs to masseurs: new bookings go to them.
    await world.emit('catalogue', events.categoryUpserted, service.categoryId, {
      category: {
        id: service.categoryId,
        name: 'Massage Therapies',
        isActive: true,
        assignedEmployeeRole: 'Masseur',
        updatedAtMs: BigInt(Date.now()),
      },
    });
    await eventually(async () =>
      expect((await row('categories', service.categoryId)).assigned_employee_role).toBe('Masseur'),
    );
    const byMasseur = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: body('12:00', 150_000),
    });
    expect(byMasseur.json().employeeId).toMatchObject({ _id: masseur.id });

    // The masseur leaves: the next booking has nobody to assign.
    await world.emit('identity', events.userDeleted, masseur.id, { userId: masseur.id });
    await eventually(async () => expect((await row('users', masseur.id)).deleted).toBe(true));
    const unassigned = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: body('14:00', 150_000),
    });
    expect(unassigned.json().employeeId).toBeNull();
    // Its earlier appointment still shows the name it had.
    const earlier = await world.request('GET', `/appointments/${byMasseur.json()._id}`, {
      token: customer.token,
    });
    expect(earlier.json().employeeId).toMatchObject({ name: 'Vikram Singh' });

    // The treatment is withdrawn, then deleted.
    await world.emit('catalogue', events.serviceUpserted, service.id, {
      service: { ...service, isActive: false, updatedAtMs: BigInt(Date.now()) },
    });
    await eventually(async () => expect((await row('services', service.id)).is_active).toBe(false));
    const withdrawn = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: body('16:00', 150_000),
    });
    expect(withdrawn.json().code).toBe('SERVICE_UNAVAILABLE');
    await world.emit('catalogue', events.serviceDeleted, service.id, { serviceId: service.id });
    await eventually(async () => expect((await row('services', service.id)).deleted).toBe(true));
    const deleted = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: body('16:00', 150_000),
    });
    expect(deleted.statusCode).toBe(404);

    // The room is deleted: its type has nothing bookable left.
    await world.emit('catalogue', events.roomDeleted, room.id, { roomId: room.id });
    await eventually(async () => expect((await row('rooms', room.id)).deleted).toBe(true));
    const other = await world.service();
    await world.mirrored({ services: [other.id] });
    const noRoom = await world.request('POST', '/appointments/auto-assign', {
      token: customer.token,
      body: bookingBody(other, istTime(5, '10:00'), { type: 'Silver', roomPricePaise: 150_000 }),
    });
    expect(noRoom.json().code).toBe('NO_ROOM_OF_TYPE');
  });

  it('send an event it cannot use to the dead-letter topic and carry on', async () => {
    await world.emit('catalogue', events.roomUpserted, 'broken', { room: undefined });
    const after = await world.room({ roomNumber: '777' });
    await world.mirrored({ rooms: [after.id] });
    const { rowCount } = await world.pool.query("select 1 from rooms where id = ''");
    expect(rowCount).toBe(0);
  });
});
