import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { EventConsumer, on, outbox, type BusProducer } from '@spa/kit';
import { eventually, signTestToken, uniqueName } from '@spa/kit/testing';
import { bookingV1, commerceV1, envelopeV1, events, type EventDefinition } from '@spa/proto';
import { asc, gt, max } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const DAY = 86_400_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

// The catalogue's clock: moved forward to pass a review's 30-day edit window.
let clockOffsetMs = 0;
let world: CatalogueWorld;
let consumer: EventConsumer;
let producer: BusProducer;
let swedish: { _id: string };
let thai: { _id: string };
let lavender: { _id: string };
let rose: { _id: string };
let customer: string;
let stranger: string;

// Booking's and commerce's topics, unique to this run, consumed by catalogue's real handlers.
const appointmentTopic = uniqueName('booking.appointment');
const orderTopic = uniqueName('commerce.order');
const completed = { ...events.appointmentCompleted, topic: appointmentTopic };
const delivered = { ...events.orderDelivered, topic: orderTopic };

beforeAll(async () => {
  world = await startCatalogue('reviews', {}, { now: () => new Date(Date.now() + clockOffsetMs) });
  customer = await signTestToken({ sub: world.userId, name: 'Priya Sharma', email: 'priya@account.test' });
  stranger = world.tokens.otherUser;
  const category = await createCategory(world, 'Massage');
  swedish = await createService(world, category._id, 'Swedish Massage');
  thai = await createService(world, category._id, 'Thai Massage');
  const oils = await createProductCategory(world, 'Oils');
  lavender = await createProduct(world, oils._id, { name: 'Lavender Oil' });
  rose = await createProduct(world, oils._id, { name: 'Rose Oil' });

  consumer = new EventConsumer({
    name: uniqueName('catalogue-reviews'),
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
  // The customer's photo of the room, uploaded as the review form does.
  const uploaded = await uploadPhoto(customer);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  roomPhoto = uploaded.json().imageUrl;
}, 120_000);

let roomPhoto: string;

/** POST /reviews/photos with a small real PNG, as `token` (none: signed out). */
async function uploadPhoto(token?: string) {
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();
  const boundary = `----review-photo-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="visit.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  return world.request('POST', '/reviews/photos', { token, body, headers });
}

afterAll(async () => {
  await producer?.disconnect();
  await consumer?.stop();
  await world?.close();
});

/** What booking's or commerce's relay puts on Kafka: the envelope with the payload, keyed by the aggregate. */
async function send<S extends DescMessage>(
  definition: EventDefinition<S>,
  key: string,
  payload: MessageShape<S>,
  producerName: string,
) {
  const id = randomUUID();
  const envelope = create(envelopeV1.EventEnvelopeSchema, {
    id,
    type: definition.type,
    occurredAt: timestampFromMs(Date.now()),
    aggregateId: key,
    producer: producerName,
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

async function completeAppointment(fields: {
  customerId: string;
  serviceId: string;
  completedAtMs: number;
  customerName?: string;
}) {
  const id = randomUUID();
  const appointment = create(bookingV1.AppointmentCompletedSchema, {
    appointment: {
      id,
      appointmentCode: 'APT-20261121-0042',
      status: 'Completed',
      customerId: fields.customerId,
      customerName: fields.customerName ?? 'Priya Sharma',
      customerEmail: 'priya@example.com',
      serviceId: fields.serviceId,
      serviceName: 'Swedish Massage',
      completedAtMs: BigInt(fields.completedAtMs),
    },
    completedBy: { id: 'employee-1', name: 'Tara', role: 'employee' },
  });
  await send(completed, id, appointment, 'booking');
  return { id, appointment };
}

const mine = async (token = customer) => (await world.request('GET', '/reviews/mine', { token })).json();

async function outboxAfter(seq: number) {
  const rows = await world.deps.db.select().from(outbox).where(gt(outbox.seq, seq)).orderBy(asc(outbox.seq));
  return rows.map((row) => ({
    seq: row.seq,
    topic: row.topic,
    key: row.key,
    type: row.eventType,
    envelope: fromBinary(envelopeV1.EventEnvelopeSchema, row.payload),
  }));
}

async function lastSeq(): Promise<number> {
  const [row] = await world.deps.db.select({ seq: max(outbox.seq) }).from(outbox);
  return row?.seq ?? 0;
}

const payloadOf = <S extends DescMessage>(
  event: Awaited<ReturnType<typeof outboxAfter>>[number],
  definition: EventDefinition<S>,
): MessageShape<S> => {
  expect(event.type).toBe(definition.type);
  expect(event.topic).toBe('catalogue.review.v1');
  return fromBinary(definition.schema, event.envelope.payload);
};

function expectErrorShape(response: { statusCode: number; json(): unknown }, status?: number) {
  if (status) expect(response.statusCode).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(
    Object.keys(body).includes('details') ? ['code', 'details', 'message'] : ['code', 'message'],
  );
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
}

let visit: { id: string; completedAtMs: number };
let reviewId: string;

describe('verified reviews', () => {
  it('documents the routes (the gateway merges them; the security matrix calls each)', async () => {
    const document = (await world.request('GET', '/openapi.json')).json();
    const operations = Object.entries(document.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.filter((operation) => operation.includes('reviews')).sort()).toEqual([
      'DELETE /reviews/{id}',
      'GET /admin/reviews',
      'GET /reviews',
      'GET /reviews/invitations/{token}',
      'GET /reviews/mine',
      'POST /reviews',
      'POST /reviews/invitations/{token}',
      'POST /reviews/photos',
      'PUT /admin/reviews/{id}/hide',
      'PUT /admin/reviews/{id}/reply',
      'PUT /admin/reviews/{id}/unhide',
      'PUT /reviews/{id}',
    ]);
  });

  it('has nothing to review before a completed visit: 404 in the one error shape', async () => {
    expect(await mine()).toEqual({ written: [], toReview: [] });
    const refused = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: `appointment:${randomUUID()}`, rating: 5 },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Nothing to review here', code: 'NOT_FOUND' });
    expect((await world.request('GET', '/reviews/mine')).statusCode).toBe(401);
    expect(
      (await world.request('POST', '/reviews', { body: { sourceId: 'appointment:x', rating: 5 } }))
        .statusCode,
    ).toBe(401);
  });

  it('learns from booking.appointment.completed on Kafka what the customer may review, once', async () => {
    const completedAtMs = Date.parse('2026-11-21T07:30:00Z');
    const { id, appointment } = await completeAppointment({
      customerId: world.userId,
      serviceId: swedish._id,
      completedAtMs,
    });
    // Redelivered (another envelope id): still one eligibility.
    await send(completed, id, appointment, 'booking');
    visit = { id, completedAtMs };
    const expected = {
      sourceId: `appointment:${id}`,
      subject: { kind: 'service', id: swedish._id, name: 'Swedish Massage' },
      visitedAt: new Date(completedAtMs).toISOString(),
    };
    await eventually(async () => expect((await mine()).toReview).toEqual([expected]), { timeoutMs: 45_000 });
    const [row] = (
      await world.deps.database.pool.query(
        'select user_id, author_name, author_email from review_eligibility where source_id = $1',
        [expected.sourceId],
      )
    ).rows;
    expect(row).toEqual({
      user_id: world.userId,
      author_name: 'Priya Sharma',
      author_email: 'priya@example.com',
    });
    // Someone else's visit is nothing to them.
    expect((await mine(stranger)).toReview).toEqual([]);
    const theirs = await world.request('POST', '/reviews', {
      token: stranger,
      body: { sourceId: expected.sourceId, rating: 1 },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('reviews the visit once (201, then 409 ALREADY_REVIEWED) and announces it', async () => {
    const before = await world.request('GET', `/admin/services/${swedish._id}`);
    expect(before.json().rating).toBeNull();
    const since = await lastSeq();
    const created = await world.request('POST', '/reviews', {
      token: customer,
      body: {
        sourceId: `appointment:${visit.id}`,
        rating: 5,
        text: '  Wonderful, unhurried massage.  ',
        photo: roomPhoto,
      },
    });
    expect(created.statusCode).toBe(201);
    const review = created.json();
    reviewId = review._id;
    expect(review).toEqual({
      _id: reviewId,
      id: reviewId,
      sourceId: `appointment:${visit.id}`,
      subject: { kind: 'service', id: swedish._id, name: 'Swedish Massage' },
      rating: 5,
      text: 'Wonderful, unhurried massage.',
      photo: roomPhoto,
      status: 'published',
      hiddenReason: null,
      reply: null,
      visitedAt: new Date(visit.completedAtMs).toISOString(),
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      editableUntil: new Date(Date.parse(review.createdAt) + 30 * DAY).toISOString(),
    });

    const again = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: `appointment:${visit.id}`, rating: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    expect(await mine()).toMatchObject({ written: [{ _id: reviewId }], toReview: [] });

    const [event] = await outboxAfter(since);
    expect(event!.key).toBe(reviewId);
    expect(payloadOf(event!, events.reviewUpserted).review).toMatchObject({
      id: reviewId,
      userId: world.userId,
      subjectKind: 'service',
      subjectId: swedish._id,
      rating: 5,
      status: 'published',
      photo: roomPhoto,
    });
  });

  it('shows the rating on the treatment (single and lists) and the review in the public list', async () => {
    // The cached read of the treatment (read above, before the review) moved on.
    const single = await world.request('GET', `/admin/services/${swedish._id}`);
    expect(single.json().rating).toEqual({ average: 5, count: 1 });
    const list = (await world.request('GET', '/admin/services')).json() as Array<{
      _id: string;
      rating: unknown;
    }>;
    expect(list.find((service) => service._id === swedish._id)!.rating).toEqual({ average: 5, count: 1 });
    expect(list.find((service) => service._id === thai._id)!.rating).toBeNull();
    const adminList = (
      await world.request('GET', '/admin/services?page=1', { token: world.tokens.admin })
    ).json();
    expect(adminList.items.find((service: { _id: string }) => service._id === swedish._id).rating).toEqual({
      average: 5,
      count: 1,
    });

    const reviews = await world.request('GET', `/reviews?service=${swedish._id}`);
    expect(reviews.statusCode).toBe(200);
    expect(reviews.headers['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=1');
    expect(reviews.json()).toEqual({
      summary: { average: 5, count: 1 },
      reviews: [
        {
          _id: reviewId,
          id: reviewId,
          rating: 5,
          text: 'Wonderful, unhurried massage.',
          photo: roomPhoto,
          authorName: 'Priya S.',
          verified: true,
          visitedAt: new Date(visit.completedAtMs).toISOString(),
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
          reply: null,
        },
      ],
      page: 1,
      limit: 5,
      total: 1,
      pages: 1,
    });
    expect(reviews.body).not.toContain('priya@');
    expect((await world.request('GET', `/reviews?service=${thai._id}`)).json()).toEqual({
      summary: { average: null, count: 0 },
      reviews: [],
      page: 1,
      limit: 5,
      total: 0,
      pages: 0,
    });
  });

  it("keeps a review to its author: another user's edit or delete is a 404", async () => {
    const edit = await world.request('PUT', `/reviews/${reviewId}`, { token: stranger, body: { rating: 1 } });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'Review not found', code: 'NOT_FOUND' });
    expect((await world.request('DELETE', `/reviews/${reviewId}`, { token: stranger })).statusCode).toBe(404);
    expect(
      (await world.request('DELETE', `/reviews/${reviewId}`, { token: world.tokens.admin })).statusCode,
    ).toBe(404);
    expect(
      (await world.request('PUT', '/reviews/not-a-uuid', { token: customer, body: { rating: 2 } }))
        .statusCode,
    ).toBe(404);
  });

  it('is edited within 30 days, and refused with 409 EDIT_WINDOW_CLOSED after', async () => {
    const edited = await world.request('PUT', `/reviews/${reviewId}`, {
      token: customer,
      body: { rating: 4, text: 'Very good.', photo: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 4, text: 'Very good.', photo: null, status: 'published' });
    expect((await world.request('GET', `/admin/services/${swedish._id}`)).json().rating).toEqual({
      average: 4,
      count: 1,
    });
    // The body is the whole review: what is left out is empty.
    const withPhoto = await world.request('PUT', `/reviews/${reviewId}`, {
      token: customer,
      body: { rating: 4, text: 'Very good.', photo: roomPhoto },
    });
    expect(withPhoto.json()).toMatchObject({ photo: roomPhoto });
    const ratingOnly = await world.request('PUT', `/reviews/${reviewId}`, {
      token: customer,
      body: { rating: 3 },
    });
    expect(ratingOnly.json()).toMatchObject({ rating: 3, text: '', photo: null });

    clockOffsetMs = 31 * DAY;
    try {
      const late = await world.request('PUT', `/reviews/${reviewId}`, {
        token: customer,
        body: { rating: 5 },
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('EDIT_WINDOW_CLOSED');
      expect(late.json().message).toMatch(
        /^A review can be edited for 30 days after it was written; this one was written on /,
      );
    } finally {
      clockOffsetMs = 0;
    }
    expect((await world.request('GET', `/reviews?service=${swedish._id}`)).json().reviews[0].rating).toBe(3);
  });

  it('an admin hides it with a reason: ReviewHidden names the author, and it leaves the public list and the rating', async () => {
    const since = await lastSeq();
    const hidden = await world.request('PUT', `/admin/reviews/${reviewId}/hide`, {
      token: world.tokens.admin,
      body: { reason: '  Names a member of staff  ' },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({
      _id: reviewId,
      status: 'hidden',
      hiddenReason: 'Names a member of staff',
      subject: { kind: 'service', id: swedish._id, name: 'Swedish Massage' },
      authorName: 'Priya Sharma',
      authorEmail: 'priya@example.com',
      verified: true,
    });
    const [event] = await outboxAfter(since);
    expect(event!.key).toBe(reviewId);
    const announced = payloadOf(event!, events.reviewHidden);
    expect(announced).toMatchObject({
      reason: 'Names a member of staff',
      authorEmail: 'priya@example.com',
      authorName: 'Priya Sharma',
      subjectName: 'Swedish Massage',
    });
    expect(announced.review).toMatchObject({
      id: reviewId,
      status: 'hidden',
      hiddenReason: 'Names a member of staff',
    });

    // Hiding it again changes nothing and announces nothing.
    const twice = await world.request('PUT', `/admin/reviews/${reviewId}/hide`, {
      token: world.tokens.admin,
      body: { reason: 'Another reason' },
    });
    expect(twice.json()).toMatchObject({ status: 'hidden', hiddenReason: 'Names a member of staff' });
    expect(await outboxAfter(event!.seq)).toEqual([]);

    expect((await world.request('GET', `/reviews?service=${swedish._id}`)).json()).toMatchObject({
      summary: { average: null, count: 0 },
      reviews: [],
      total: 0,
    });
    expect((await world.request('GET', `/admin/services/${swedish._id}`)).json().rating).toBeNull();
    // The author sees why, and an edit keeps it hidden.
    expect((await mine()).written[0]).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Names a member of staff',
    });
    const edited = await world.request('PUT', `/reviews/${reviewId}`, {
      token: customer,
      body: { rating: 3, text: 'Lovely therapist.' },
    });
    expect(edited.json()).toMatchObject({ status: 'hidden', text: 'Lovely therapist.' });
    expect((await world.request('GET', `/reviews?service=${swedish._id}`)).json().total).toBe(0);

    const adminHidden = (
      await world.request('GET', '/admin/reviews?status=hidden', { token: world.tokens.admin })
    ).json();
    expect(adminHidden).toMatchObject({ page: 1, limit: 20, total: 1, pages: 1 });
    expect(adminHidden.reviews.map((review: { _id: string }) => review._id)).toEqual([reviewId]);
    expect(
      (await world.request('GET', '/admin/reviews?status=published', { token: world.tokens.admin })).json()
        .total,
    ).toBe(0);
  });

  it('the reply shows publicly once the review is published again; an empty reply removes it', async () => {
    const since = await lastSeq();
    const replied = await world.request('PUT', `/admin/reviews/${reviewId}/reply`, {
      token: world.tokens.admin,
      body: { text: 'Thank you, Priya!' },
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().reply).toEqual({
      text: 'Thank you, Priya!',
      repliedAt: expect.stringMatching(ISO),
    });
    const unhidden = await world.request('PUT', `/admin/reviews/${reviewId}/unhide`, {
      token: world.tokens.admin,
    });
    expect(unhidden.statusCode).toBe(200);
    expect(unhidden.json()).toMatchObject({ status: 'published', hiddenReason: null });
    expect((await outboxAfter(since)).map((event) => event.type)).toEqual([
      'catalogue.review.upserted',
      'catalogue.review.upserted',
    ]);

    const list = (await world.request('GET', `/reviews?service=${swedish._id}`)).json();
    expect(list.summary).toEqual({ average: 3, count: 1 });
    expect(list.reviews[0]).toMatchObject({
      text: 'Lovely therapist.',
      reply: { text: 'Thank you, Priya!', repliedAt: expect.stringMatching(ISO) },
    });
    expect((await world.request('GET', `/admin/services/${swedish._id}`)).json().rating).toEqual({
      average: 3,
      count: 1,
    });
    expect((await mine()).written[0].reply).toMatchObject({ text: 'Thank you, Priya!' });

    await world.admin('PUT', `/admin/reviews/${reviewId}/reply`, { text: '   ' });
    expect(
      (await world.request('GET', `/reviews?service=${swedish._id}`)).json().reviews[0].reply,
    ).toBeNull();
  });

  it('admin routes are for admins: 401 signed out, 403 for a customer or an employee', async () => {
    const calls: Array<['GET' | 'PUT', string, unknown?]> = [
      ['GET', '/admin/reviews'],
      ['PUT', `/admin/reviews/${reviewId}/hide`, { reason: 'x' }],
      ['PUT', `/admin/reviews/${reviewId}/unhide`],
      ['PUT', `/admin/reviews/${reviewId}/reply`, { text: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      expectErrorShape(await world.request(method, url, { body: body as object }), 401);
      for (const token of [customer, world.tokens.employee])
        expectErrorShape(await world.request(method, url, { token, body: body as object }), 403);
    }
    const unknown = await world.request('PUT', `/admin/reviews/${randomUUID()}/hide`, {
      token: world.tokens.admin,
      body: { reason: 'x' },
    });
    expectErrorShape(unknown, 404);
  });

  it('answers every bad input with a 4xx in the one error shape', async () => {
    const source = `appointment:${visit.id}`;
    const badCreates: unknown[] = [
      { sourceId: source, rating: 0 },
      { sourceId: source, rating: 6 },
      { sourceId: source, rating: 2.5 },
      { sourceId: source, rating: '5' },
      { sourceId: source },
      { rating: 5 },
      { sourceId: source, rating: 5, text: 'x'.repeat(2001) },
      { sourceId: source, rating: 5, photo: 'https://elsewhere.example/a.png' },
      { sourceId: source, rating: 5, photo: '/uploads/../secret' },
      { sourceId: source, rating: 5, verified: true },
      { sourceId: source, rating: 5, status: 'published' },
      { sourceId: 'a\u0000b', rating: 5 },
      null,
      [],
      'text',
      42,
    ];
    for (const body of badCreates)
      expectErrorShape(await world.request('POST', '/reviews', { token: customer, body: body as object }));
    const rating = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: source, rating: 2.5 },
    });
    expect(rating.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'rating must be integer' });
    const long = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: source, rating: 5, text: 'x'.repeat(2001) },
    });
    expect(long.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A review can be at most 2000 characters',
    });
    const unknownField = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: source, rating: 5, verified: true },
    });
    expect(unknownField.json().message).toBe('verified is not an allowed field');

    for (const body of [
      { rating: 0 },
      { rating: 2.5 },
      { rating: 4, text: 'x'.repeat(2001) },
      { rating: 4, photo: 'ftp://x' },
      { text: 'No rating' },
      {},
      { rating: 4, sourceId: source },
    ])
      expectErrorShape(await world.request('PUT', `/reviews/${reviewId}`, { token: customer, body }), 400);

    for (const query of [
      '',
      `?service=${swedish._id}&product=${lavender._id}`,
      `?service=${swedish._id}&limit=21`,
      `?service=${swedish._id}&limit=0`,
      `?service=${swedish._id}&page=0`,
      `?service=${swedish._id}&sort=rating`,
      '?service=',
    ])
      expectErrorShape(await world.request('GET', `/reviews${query}`), 400);
    expect((await world.request('GET', '/reviews')).json().message).toBe(
      'Ask for the reviews of one treatment (service) or one product (product)',
    );
    for (const query of ['?status=deleted', '?limit=101', '?page=-1', '?other=1'])
      expectErrorShape(
        await world.request('GET', `/admin/reviews${query}`, { token: world.tokens.admin }),
        400,
      );
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }])
      expectErrorShape(
        await world.request('PUT', `/admin/reviews/${reviewId}/hide`, { token: world.tokens.admin, body }),
        400,
      );
    for (const body of [{}, { text: 'x'.repeat(1001) }, { text: 5 }])
      expectErrorShape(
        await world.request('PUT', `/admin/reviews/${reviewId}/reply`, { token: world.tokens.admin, body }),
        400,
      );
    // Nothing of that changed the review.
    expect((await mine()).written[0]).toMatchObject({ rating: 3, status: 'published' });
  });

  it('reviews a product from a delivered order line (commerce.order.delivered on Kafka)', async () => {
    const orderId = randomUUID();
    const deliveredAtMs = Date.parse('2026-11-25T10:00:00Z');
    const order = create(commerceV1.OrderDeliveredSchema, {
      order: {
        orderId,
        customerId: world.userId,
        customerEmail: 'priya@example.com',
        customerName: 'Priya Sharma',
        status: 'delivered',
        isDelivered: true,
        items: [
          { id: 'line-1', productId: lavender._id, name: 'Lavender Oil', quantity: 2 },
          { id: 'line-2', productId: rose._id, name: 'Rose Oil', quantity: 1 },
        ],
        deliveredAt: timestampFromMs(deliveredAtMs),
      },
    });
    await send(delivered, orderId, order, 'commerce');
    const bySource = (a: { sourceId: string }, b: { sourceId: string }) => (a.sourceId < b.sourceId ? -1 : 1);
    await eventually(
      async () =>
        expect([...(await mine()).toReview].sort(bySource)).toEqual(
          [
            {
              sourceId: `order:${orderId}:${lavender._id}`,
              subject: { kind: 'product', id: lavender._id, name: 'Lavender Oil' },
              visitedAt: new Date(deliveredAtMs).toISOString(),
            },
            {
              sourceId: `order:${orderId}:${rose._id}`,
              subject: { kind: 'product', id: rose._id, name: 'Rose Oil' },
              visitedAt: new Date(deliveredAtMs).toISOString(),
            },
          ].sort(bySource),
        ),
      { timeoutMs: 45_000 },
    );
    const before = await world.request('GET', `/products/${lavender._id}`);
    expect(before.json().rating).toBeNull();

    const created = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId: `order:${orderId}:${lavender._id}`, rating: 4, text: 'Calming scent.' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().subject).toEqual({ kind: 'product', id: lavender._id, name: 'Lavender Oil' });

    expect((await world.request('GET', `/products/${lavender._id}`)).json().rating).toEqual({
      average: 4,
      count: 1,
    });
    const products = (await world.request('GET', '/products')).json() as Array<{
      _id: string;
      rating: unknown;
    }>;
    expect(products.find((product) => product._id === lavender._id)!.rating).toEqual({
      average: 4,
      count: 1,
    });
    expect(products.find((product) => product._id === rose._id)!.rating).toBeNull();
    const list = (await world.request('GET', `/reviews?product=${lavender._id}`)).json();
    expect(list.summary).toEqual({ average: 4, count: 1 });
    expect(list.reviews[0]).toMatchObject({ authorName: 'Priya S.', verified: true, text: 'Calming scent.' });
    // A treatment's reviews are not the product's.
    expect((await world.request('GET', `/reviews?service=${lavender._id}`)).json().total).toBe(0);
    expect((await mine()).toReview.map((entry: { sourceId: string }) => entry.sourceId)).toEqual([
      `order:${orderId}:${rose._id}`,
    ]);
  });

  it('averages to one decimal and pages the public list', async () => {
    // Two more customers reviewed the Swedish massage: 3, 5 and 5 make 4.3.
    for (const [index, rating] of [5, 5].entries()) {
      const userId = `reviewer-${index}-${randomUUID()}`;
      const token = await signTestToken({ sub: userId, name: `Guest Number${index}` });
      await completeAppointment({
        customerId: userId,
        serviceId: swedish._id,
        completedAtMs: Date.now(),
        customerName: `Guest Number${index}`,
      });
      const sourceId = await eventually(
        async () => {
          const [entry] = (await mine(token)).toReview;
          expect(entry).toBeDefined();
          return entry.sourceId as string;
        },
        { timeoutMs: 45_000 },
      );
      const answer = await world.request('POST', '/reviews', { token, body: { sourceId, rating } });
      expect(answer.statusCode).toBe(201);
    }
    expect((await world.request('GET', `/admin/services/${swedish._id}`)).json().rating).toEqual({
      average: 4.3,
      count: 3,
    });
    const first = (await world.request('GET', `/reviews?service=${swedish._id}&limit=2`)).json();
    expect(first).toMatchObject({
      summary: { average: 4.3, count: 3 },
      page: 1,
      limit: 2,
      total: 3,
      pages: 2,
    });
    expect(first.reviews).toHaveLength(2);
    const second = (await world.request('GET', `/reviews?service=${swedish._id}&limit=2&page=2`)).json();
    expect(second.reviews.map((review: { _id: string }) => review._id)).toEqual([reviewId]);
    expect(first.reviews.map((review: { authorName: string }) => review.authorName)).toEqual([
      'Guest N.',
      'Guest N.',
    ]);
  });

  it('is deleted by its author (204): gone from every list, the rating follows, the visit may be reviewed again', async () => {
    const since = await lastSeq();
    const lavenderReview = (await mine()).written.find(
      (review: { subject: { kind: string } }) => review.subject.kind === 'product',
    );
    const deleted = await world.request('DELETE', `/reviews/${lavenderReview._id}`, { token: customer });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(
      (await world.request('DELETE', `/reviews/${lavenderReview._id}`, { token: customer })).statusCode,
    ).toBe(404);
    const [event] = await outboxAfter(since);
    expect(event!.key).toBe(lavenderReview._id);
    expect(payloadOf(event!, events.reviewDeleted).reviewId).toBe(lavenderReview._id);

    expect((await world.request('GET', `/products/${lavender._id}`)).json().rating).toBeNull();
    expect((await world.request('GET', `/reviews?product=${lavender._id}`)).json()).toMatchObject({
      summary: { average: null, count: 0 },
      reviews: [],
    });
    const after = await mine();
    expect(after.written.map((review: { _id: string }) => review._id)).toEqual([reviewId]);
    expect(after.toReview.map((entry: { sourceId: string }) => entry.sourceId)).toContain(
      lavenderReview.sourceId,
    );
    expect(
      (await world.request('GET', '/admin/reviews', { token: world.tokens.admin }))
        .json()
        .reviews.map((review: { _id: string }) => review._id),
    ).not.toContain(lavenderReview._id);
  });
  it('carries a photo only its own author uploaded for a review, at most REVIEW_PHOTOS_PER_DAY (10) a day', async () => {
    const uploadAs = uploadPhoto;

    expect((await uploadAs()).statusCode).toBe(401);
    const uploaded = await uploadAs(customer);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json().imageUrl as string;
    expect(photo).toMatch(/^\/uploads\//);
    const theirs = (await uploadAs(stranger)).json().imageUrl as string;

    const { id } = await completeAppointment({
      customerId: world.userId,
      serviceId: thai._id,
      completedAtMs: Date.now() - DAY,
    });
    const sourceId = `appointment:${id}`;
    await eventually(async () =>
      expect((await mine()).toReview.map((item: { sourceId: string }) => item.sourceId)).toContain(sourceId),
    );
    // Another customer's photo, or any other uploaded picture, is not this review's.
    for (const notMine of [theirs, '/uploads/a-product-picture.webp']) {
      const refused = await world.request('POST', '/reviews', {
        token: customer,
        body: { sourceId, rating: 5, photo: notMine },
      });
      expectErrorShape(refused, 400);
      expect(refused.json().message).toBe('The photo must be one you uploaded for your review');
    }
    const created = await world.request('POST', '/reviews', {
      token: customer,
      body: { sourceId, rating: 5, text: 'With a photo of the room.', photo },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().photo).toBe(photo);
    const reviewId = created.json()._id as string;
    // An edit may keep it, and may not swap in someone else's.
    expect(
      (
        await world.request('PUT', `/reviews/${reviewId}`, { token: customer, body: { rating: 4, photo } })
      ).json().photo,
    ).toBe(photo);
    expectErrorShape(
      await world.request('PUT', `/reviews/${reviewId}`, {
        token: customer,
        body: { rating: 4, photo: theirs },
      }),
      400,
    );

    // Ten a day: the customer has two (the room's and this one); eight more, then 429.
    for (let index = 0; index < 8; index += 1) expect((await uploadAs(customer)).statusCode).toBe(201);
    const tooMany = await uploadAs(customer);
    expectErrorShape(tooMany, 429);
    expect(tooMany.json()).toMatchObject({ code: 'TOO_MANY_PHOTOS' });
    expect((await uploadAs(stranger)).statusCode).toBe(201);
  });
});

describe('a visit completed before it is over', () => {
  const HOUR = 3_600_000;

  /** booking.appointment.completed with the visit's booked times; answers the eligibility's source id. */
  async function completeVisit(
    customerId: string,
    times: { startMs: number; endMs: number; completedAtMs: number },
  ) {
    const id = randomUUID();
    const appointment = create(bookingV1.AppointmentCompletedSchema, {
      appointment: {
        id,
        status: 'Completed',
        customerId,
        customerName: 'Early Bird',
        customerEmail: 'early@example.com',
        serviceId: thai._id,
        serviceName: 'Thai Massage',
        startMs: BigInt(times.startMs),
        endMs: BigInt(times.endMs),
        completedAtMs: BigInt(times.completedAtMs),
      },
      completedBy: { id: 'admin-1', name: 'Asha', role: 'admin' },
    });
    await send(completed, id, appointment, 'booking');
    return `appointment:${id}`;
  }

  it('opens no review before the visit has ended, however early it was marked complete', async () => {
    const userId = randomUUID();
    const token = await signTestToken({ sub: userId, name: 'Early Bird', email: 'early@account.test' });
    const now = Date.now();
    // Marked complete two days before the visit.
    const ahead = await completeVisit(userId, {
      startMs: now + 2 * DAY,
      endMs: now + 2 * DAY + HOUR,
      completedAtMs: now,
    });
    // Completed while the visit runs, before its booked end.
    const underway = await completeVisit(userId, {
      startMs: now - HOUR / 2,
      endMs: now + HOUR / 2,
      completedAtMs: now,
    });
    // One that is over, sent last on the one partition: once it is read, so are the two before it.
    const over = await completeVisit(userId, {
      startMs: now - 2 * HOUR,
      endMs: now - HOUR,
      completedAtMs: now - HOUR,
    });
    const toReview = async () =>
      ((await mine(token)).toReview as { sourceId: string }[]).map((item) => item.sourceId);
    await eventually(async () => expect(await toReview()).toEqual([over]), { timeoutMs: 45_000 });

    // Each dated at the visit's end (or its completion, when that came later).
    const { rows } = await world.deps.database.pool.query(
      'select source_id, visited_at from review_eligibility where user_id = $1 order by visited_at',
      [userId],
    );
    expect(rows).toEqual([
      { source_id: over, visited_at: new Date(now - HOUR) },
      { source_id: underway, visited_at: new Date(now + HOUR / 2) },
      { source_id: ahead, visited_at: new Date(now + 2 * DAY + HOUR) },
    ]);
    const review = (sourceId: string) =>
      world.request('POST', '/reviews', { token, body: { sourceId, rating: 5 } });
    const early = await review(underway);
    expectErrorShape(early, 409);
    expect(early.json()).toEqual({
      code: 'VISIT_NOT_OVER',
      message: 'You can review this visit once it has ended.',
    });
    expectErrorShape(await review(ahead), 409);

    // Once the visit's end has passed, it is there to review.
    clockOffsetMs = HOUR;
    try {
      expect(await toReview()).toEqual([underway, over]);
      expect((await review(underway)).statusCode).toBe(201);
    } finally {
      clockOffsetMs = 0;
    }
  });
});
