import { randomUUID } from 'node:crypto';
import { create, fromBinary } from '@bufbuild/protobuf';
import { outbox } from '@spa/kit';
import { signTestToken } from '@spa/kit/testing';
import { bookingV1, envelopeV1, events, identityV1 } from '@spa/proto';
import { asc, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentCompleted } from '../src/events/handlers/review-eligibility.handler.js';
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

const meta = (type: string, id: string) => ({
  id,
  type,
  aggregateId: id,
  occurredAt: new Date(),
  producer: 'test',
  topic: 'test',
  partition: 0,
  offset: '0',
});

/** What booking's completed appointment makes reviewable, as catalogue's handler records it. */
async function completedVisit(customerId: string, appointmentId: string) {
  const payload = create(bookingV1.AppointmentCompletedSchema, {
    appointment: {
      id: appointmentId,
      customerId,
      customerName: 'Uma User',
      customerEmail: 'uma@example.com',
      serviceId: swedish._id,
      serviceName: 'Swedish Massage',
      completedAtMs: BigInt(Date.now()),
    },
  });
  await world.deps.db.transaction((tx) =>
    appointmentCompleted(tx, payload, meta('booking.appointment.completed', appointmentId)),
  );
  return `appointment:${appointmentId}`;
}

describe('identity.user.erased in catalogue', () => {
  it('deletes the erased customer’s favorites, and only theirs, however often it runs', async () => {
    for (const token of [world.tokens.user, world.tokens.otherUser]) {
      const added = await world.request('POST', '/favorites', { token, body: { service: swedish._id } });
      expect(added.statusCode).toBe(201);
    }
    const payload = create(identityV1.UserErasedSchema, { userId: world.userId, reason: 'self' });
    const erased = meta('identity.user.erased', world.userId);
    for (let run = 0; run < 2; run++)
      await world.deps.db.transaction((tx) => userErased(tx, payload, erased));

    // What catalogue's database keeps about them afterwards: nothing.
    expect(await favoritesOf(world.userId)).toEqual([]);
    expect((await world.request('GET', '/favorites', { token: world.tokens.user })).json()).toEqual([]);
    expect((await world.request('GET', '/favorites', { token: world.tokens.otherUser })).json()).toHaveLength(
      1,
    );
  });

  it('deletes their reviews (each announced as deleted) and what they could still review, and only theirs', async () => {
    const erasedId = 'erased-reviewer';
    const erasedToken = await signTestToken({ sub: erasedId, name: 'Uma User' });
    const reviewed = await completedVisit(erasedId, randomUUID());
    const pending = await completedVisit(erasedId, randomUUID());
    const othersVisit = await completedVisit('another-reviewer', randomUUID());
    const written = await world.request('POST', '/reviews', {
      token: erasedToken,
      body: { sourceId: reviewed, rating: 5, text: 'Lovely' },
    });
    expect(written.statusCode).toBe(201);
    const others = await world.request('POST', '/reviews', {
      token: await signTestToken({ sub: 'another-reviewer' }),
      body: { sourceId: othersVisit, rating: 4 },
    });
    expect(others.statusCode).toBe(201);
    expect((await world.request('GET', `/admin/services/${swedish._id}`)).json().rating).toEqual({
      average: 4.5,
      count: 2,
    });

    const [{ seq: since } = { seq: 0 }] = await world.deps.db.select({ seq: max(outbox.seq) }).from(outbox);
    const payload = create(identityV1.UserErasedSchema, { userId: erasedId, reason: 'self' });
    for (let run = 0; run < 2; run++)
      await world.deps.db.transaction((tx) =>
        userErased(tx, payload, meta('identity.user.erased', erasedId)),
      );

    const rowsOf = async (table: string) =>
      (await world.deps.database.pool.query(`select * from ${table} where user_id = $1`, [erasedId])).rows;
    expect(await rowsOf('reviews')).toEqual([]);
    expect(await rowsOf('review_eligibility')).toEqual([]);
    expect(pending).toMatch(/^appointment:/);
    const announced = await world.deps.db
      .select()
      .from(outbox)
      .where(gt(outbox.seq, since ?? 0))
      .orderBy(asc(outbox.seq));
    expect(announced.map((row) => [row.eventType, row.key])).toEqual([
      ['catalogue.review.deleted', written.json()._id],
    ]);
    const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, announced[0]!.payload);
    expect(fromBinary(events.reviewDeleted.schema, envelope.payload).reviewId).toBe(written.json()._id);

    // A visit of theirs read after the erasure (a replay, a consumer catching up): not reviewable again.
    await completedVisit(erasedId, randomUUID());
    expect(await rowsOf('review_eligibility')).toEqual([]);
    expect(
      (await world.deps.database.pool.query('select user_id from erased_users')).rows.map(
        (row: { user_id: string }) => row.user_id,
      ),
    ).toContain(erasedId);

    // The other customer's review stays (the cached rating follows within READ_CACHE_SECONDS).
    const left = await world.deps.database.pool.query('select id from reviews where subject_id = $1', [
      swedish._id,
    ]);
    expect(left.rows.map((row: { id: string }) => row.id)).toEqual([others.json()._id]);
  });

  it('a visit handled while the erasure is still committing waits for it, then records nothing', async () => {
    // The two arrive on different topics and are handled at once by different consumers: the visit's
    // handler must not read "not erased" before the erasure commits and insert after its delete.
    const leaving = `erased-${randomUUID()}`;
    let erasureDone!: () => void;
    const erasureMayCommit = new Promise<void>((resolve) => (erasureDone = resolve));
    let erasureRan!: () => void;
    const erasureHasRun = new Promise<void>((resolve) => (erasureRan = resolve));
    const erasure = world.deps.db.transaction(async (tx) => {
      await userErased(
        tx,
        create(identityV1.UserErasedSchema, { userId: leaving, reason: 'self' }),
        meta('identity.user.erased', leaving),
      );
      erasureRan();
      await erasureMayCommit; // still open: its delete and "erased" row not yet visible to anyone
    });
    await erasureHasRun;
    let visitSettled = false;
    const visit = completedVisit(leaving, randomUUID()).finally(() => (visitSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(visitSettled).toBe(false); // waiting for the erasure's turn, not reading around it
    erasureDone();
    await Promise.all([erasure, visit]);
    const left = await world.deps.database.pool.query(
      'select source_id from review_eligibility where user_id = $1',
      [leaving],
    );
    expect(left.rows).toEqual([]);
  });
});
