import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { EventConsumer, on, outbox, type BusProducer } from '@spa/kit';
import { eventually, signTestToken, uniqueName } from '@spa/kit/testing';
import { bookingV1, commerceV1, envelopeV1, events, type EventDefinition } from '@spa/proto';
import { asc, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepReviewRequests } from '../src/use-cases/review-requests.js';
import { appointmentCompleted, orderDelivered } from '../src/events/handlers/review-eligibility.handler.js';
import {
  createCategory,
  createProduct,
  createProductCategory,
  createService,
  logger,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

/*
 * Review requests by email: a day after a completed visit or a delivered order the sweep
 * asks once (catalogue.review.requested, through the outbox), and the signed link reviews the visit
 * without a sign-in, once, for 30 days. Eligibility comes from real events on Kafka.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

// The catalogue's clock, moved forward to run a link out.
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
let world: CatalogueWorld;
let consumer: EventConsumer;
let producer: BusProducer;
let deepTissue: { _id: string };
let sandalSoap: { _id: string };

const appointmentTopic = uniqueName('booking.appointment');
const orderTopic = uniqueName('commerce.order');
const completed = { ...events.appointmentCompleted, topic: appointmentTopic };
const delivered = { ...events.orderDelivered, topic: orderTopic };

beforeAll(async () => {
  world = await startCatalogue('review_requests', {}, { now });
  const category = await createCategory(world, 'Massage');
  deepTissue = await createService(world, category._id, 'Deep Tissue Massage');
  const soaps = await createProductCategory(world, 'Soaps');
  sandalSoap = await createProduct(world, soaps._id, { name: 'Sandal Soap' });
  consumer = new EventConsumer({
    name: uniqueName('catalogue-review-requests'),
    db: world.deps.db,
    bus: world.deps.bus,
    logger,
    subscriptions: [on(completed, appointmentCompleted), on(delivered, orderDelivered)],
  });
  await world.deps.bus.ensureTopics([
    { topic: appointmentTopic, partitions: 1 },
    { topic: orderTopic, partitions: 1 },
  ]);
  producer = await world.deps.bus.producer();
  await consumer.start();
}, 120_000);

afterAll(async () => {
  await producer?.disconnect();
  await consumer?.stop();
  await world?.close();
});

async function send<S extends DescMessage>(
  definition: EventDefinition<S>,
  key: string,
  payload: MessageShape<S>,
) {
  const id = randomUUID();
  const envelope = create(envelopeV1.EventEnvelopeSchema, {
    id,
    type: definition.type,
    occurredAt: timestampFromMs(Date.now()),
    aggregateId: key,
    producer: 'test',
    payload: toBinary(definition.schema, payload),
  });
  await producer.send([
    {
      topic: definition.topic,
      key,
      value: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
      headers: { 'event-id': id },
    },
  ]);
}

/** booking.appointment.completed for a Deep Tissue Massage; answers the eligibility's source id. */
async function completeAppointment(customerId: string, completedAtMs: number, email = 'priya@example.com') {
  const id = randomUUID();
  await send(
    completed,
    id,
    create(bookingV1.AppointmentCompletedSchema, {
      appointment: {
        id,
        appointmentCode: 'APT-20261127-0007',
        status: 'Completed',
        customerId,
        customerName: 'Priya Sharma',
        customerEmail: email,
        serviceId: deepTissue._id,
        serviceName: 'Deep Tissue Massage',
        completedAtMs: BigInt(completedAtMs),
      },
    }),
  );
  return `appointment:${id}`;
}

async function deliverOrder(customerId: string, deliveredAtMs: number) {
  const orderId = randomUUID();
  await send(
    delivered,
    orderId,
    create(commerceV1.OrderDeliveredSchema, {
      order: {
        orderId,
        customerId,
        customerEmail: 'priya@example.com',
        customerName: 'Priya Sharma',
        status: 'delivered',
        isDelivered: true,
        items: [{ id: 'line-1', productId: sandalSoap._id, name: 'Sandal Soap', quantity: 1 }],
        deliveredAt: timestampFromMs(deliveredAtMs),
      },
    }),
  );
  return `order:${orderId}:${sandalSoap._id}`;
}

async function lastSeq(): Promise<number> {
  const [row] = await world.deps.db.select({ seq: max(outbox.seq) }).from(outbox);
  return row?.seq ?? 0;
}

/** The catalogue.review.requested events written to the outbox after `seq`. */
async function requestsAfter(seq: number) {
  const rows = await world.deps.db.select().from(outbox).where(gt(outbox.seq, seq)).orderBy(asc(outbox.seq));
  return rows
    .filter((row) => row.eventType === events.reviewRequested.type)
    .map((row) => {
      expect(row.topic).toBe('catalogue.review.v1');
      const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, row.payload);
      return { key: row.key, payload: fromBinary(events.reviewRequested.schema, envelope.payload) };
    });
}

