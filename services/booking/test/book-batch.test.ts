import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlappingPairs } from '../src/db/overlap-audit.js';
import { bookingBody, istTime, startBooking, type BookingWorld } from './support/booking-world.js';

// Customers' own bookings are judged in batches (src/use-cases/book-batch.ts): rooms and employees
// are given out in memory, and the database stays the judge of every row.
let world: BookingWorld;
beforeAll(async () => {
  world = await startBooking('book_batch');
});
afterAll(async () => world?.close());

const book = (token: string, body: Record<string, unknown>) =>
  world.request('POST', '/appointments/auto-assign', { token, body });

describe('bookings judged together', () => {
  it('customers at overlapping starts, all at once, never share a room or an employee', async () => {
    const service = await world.service();
    const rooms = await Promise.all(
      [1, 2].map((n) => world.room({ type: 'Silver', roomNumber: `51${n}`, pricePaise: 150_000n })),
    );
    const employee = await world.employee();
    const customers = await Promise.all(Array.from({ length: 20 }, () => world.person('user')));
    await world.mirrored({
      services: [service.id],
      rooms: rooms.map((room) => room.id),
      users: [employee, ...customers].map((person) => person.id),
    });

    // 11:00 and 11:30 overlap (60 minutes and a 15-minute cleanup): two rooms hold two of them in all.
    const starts = [istTime(4, '11:00'), istTime(4, '11:30')];
    const answers = await Promise.all(
      customers.map((customer, n) =>
        book(
          customer.token,
          bookingBody(service, starts[n % 2]!, { type: 'Silver', roomPricePaise: 150_000 }),
        ),
      ),
    );
    const booked = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json());
    expect(booked).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(18);
    expect(new Set(booked.map((appointment) => appointment.roomId._id)).size).toBe(2);
    // One therapist: one of the two overlapping appointments has her, the other waits for an admin.
    expect(booked.filter((appointment) => appointment.employeeId?._id === employee.id)).toHaveLength(1);
    expect(await overlappingPairs(world.pool)).toEqual([]);
    // Each booking has its history and its event, written with it.
    const { rows } = await world.pool.query(
      "select (select count(*)::int from appointment_history where appointment_id = any($1::uuid[]) and field = 'booked') as history, (select count(*)::int from outbox where key = any($2::text[])) as events",
      [booked.map((appointment) => appointment._id), booked.map((appointment) => appointment._id)],
    );
    expect(rows[0]).toEqual({ history: 2, events: 2 });
  });

  it('a room taken behind its back between the read and the write: the database refuses the row, and the booking is judged again', async () => {
    const service = await world.service();
    const rooms = await Promise.all(
      [1, 2].map((n) => world.room({ type: 'Diamond', roomNumber: `61${n}`, pricePaise: 300_000n })),
    );
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => world.person('user')));
    await world.mirrored({
      services: [service.id],
      rooms: rooms.map((room) => room.id),
      users: [first!, second!, third!].map((person) => person.id),
    });
    const body = bookingBody(service, istTime(5, '14:00'), { type: 'Diamond', roomPricePaise: 300_000 });
    const mine = await book(first!.token, body);
    expect(mine.statusCode, mine.body).toBe(201);
    const otherRoom = rooms.find((room) => room.id !== mine.json().roomId._id)!;

    // Another writer (a replica, the desk) puts an appointment into the other room and has not
    // committed yet: the batch sees the room free, plans it, and its insert waits for that writer.
    const behind = async (finish: 'commit' | 'rollback') => {
      const client = await world.pool.connect();
      await client.query('begin');
      await client.query(
        `insert into appointments (id, appointment_code, customer_id, customer_name, customer_email,
            service_id, service_name, category_name, pricing_option_id, duration_label, duration_minutes,
            cleanup_minutes, room_id, room_type, room_number, room_location, employee_id, starts_at, ends_at,
            room_free_at, status, payment_status, payment_method, service_price_paise, room_price_paise,
            total_price_paise, created_at, updated_at)
          select gen_random_uuid(), appointment_code || '-' || $3, customer_id, customer_name, customer_email,
            service_id, service_name, category_name, pricing_option_id, duration_label, duration_minutes,
            cleanup_minutes, $2, room_type, room_number, room_location, null, starts_at, ends_at,
            room_free_at, status, payment_status, payment_method, service_price_paise, room_price_paise,
            total_price_paise, now(), now()
          from appointments where id = $1`,
        [mine.json()._id, otherRoom.id, finish],
      );
      setTimeout(() => void client.query(finish).finally(() => client.release()), 300);
    };

    await behind('rollback');
    const afterRollback = await book(second!.token, body);
    expect(afterRollback.statusCode, afterRollback.body).toBe(201);
    expect(afterRollback.json().roomId._id).toBe(otherRoom.id);
    await world.request('PUT', `/appointments/${afterRollback.json()._id}/cancel`, { token: second!.token });

    await behind('commit');
    const afterCommit = await book(third!.token, body);
    expect(afterCommit.statusCode, afterCommit.body).toBe(409);
    expect(afterCommit.json().code).toBe('NO_ROOM_AVAILABLE');
    expect(await overlappingPairs(world.pool)).toEqual([]);
  });
});
