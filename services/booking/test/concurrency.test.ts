import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlappingPairs } from '../src/db/overlap-audit.js';
import { bookingBody, istTime, startBooking, type BookingWorld } from './support/booking-world.js';

let world: BookingWorld;
beforeAll(async () => {
  world = await startBooking('storm');
});
afterAll(async () => world?.close());

describe('no double booking, ever', () => {
  it('60 customers booking the same treatment at the same start with 3 rooms: 3 bookings, 57 conflicts', async () => {
    const service = await world.service();
    const rooms = await Promise.all([1, 2, 3].map((n) => world.room({ roomNumber: `20${n}` })));
    const otherType = await world.room({ roomNumber: '301', type: 'Diamond', pricePaise: 300_000n });
    const employees = await Promise.all([1, 2].map(() => world.employee()));
    const customers = await Promise.all(Array.from({ length: 60 }, () => world.person('user')));
    await world.mirrored({
      services: [service.id],
      rooms: [...rooms.map((room) => room.id), otherType.id],
      users: [...employees, ...customers].map((person) => person.id),
    });

    const start = istTime(3, '11:00');
    const answers = await Promise.all(
      customers.map((customer) =>
        world.request('POST', '/appointments/auto-assign', {
          token: customer.token,
          body: bookingBody(service, start),
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(57);
    const booked = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json());
    expect(new Set(booked.map((appointment) => appointment.roomId._id))).toEqual(
      new Set(rooms.map((room) => room.id)),
    );
    // Two employees with the role on shift: two appointments get one each, the third waits for an admin.
    const assigned = booked.map((appointment) => appointment.employeeId?._id).filter(Boolean);
    expect(new Set(assigned)).toEqual(new Set(employees.map((employee) => employee.id)));
    expect(booked.filter((appointment) => appointment.employeeId === null)).toHaveLength(1);
    const conflict = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(conflict).toMatchObject({ code: 'NO_ROOM_AVAILABLE' });
    expect(conflict.message).toMatch(/^No Gold room is free at that time\. Nearest free start times: /);
    expect(conflict.details[0].suggestions.length).toBeGreaterThan(0);

    const { rows } = await world.pool.query(
      "select count(*)::int as active from appointments where status <> 'Cancelled'",
    );
    expect(rows[0].active).toBe(3);
    expect(await overlappingPairs(world.pool)).toEqual([]);
  });

  it('a cancelled appointment frees its slot for the next customer', async () => {
    const service = await world.service();
    const room = await world.room({ type: 'Silver', roomNumber: '101', pricePaise: 100_000n });
    const [first, second] = await Promise.all([world.person('user'), world.person('user')]);
    const admin = await world.person('admin', {}, false);
    await world.mirrored({ services: [service.id], rooms: [room.id], users: [first.id, second.id] });
    const body = bookingBody(service, istTime(4, '15:00'), { type: 'Silver', roomPricePaise: 100_000 });

    const booked = await world.request('POST', '/appointments/auto-assign', { token: first.token, body });
    expect(booked.statusCode).toBe(201);
    const refused = await world.request('POST', '/appointments/auto-assign', { token: second.token, body });
    expect(refused.statusCode).toBe(409);
    const cancelled = await world.request('PUT', `/appointments/${booked.json()._id}/status`, {
      token: admin.token,
      body: { status: 'Cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    const rebooked = await world.request('POST', '/appointments/auto-assign', { token: second.token, body });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json().roomId._id).toBe(room.id);
    expect(await overlappingPairs(world.pool)).toEqual([]);
  });

  it('the database itself refuses an overlapping active appointment written behind the service', async () => {
    const { rows } = await world.pool.query(
      "select * from appointments where status <> 'Cancelled' order by created_at limit 1",
    );
    const existing = rows[0];
    const copy = `insert into appointments (id, appointment_code, customer_id, customer_name, customer_email,
        service_id, service_name, category_name, pricing_option_id, duration_label, duration_minutes,
        cleanup_minutes, room_id, room_type, room_number, room_location, employee_id, starts_at, ends_at,
        room_free_at, status, payment_status, payment_method, service_price_paise, room_price_paise,
        total_price_paise, created_at, updated_at)
      select gen_random_uuid(), appointment_code || '-copy', customer_id, customer_name, customer_email,
        service_id, service_name, category_name, pricing_option_id, duration_label, duration_minutes,
        cleanup_minutes, room_id, room_type, room_number, room_location, $2, starts_at + interval '30 minutes',
        ends_at + interval '30 minutes', room_free_at + interval '30 minutes', 'Confirmed', payment_status,
        payment_method, service_price_paise, room_price_paise, total_price_paise, now(), now()
      from appointments where id = $1`;
    await expect(world.pool.query(copy, [existing.id, null])).rejects.toMatchObject({
      code: '23P01',
      constraint: 'appointments_room_no_overlap',
    });
  });
});