const sweepDeps = () => ({
  db: world.deps.db,
  publish: world.deps.publish,
  logger,
  config: world.deps.config,
});

async function eligibilityOf(sourceId: string) {
  const { rows } = await world.deps.database.pool.query<{
    review_requested_at: Date | null;
    review_link_used_at: Date | null;
  }>('select review_requested_at, review_link_used_at from review_eligibility where source_id = $1', [
    sourceId,
  ]);
  return rows[0];
}

const userId = `customer-${randomUUID()}`;
const sources = {} as Record<'visit' | 'order' | 'old' | 'recent' | 'reviewed' | 'erased', string>;
const tokens = {} as Record<'visit' | 'order', string>;
let sweptAt: Date;

describe('review requests by email', () => {
  it('asks once for each visit or delivery a day old, even when two sweeps run at once', async () => {
    const at = Date.now();
    sources.visit = await completeAppointment(userId, at - 2 * DAY);
    sources.order = await deliverOrder(userId, at - 3 * DAY);
    // Older than the link's 30 days: not asked about any more.
    sources.old = await completeAppointment(userId, at - 31 * DAY);
    // Completed an hour ago: not yet a day.
    sources.recent = await completeAppointment(userId, at - HOUR);
    // Reviewed from My Reviews before the email: not asked.
    sources.reviewed = await completeAppointment(userId, at - 2 * DAY);
    // An erased account's (the erasure's own clean-up is catalogue's user-erased test).
    const erasedUser = `erased-${randomUUID()}`;
    sources.erased = await completeAppointment(erasedUser, at - 2 * DAY);
    await eventually(
      async () => {
        const { rows } = await world.deps.database.pool.query(
          'select count(*)::int as n from review_eligibility where source_id = any($1)',
          [Object.values(sources)],
        );
        expect(rows[0].n).toBe(6);
      },
      { timeoutMs: 45_000 },
    );
    await world.deps.database.pool.query('insert into erased_users (user_id) values ($1)', [erasedUser]);
    const customer = await signTestToken({ sub: userId, name: 'Priya Sharma', email: 'priya@account.test' });
    const reviewed = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: sources.reviewed, rating: 4 },
    });
    expect(reviewed.statusCode).toBe(201);

    const since = await lastSeq();
    sweptAt = now();
    const counts = await Promise.all([
      sweepReviewRequests(sweepDeps(), sweptAt),
      sweepReviewRequests(sweepDeps(), sweptAt),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    const requests = await requestsAfter(since);
    expect(requests.map((request) => request.key).sort()).toEqual([sources.order, sources.visit].sort());
    const visit = requests.find((request) => request.key === sources.visit)!.payload;
    expect(visit).toMatchObject({
      sourceId: sources.visit,
      userId,
      authorEmail: 'priya@example.com',
      authorName: 'Priya Sharma',
      subjectKind: 'service',
      subjectId: deepTissue._id,
      subjectName: 'Deep Tissue Massage',
      expiresAtMs: BigInt(sweptAt.getTime() + 30 * DAY),
      visitedAtMs: BigInt(at - 2 * DAY),
    });
    expect(visit.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const order = requests.find((request) => request.key === sources.order)!.payload;
    expect(order).toMatchObject({
      subjectKind: 'product',
      subjectId: sandalSoap._id,
      subjectName: 'Sandal Soap',
    });
    tokens.visit = visit.token;
    tokens.order = order.token;
    expect((await eligibilityOf(sources.visit))!.review_requested_at).toEqual(sweptAt);
    expect((await eligibilityOf(sources.old))!.review_requested_at).toBeNull();

    // Asked once: a later sweep finds nothing new (the recent visit is still under a day).
    expect(await sweepReviewRequests(sweepDeps(), new Date(sweptAt.getTime() + HOUR / 2))).toBe(0);
    // A day on, the recent visit is asked about, and only it.
    const later = await lastSeq();
    expect(await sweepReviewRequests(sweepDeps(), new Date(sweptAt.getTime() + DAY))).toBe(1);
    expect((await requestsAfter(later)).map((request) => request.key)).toEqual([sources.recent]);
  });

  it('opens the link without a sign-in: what to review, whom, until when', async () => {
    const response = await world.request('GET', `/reviews/invitations/${tokens.visit}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      subject: { kind: 'service', id: deepTissue._id, name: 'Deep Tissue Massage' },
      visitedAt: expect.stringMatching(/Z$/),
      firstName: 'Priya',
      expiresAt: new Date(sweptAt.getTime() + 30 * DAY).toISOString(),
    });
  });

  it('refuses a forged or garbled token with 404, and a bad body with 400', async () => {
    const changed = `${tokens.visit.slice(0, 5)}${tokens.visit[5] === 'A' ? 'B' : 'A'}${tokens.visit.slice(6)}`;
    for (const token of [changed, 'garbage', `${tokens.visit}x`]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await world.request(method, `/reviews/invitations/${encodeURIComponent(token)}`, {
          body: method === 'POST' ? { rating: 5 } : undefined,
        });
        expect(response.statusCode, `${method} ${token}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'This review link is not valid.' });
      }
    }
    for (const body of [
      {},
      { rating: 6 },
      { rating: 0 },
      { rating: 5, photo: '/uploads/a.webp' },
      { rating: 5, sourceId: 'x' },
      { rating: 5, text: 'x'.repeat(2001) },
    ]) {
      const response = await world.request('POST', `/reviews/invitations/${tokens.visit}`, { body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().code).toBeTypeOf('string');
    }
    expect((await eligibilityOf(sources.visit))!.review_link_used_at).toBeNull();
  });

  it('reviews the visit through the link once (201, then 409 LINK_USED), as the customer it was sent to', async () => {
    const since = await lastSeq();
    const created = await world.request('POST', `/reviews/invitations/${tokens.visit}`, {
      body: { rating: 5, text: '  Knots gone.  ' },
    });
    expect(created.statusCode).toBe(201);
    const review = created.json();
    expect(review).toMatchObject({
      sourceId: sources.visit,
      subject: { kind: 'service', id: deepTissue._id, name: 'Deep Tissue Massage' },
      rating: 5,
      text: 'Knots gone.',
      photo: null,
      status: 'published',
      hiddenReason: null,
      reply: null,
    });
    expect(Object.keys(review).sort()).toEqual(
      [
        '_id',
        'id',
        'sourceId',
        'subject',
        'rating',
        'text',
        'photo',
        'status',
        'hiddenReason',
        'reply',
        'visitedAt',
        'createdAt',
        'updatedAt',
        'editableUntil',
      ].sort(),
    );
    // Published as any other: announced, in the public list, and the customer's own.
    const upserted = (await world.deps.db.select().from(outbox).where(gt(outbox.seq, since))).filter(
      (row) => row.eventType === events.reviewUpserted.type,
    );
    expect(upserted.map((row) => row.key)).toEqual([review._id]);
    const list = await world.request('GET', `/reviews?service=${deepTissue._id}`);
    expect(list.json().reviews.map((item: { _id: string }) => item._id)).toContain(review._id);
    const customer = await signTestToken({ sub: userId, name: 'Priya Sharma', email: 'priya@account.test' });
    const mine = (await world.request('GET', '/reviews/mine', { token: customer })).json();
    expect(mine.written.map((item: { _id: string }) => item._id)).toContain(review._id);
    const { rows } = await world.deps.database.pool.query(
      'select user_id, author_name, author_email from reviews where id = $1',
      [review._id],
    );
    expect(rows[0]).toEqual({
      user_id: userId,
      author_name: 'Priya Sharma',
      author_email: 'priya@example.com',
    });
    expect((await eligibilityOf(sources.visit))!.review_link_used_at).toBeInstanceOf(Date);

    const used = { code: 'LINK_USED', message: 'This visit has been reviewed already. Thank you!' };
    const again = await world.request('POST', `/reviews/invitations/${tokens.visit}`, {
      body: { rating: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(used);
    const opened = await world.request('GET', `/reviews/invitations/${tokens.visit}`);
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual(used);

    // Deleted from My Reviews, the visit may be reviewed again there, but the link stays used.
    expect((await world.request('DELETE', `/reviews/${review._id}`, { token: customer })).statusCode).toBe(
      204,
    );
    const afterDelete = await world.request('POST', `/reviews/invitations/${tokens.visit}`, {
      body: { rating: 2 },
    });
    expect(afterDelete.statusCode).toBe(409);
  });

  it('answers two posts at once with one review and one 409', async () => {
    // The recent visit's link (asked about a day later in the first test).
    const [request] = await requestsAfter(0).then((all) =>
      all.filter((entry) => entry.key === sources.recent),
    );
    const url = `/reviews/invitations/${request!.payload.token}`;
    const answers = await Promise.all([
      world.request('POST', url, { body: { rating: 4 } }),
      world.request('POST', url, { body: { rating: 3 } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('runs out 30 days after the email: 410 LINK_EXPIRED', async () => {
    const expired = {
      code: 'LINK_EXPIRED',
      message: 'This review link has expired. You can still review it from My Reviews after signing in.',
    };
    clockOffsetMs = 30 * DAY + HOUR;
    try {
      const opened = await world.request('GET', `/reviews/invitations/${tokens.order}`);
      expect(opened.statusCode).toBe(410);
      expect(opened.json()).toEqual(expired);
      const posted = await world.request('POST', `/reviews/invitations/${tokens.order}`, {
        body: { rating: 5 },
      });
      expect(posted.statusCode).toBe(410);
      expect(posted.json()).toEqual(expired);
    } finally {
      clockOffsetMs = 0;
    }
    // Still within its 30 days, the order's link works.
    const opened = await world.request('GET', `/reviews/invitations/${tokens.order}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().subject).toEqual({ kind: 'product', id: sandalSoap._id, name: 'Sandal Soap' });
  });
});
