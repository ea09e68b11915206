import { fromBinary } from '@bufbuild/protobuf';
import { outbox } from '@spa/kit';
import { envelopeV1, events } from '@spa/proto';
import { asc, desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createService,
  pricing,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
let massage: { _id: string; name: string };
let facials: { _id: string; name: string };
beforeAll(async () => {
  world = await startCatalogue('services', {}, { booking: true });
  massage = await createCategory(world, 'Massage Therapies', { order: 1 });
  facials = await createCategory(world, 'Facials', { order: 2 });
});
afterAll(async () => world?.close());

const missingId = '3f0c1a52-2b7e-4a51-9a0e-6d8e1c2b4f70';

async function lastOutboxSeq(): Promise<number> {
  const [last] = await world.deps.db
    .select({ seq: outbox.seq })
    .from(outbox)
    .orderBy(desc(outbox.seq))
    .limit(1);
  return last?.seq ?? 0;
}

/** The service states announced since `seq`, as booking reads them. */
async function serviceEventsSince(seq: number) {
  const rows = await world.deps.db.select().from(outbox).where(gt(outbox.seq, seq)).orderBy(asc(outbox.seq));
  return rows
    .filter((row) => row.eventType === events.serviceUpserted.type)
    .map((row) => {
      const envelope = fromBinary(envelopeV1.EventEnvelopeSchema, row.payload);
      return fromBinary(events.serviceUpserted.schema, envelope.payload).service!;
    });
}

describe('services (treatments)', () => {
  it('creates a treatment with cleaned pricing, benefits and tags, populated category', async () => {
    const response = await world.request('POST', '/admin/services', {
      token: world.tokens.admin,
      body: {
        name: ' Swedish Massage ',
        category: massage._id,
        description: 'Long flowing strokes',
        benefits: ['Relieves tension', '  ', 'Better sleep'],
        tags: [' relaxing ', '', '#classic'],
        images: ['/uploads/a.webp'],
        pricing: [pricing[0], { duration: '', durationMinutes: null, price: null, label: '' }, pricing[1]],
      },
    });
    expect(response.statusCode).toBe(201);
    const service = response.json();
    expect(service).toMatchObject({
      name: 'Swedish Massage',
      category: { _id: massage._id, id: massage._id, name: 'Massage Therapies' },
      description: 'Long flowing strokes',
      benefits: ['Relieves tension', 'Better sleep'],
      tags: ['relaxing', 'classic'],
      images: ['/uploads/a.webp'],
      isActive: true,
      cleanupMinutes: 15,
    });
    expect(service.pricing).toHaveLength(2);
    expect(service.pricing[0]).toEqual({
      _id: service.pricing[0]._id,
      id: service.pricing[0]._id,
      duration: '60 min',
      durationMinutes: 60,
      price: 2499,
    });
    expect(service.pricing[1]).toMatchObject({
      duration: '90 min',
      durationMinutes: 90,
      price: 3499.5,
      label: 'Extended',
    });

    const read = await world.request('GET', `/admin/services/${service._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(service);
  });

  it('accepts benefits as lines and tags as comma separated text', async () => {
    const service = await createService(world, facials._id, 'Gold Facial', {
      benefits: 'Firms skin\n\nBrightens\n',
      tags: 'gold, anti-ageing, ,',
      cleanupMinutes: 20,
    });
    expect(service).toMatchObject({
      benefits: ['Firms skin', 'Brightens'],
      tags: ['gold', 'anti-ageing'],
      cleanupMinutes: 20,
    });
  });

  it.each([
    [{ category: 'x', pricing }, 'Service name is required'],
    [{ name: '  ', category: 'x', pricing }, 'Service name is required'],
    [{ name: 'Thai', pricing }, 'Category is required'],
    [{ name: 'Thai', category: '', pricing }, 'Category is required'],
    [{ name: 'Thai', category: missingId, pricing }, 'The selected category does not exist'],
    [{ name: 'Thai', category: 'not-a-uuid', pricing }, 'The selected category does not exist'],
    [{ name: 'Thai', category: 'CAT' }, 'At least one pricing option is required'],
    [
      { name: 'Thai', category: 'CAT', pricing: [{ duration: ' ', durationMinutes: null, price: null }] },
      'At least one pricing option is required',
    ],
    [
      { name: 'Thai', category: 'CAT', pricing: [{ duration: '60 min', price: 100 }] },
      'Each pricing option needs a duration, its minutes and a price',
    ],
    [
      { name: 'Thai', category: 'CAT', pricing: [{ durationMinutes: 60, price: 100 }] },
      'Each pricing option needs a duration, its minutes and a price',
    ],
    [
      { name: 'Thai', category: 'CAT', pricing: [{ duration: '60 min', durationMinutes: 60 }] },
      'Each pricing option needs a duration, its minutes and a price',
    ],
    [
      { name: 'Thai', category: 'CAT', pricing: [{ duration: '60 min', durationMinutes: 60, price: -1 }] },
      'Price cannot be negative',
    ],
    [
      {
        name: 'Thai',
        category: 'CAT',
        pricing: [{ duration: '60 min', durationMinutes: 60, price: 10.005 }],
      },
      'Price can have at most 2 decimal places',
    ],
    [
      { name: 'Thai', category: 'CAT', pricing: [{ duration: '60 min', durationMinutes: 0, price: 1 }] },
      'pricing.0.durationMinutes must be >= 1',
    ],
    [
      { name: 'Thai', category: 'CAT', pricing, images: ['https://example.com/x.png'] },
      'Images must be uploaded through POST /upload (use the imageUrl it answers)',
    ],
    [{ name: 'Thai', category: 'CAT', pricing, rating: 5 }, 'rating is not an allowed field'],
  ])('refuses %o with "%s"', async (body: Record<string, unknown>, message) => {
    const withCategory = { ...body, ...(body.category === 'CAT' ? { category: massage._id } : {}) };
    const response = await world.request('POST', '/admin/services', {
      token: world.tokens.admin,
      body: withCategory,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('lets only admins write', async () => {
    const body = { name: 'Thai', category: massage._id, pricing };
    expect((await world.request('POST', '/admin/services', { body })).statusCode).toBe(401);
    expect(
      (await world.request('POST', '/admin/services', { token: world.tokens.user, body })).statusCode,
    ).toBe(403);
    const service = await createService(world, massage._id, 'Reflexology');
    const asUser = await world.request('PUT', `/admin/services/${service._id}`, {
      token: world.tokens.employee,
      body,
    });
    expect(asUser.statusCode).toBe(403);
    expect(
      (await world.request('DELETE', `/admin/services/${service._id}`, { token: world.tokens.user }))
        .statusCode,
    ).toBe(403);
  });

  it('updates only what is sent and keeps the ids of pricing options sent back', async () => {
    const service = await createService(world, massage._id, 'Hot Stone');
    const [first] = service.pricing;
    const updated = await world.admin('PUT', `/admin/services/${service._id}`, {
      pricing: [
        { _id: first!._id, duration: '75 min', durationMinutes: 75, price: 3799 },
        { duration: '120 min', durationMinutes: 120, price: 4999 },
      ],
    });
    const options = updated.pricing as Array<{ _id: string; duration: string }>;
    expect(options[0]).toMatchObject({ _id: first!._id, duration: '75 min' });
    expect(options[1]!._id).not.toBe(service.pricing[1]!._id);
    expect(updated).toMatchObject({ name: 'Hot Stone', category: { _id: massage._id } });

    const moved = await world.admin('PUT', `/admin/services/${service._id}`, {
      category: facials._id,
      isActive: false,
    });
    expect(moved).toMatchObject({ category: { name: 'Facials' }, isActive: false, pricing: options });

    const blank = await world.request('PUT', `/admin/services/${service._id}`, {
      token: world.tokens.admin,
      body: { name: ' ' },
    });
    expect(blank.json().message).toBe('Service name is required');
    const noPricing = await world.request('PUT', `/admin/services/${service._id}`, {
      token: world.tokens.admin,
      body: { pricing: [] },
    });
    expect(noPricing.json().message).toBe('At least one pricing option is required');
    const missing = await world.request('PUT', `/admin/services/${missingId}`, {
      token: world.tokens.admin,
      body: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Service not found');
  });

  it('shows the public only active services of active categories; admins see all', async () => {
    const hiddenCategory = await createCategory(world, 'Closed For Now', { isActive: false });
    const inHidden = await createService(world, hiddenCategory._id, 'Seasonal Wrap');
    const inactive = await createService(world, massage._id, 'Retired Massage', { isActive: false });
    const visible = await createService(world, massage._id, 'Balinese Massage');

    const publicIds = (await world.request('GET', '/admin/services'))
      .json()
      .map((s: { _id: string }) => s._id);
    expect(publicIds).toContain(visible._id);
    expect(publicIds).not.toContain(inHidden._id);
    expect(publicIds).not.toContain(inactive._id);
    expect((await world.request('GET', `/admin/services/${inactive._id}`)).statusCode).toBe(404);
    expect(
      (await world.request('GET', `/admin/services/${inHidden._id}`, { token: world.tokens.user }))
        .statusCode,
    ).toBe(404);

    const adminIds = (await world.request('GET', '/admin/services', { token: world.tokens.admin }))
      .json()
      .map((s: { _id: string }) => s._id);
    expect(adminIds).toEqual(expect.arrayContaining([visible._id, inHidden._id, inactive._id]));
    expect(
      (await world.request('GET', `/admin/services/${inactive._id}`, { token: world.tokens.admin }))
        .statusCode,
    ).toBe(200);
  });

  it('filters by category and search and pages only when asked', async () => {
    const all = (await world.request('GET', '/admin/services')).json();
    expect(Array.isArray(all)).toBe(true);
    const massages = (await world.request('GET', `/admin/services?category=${massage._id}`)).json();
    expect(massages.length).toBeGreaterThan(0);
    expect(massages.every((s: { category: { _id: string } }) => s.category._id === massage._id)).toBe(true);
    const searched = (await world.request('GET', '/admin/services?search=balinese')).json();
    expect(searched.map((s: { name: string }) => s.name)).toEqual(['Balinese Massage']);
    expect((await world.request('GET', '/admin/services?search=100%25')).json()).toEqual([]);

    const page = (await world.request('GET', '/admin/services?page=1&pageSize=2')).json();
    expect(page).toMatchObject({ total: all.length, page: 1, pageSize: 2 });
    expect(page.items).toEqual(all.slice(0, 2));
    const last = (
      await world.request('GET', `/admin/services?page=${Math.ceil(all.length / 2)}&pageSize=2`)
    ).json();
    expect(last.items.length).toBeGreaterThan(0);

    expect((await world.request('GET', '/admin/services?category=nonsense')).json()).toEqual([]);
    const badPage = await world.request('GET', '/admin/services?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe('page must be >= 1');
    expect((await world.request('GET', '/admin/services?sort=name')).json().message).toBe(
      'sort is not an allowed field',
    );
  });

  it('keeps a deposit policy: percent on create, fixed in rupees on update, paise on the event', async () => {
    const plain = await createService(world, massage._id, 'Plain Massage');
    expect(plain).toMatchObject({
      depositPolicy: { kind: 'none', value: 0, lateCancellationHours: 0, lateCancellationFeePercent: 0 },
    });

    const percent = {
      kind: 'percent',
      value: 50,
      lateCancellationHours: 24,
      lateCancellationFeePercent: 100,
    };
    const created = await createService(world, massage._id, 'Royal Ritual', { depositPolicy: percent });
    expect(created).toMatchObject({ depositPolicy: percent });
    const read = (await world.request('GET', `/admin/services/${created._id}`)).json();
    expect(read.depositPolicy).toEqual(percent);
    const listed = (await world.request('GET', '/admin/services?search=royal%20ritual')).json();
    expect(listed.map((s: { depositPolicy: unknown }) => s.depositPolicy)).toEqual([percent]);

    const since = await lastOutboxSeq();
    const fixed = { kind: 'fixed', value: 500, lateCancellationHours: 48, lateCancellationFeePercent: 50 };
    const updated = await world.admin('PUT', `/admin/services/${created._id}`, { depositPolicy: fixed });
    expect(updated.depositPolicy).toEqual(fixed);
    expect((await world.request('GET', `/admin/services/${created._id}`)).json().depositPolicy).toEqual(
      fixed,
    );
    const [announced] = await serviceEventsSince(since);
    expect(announced!.id).toBe(created._id);
    expect(announced!.depositPolicy).toMatchObject({
      kind: 'fixed',
      value: 50000n,
      lateCancellationHours: 48,
      lateCancellationFeePercent: 50,
    });

    // An update that leaves the policy out keeps it; rupees with paise survive the round trip.
    const renamed = await world.admin('PUT', `/admin/services/${created._id}`, {
      name: 'Royal Kerala Ritual',
    });
    expect(renamed).toMatchObject({ name: 'Royal Kerala Ritual', depositPolicy: fixed });
    const paise = await world.admin('PUT', `/admin/services/${created._id}`, {
      depositPolicy: { ...fixed, value: 499.5 },
    });
    expect(paise.depositPolicy).toEqual({ ...fixed, value: 499.5 });

    // Back to none: the event says none with value 0.
    const beforeNone = await lastOutboxSeq();
    const none = await world.admin('PUT', `/admin/services/${created._id}`, {
      depositPolicy: { kind: 'none' },
    });
    expect(none.depositPolicy).toEqual({
      kind: 'none',
      value: 0,
      lateCancellationHours: 0,
      lateCancellationFeePercent: 0,
    });
    expect((await serviceEventsSince(beforeNone))[0]!.depositPolicy).toMatchObject({
      kind: 'none',
      value: 0n,
    });
  });

  it.each([
    [{ kind: 'half', value: 10 }, 'Choose none, a percentage or a fixed amount', ['depositPolicy.kind']],
    [
      { kind: 'percent', value: 0 },
      'A deposit share is a whole percent from 1 to 100',
      ['depositPolicy.value'],
    ],
    [
      { kind: 'percent', value: 33.3 },
      'A deposit share is a whole percent from 1 to 100',
      ['depositPolicy.value'],
    ],
    [{ kind: 'fixed', value: 0.99 }, 'A fixed deposit is at least ₹1', ['depositPolicy.value']],
    [
      { kind: 'fixed', value: 500.125 },
      'A fixed deposit can have at most 2 decimal places',
      ['depositPolicy.value'],
    ],
    [
      { kind: 'fixed', value: 500, lateCancellationHours: 200, lateCancellationFeePercent: 120 },
      'The late-cancellation window is a whole number of hours up to 168',
      ['depositPolicy.lateCancellationHours', 'depositPolicy.lateCancellationFeePercent'],
    ],
    [{ value: 10 }, 'depositPolicy.kind is required', ['depositPolicy.kind']],
    [{ kind: 'fixed', value: '500' }, 'depositPolicy.value must be number', ['depositPolicy.value']],
    [
      { kind: 'none', refund: true },
      'depositPolicy.refund is not an allowed field',
      ['depositPolicy.refund'],
    ],
  ])('refuses the deposit policy %o with 400 "%s", changing nothing', async (policy, message, fields) => {
    const percent = { kind: 'percent', value: 20, lateCancellationHours: 12, lateCancellationFeePercent: 50 };
    const service = await createService(world, facials._id, `Deposit Facial ${message}`, {
      depositPolicy: percent,
    });
    const since = await lastOutboxSeq();

    const update = await world.request('PUT', `/admin/services/${service._id}`, {
      token: world.tokens.admin,
      body: { name: 'Renamed', depositPolicy: policy },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(message);
    expect(update.json().details.map((detail: { field: string }) => detail.field)).toEqual(fields);
    expect(await world.request('GET', `/admin/services/${service._id}`).then((r) => r.json())).toMatchObject({
      name: `Deposit Facial ${message}`,
      depositPolicy: percent,
    });
    expect(await serviceEventsSince(since)).toEqual([]);

    const create = await world.request('POST', '/admin/services', {
      token: world.tokens.admin,
      body: { name: 'Never Made', category: facials._id, pricing, depositPolicy: policy },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(message);
    const names = (await world.request('GET', '/admin/services?search=never%20made')).json();
    expect(names).toEqual([]);
  });

  it('deletes a treatment and answers 404 afterwards', async () => {
    const service = await createService(world, facials._id, 'Short Facial');
    expect(await world.admin('DELETE', `/admin/services/${service._id}`)).toEqual({
      message: 'Service deleted successfully',
    });
    expect((await world.request('GET', `/admin/services/${service._id}`)).statusCode).toBe(404);
    expect(
      (await world.request('DELETE', `/admin/services/${service._id}`, { token: world.tokens.admin }))
        .statusCode,
    ).toBe(404);
    expect((await world.request('GET', '/admin/services/not-a-uuid')).json()).toEqual({
      message: 'Service not found',
      code: 'NOT_FOUND',
    });
  });
});
