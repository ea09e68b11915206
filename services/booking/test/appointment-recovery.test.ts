import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { connectServiceDeps, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { outboxSent, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingServiceContext, buildApp, closeBookingServiceContext, type BookingDeps } from '../src/app.js';
import { recoverAppointments, RESTORED_NOTE } from '../src/use-cases/recover-appointments.js';
import {
  bookingBody,
  istTime,
  startBooking,
  type BookingWorld,
  type Person,
} from './support/booking-world.js';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

let world: BookingWorld;
let service: Awaited<ReturnType<BookingWorld['service']>>;
let customer: Person;
let admin: Person;
let others: Person[];

beforeAll(async () => {
  // Its own Kafka namespace (startBooking's): the appointment topic read back holds this file's only.
  world = await startBooking('recovery', { env: { MAX_FUTURE_CASH_BOOKINGS: '100' } });
  service = await world.service();
  const rooms = await Promise.all(['301', '302'].map((roomNumber) => world.room({ roomNumber })));
  customer = await world.person('user', { name: 'Priya Sharma' });
  admin = await world.person('admin', { name: 'Asha Admin' });
  others = await Promise.all(['Kabir Rao', 'Zoya Khan'].map((name) => world.person('user', { name })));
  const therapist = await world.employee({ name: 'Meera Iyer', shift: 'morning' });
  await world.mirrored({
    services: [service.id],
    rooms: rooms.map((room) => room.id),
    users: [customer, admin, therapist, ...others].map((person) => person.id),
  });
});
afterAll(async () => world?.close());

const sql = <R extends Record<string, unknown> = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
) => world.pool.query<R>(text, values);

async function book(start: Date): Promise<{ _id: string; appointmentId: string }> {
  const response = await world.request('POST', '/appointments/auto-assign', {
    token: customer.token,
    body: bookingBody(service, start),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; appointmentId: string };
}

async function put(url: string, body?: Record<string, unknown>) {
  const response = await world.request('PUT', url, { token: admin.token, body });
  expect(response.statusCode, response.body).toBe(200);
}

/** What the recovery must give back exactly: everything the events carry, and what it derives. */
const COLUMNS = `id, appointment_code, status, payment_status, payment_method, customer_id, service_id,
  pricing_option_id, duration_minutes, cleanup_minutes, room_id, employee_id, starts_at, ends_at,
  room_free_at, service_price_paise, room_price_paise, total_price_paise, deposit_paise,
  kept_on_cancellation_paise, payment_hold_expires_at, paid_at, cancellation_reason, created_at, updated_at`;

const rowsOf = async (ids: string[]) =>
  (await sql(`select ${COLUMNS} from appointments where id = any($1::uuid[]) order by starts_at`, [ids]))
    .rows;

const outboxCount = async () =>
  (await sql<{ n: number }>('select count(*)::int as n from outbox')).rows[0]!.n;

/** Booking started again on the same database, as main.ts does: its context first, then its app. */
async function restartBooking(
  config = world.config,
): Promise<{ context: BookingDeps; app: FastifyInstance; close(): Promise<void> }> {
  const logger = createLogger('booking-test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const base = await connectServiceDeps(config, logger, migrationsFolder);
  const context = await bookingServiceContext({
    ...base,
    config,
    verifier: createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(base.redis) }),
  });
  const app = await buildApp(context);
  return {
    context,
    app,
    async close() {
      await app.close();
      closeBookingServiceContext(context);
      await base.bus.close();
      base.redis.disconnect();
      await base.database.close();
    },
  };
}

describe('the appointments after booking’s database is restored alone', () => {
  let later: string[];

  it('come back from booking’s own events, at their newest state, without publishing again', async () => {
    // Before the backup: two bookings.
    const first = await book(istTime(3, '10:00'));
    const rolledBack = await book(istTime(3, '12:00'));
    const backup = {
      sequence: (await sql<{ last_value: string }>('select last_value from appointment_code_seq')).rows[0]!
        .last_value,
      outboxSeq: (await sql<{ seq: string }>('select max(seq)::text as seq from outbox')).rows[0]!.seq,
      rolledBack: (
        await sql<{ status: string; updated_at: Date }>(
          'select status, updated_at from appointments where id = $1',
          [rolledBack._id],
        )
      ).rows[0]!,
    };
    // After it: one of them confirmed; three more booked, one of them paid, one cancelled.
    await put(`/appointments/${rolledBack._id}/status`, { status: 'Confirmed' });
    const paid = await book(istTime(4, '10:00'));
    await put(`/appointments/${paid._id}/payment-status`, { paymentStatus: 'Paid' });
    const cancelled = await book(istTime(4, '12:00'));
    await put(`/appointments/${cancelled._id}/cancel`);
    const plain = await book(istTime(5, '10:00'));
    later = [paid._id, cancelled._id, plain._id];
    // Published as normal: the relay has sent every event to Kafka.
    await outboxSent(world.pool);
    const expected = await rowsOf([rolledBack._id, ...later]);
    expect(expected.map((row) => row.status)).toEqual(['Confirmed', 'Pending', 'Cancelled', 'Pending']);
    expect(expected[1]!.paid_at).not.toBeNull();
    expect(expected[2]!.cancellation_reason).toBe('admin');

    // What a restore of the backup does to the database: the later appointments, their history and
    // events are forgotten, the confirmed one is back to Pending, the code sequence where it was.
    await sql('delete from outbox where seq > $1', [backup.outboxSeq]);
    await sql('delete from appointments where id = any($1::uuid[])', [later]);
    await sql('update appointments set status = $2, updated_at = $3 where id = $1', [
      rolledBack._id,
      backup.rolledBack.status,
      backup.rolledBack.updated_at,
    ]);
    await sql(`select setval('appointment_code_seq', $1)`, [backup.sequence]);
    expect(await rowsOf(later)).toEqual([]);
    const outboxBefore = await outboxCount();

    const restarted = await restartBooking();
    try {
      expect(restarted.context.appointmentRecovery?.recovered()).toBe(true);
      // Back as they were: same ids, codes, statuses, times, prices, payment and cancellation facts.
      expect(await rowsOf([rolledBack._id, ...later])).toEqual(expected);
      const history = await sql<{ note: string }>(
        `select note from appointment_history where appointment_id = $1 order by seq`,
        [paid._id],
      );
      expect(history.rows.map((row) => row.note)).toEqual([RESTORED_NOTE]);
      // Nothing published again: the events are on the bus already.
      expect(await outboxCount()).toBe(outboxBefore);

      // A new booking gets a code of its own (the sequence was raised past the codes given back), and
      // the slots of the appointments given back are taken.
      const codes = [first, rolledBack, paid, cancelled, plain].map(
        (appointment) => appointment.appointmentId,
      );
      const fresh = await restarted.app.inject({
        method: 'POST',
        url: '/appointments/auto-assign',
        headers: { authorization: `Bearer ${customer.token}` },
        payload: bookingBody(service, istTime(6, '10:00')),
      });
      expect(fresh.statusCode, fresh.body).toBe(201);
      expect(codes).not.toContain((fresh.json() as { appointmentId: string }).appointmentId);
      // Other customers (the first one's own appointment is there), at the time of one given back.
      const sameSlot = (person: Person) =>
        restarted.app.inject({
          method: 'POST',
          url: '/appointments/auto-assign',
          headers: { authorization: `Bearer ${person.token}` },
          payload: bookingBody(service, istTime(5, '10:00')),
        });
      expect((await sameSlot(others[0]!)).statusCode).toBe(201);
      // Two rooms: the appointment given back holds the other one.
      const full = await sameSlot(others[1]!);
      expect(full.statusCode, full.body).toBe(409);
      expect(full.json()).toMatchObject({ code: 'NO_ROOM_AVAILABLE' });
    } finally {
      await restarted.close();
    }

    // A plain restart reads only the events since the newest change (less the clock-skew margin) and
    // writes nothing.
    const again = await recoverAppointments(world.deps);
    expect(again).toMatchObject({ inserted: 0, updated: 0, skipped: 0 });
  });

  it('skips an appointment whose slot another active appointment holds now, and counts it', async () => {
    const [plainId] = later.slice(2);
    const [plain] = (await sql(`select * from appointments where id = $1`, [plainId])).rows;
    // Forgotten again, and its room taken meanwhile by another appointment at the same time.
    await sql('delete from appointments where id = $1', [plainId]);
    await sql('insert into appointments select * from json_populate_record(null::appointments, $1::json)', [
      JSON.stringify({
        ...plain,
        id: randomUUID(),
        appointment_code: 'APT-BLOCKER-1',
        employee_id: null,
        updated_at: plain!.created_at,
      }),
    ]);
    // The newest change is now the blocker's (older than the events): read from before it.
    const skipped = await recoverAppointments(world.deps);
    expect(skipped).toMatchObject({ inserted: 0, skipped: 1 });
    expect(await rowsOf([plainId!])).toEqual([]);

    await sql(`delete from appointments where appointment_code = 'APT-BLOCKER-1'`);
    const restored = await recoverAppointments(world.deps);
    expect(restored).toMatchObject({ inserted: 1, skipped: 0 });
    expect((await rowsOf([plainId!]))[0]).toMatchObject({ id: plainId, status: 'Pending' });
  });

  it('gives back a forgotten appointment in the slot an older row still holds, once that row moves on', async () => {
    // Before the backup: one booking. After it: moved to the afternoon, and another one booked into
    // its morning slot, in the same room.
    const moved = await book(istTime(8, '10:00'));
    const [before] = (
      await sql<{ room_id: string; starts_at: Date; ends_at: Date; room_free_at: Date; updated_at: Date }>(
        'select room_id, starts_at, ends_at, room_free_at, updated_at from appointments where id = $1',
        [moved._id],
      )
    ).rows;
    await put(`/appointments/${moved._id}/reschedule`, {
      appointmentDateTime: istTime(8, '14:00').toISOString(),
    });
    const taker = await book(istTime(8, '16:00'));
    await put(`/appointments/${taker._id}/reschedule`, {
      appointmentDateTime: istTime(8, '10:00').toISOString(),
      roomId: before!.room_id,
    });
    const expected = await rowsOf([moved._id, taker._id]);
    expect(expected.map((row) => row.room_id)).toEqual([before!.room_id, before!.room_id]);
    // The move of the taker must be on the bus before the restore (CI once read the topic too early).
    await outboxSent(world.pool);

    // Restored: the taker is forgotten, the moved one is back in the morning.
    await sql('delete from appointments where id = $1', [taker._id]);
    await sql(
      'update appointments set starts_at = $2, ends_at = $3, room_free_at = $4, updated_at = $5 where id = $1',
      [moved._id, before!.starts_at, before!.ends_at, before!.room_free_at, before!.updated_at],
    );
    const recovered = await recoverAppointments(world.deps);
    expect(recovered).toMatchObject({ inserted: 1, updated: 1, skipped: 0 });
    expect(await rowsOf([moved._id, taker._id])).toEqual(expected);
  });

  it('refuses to take slots while Kafka cannot be read at start, and serves everything else', async () => {
    const restarted = await restartBooking({ ...world.config, kafkaBrokers: ['127.0.0.1:1'] });
    try {
      const auth = { authorization: `Bearer ${customer.token}` };
      expect(restarted.context.appointmentRecovery?.recovered()).toBe(false);
      const refused = await restarted.app.inject({
        method: 'POST',
        url: '/appointments/auto-assign',
        headers: auth,
        payload: bookingBody(service, istTime(7, '10:00')),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'APPOINTMENTS_RECOVERING' });
      const [someone] = later;
      const read = await restarted.app.inject({
        method: 'GET',
        url: `/appointments/${someone}`,
        headers: auth,
      });
      expect(read.statusCode, read.body).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
