import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createApp } from './app.js';
import {
  DEFAULT_LIMITS,
  nestsDeeperThan,
  strictObject,
  unsafeValueIn,
  withDefaultLimits,
} from './validation.js';

const app = await createApp({ name: 'validation-spec', logger: createLogger('validation-spec', 'silent') });
/** What catalogue does before validation (a NUL check): a walk that recurses as deep as the body. */
const walk = (value: unknown): number =>
  value && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(walk)) : 0;
app.post(
  '/things',
  {
    preValidation: (request, _reply, done) => {
      walk(request.body);
      done();
    },
    schema: {
      body: strictObject({
        price: { type: 'number' },
        quantity: { type: 'integer' },
        amountPaise: { type: 'integer', minimum: 0, maximum: 100_000_000_000 },
        name: { type: 'string' },
        note: { type: 'string', maxLength: 20_000 },
        code: { type: ['string', 'integer', 'null'] },
        lines: { type: 'array', items: strictObject({ price: { type: ['number', 'null'] } }) },
        extra: { type: 'object' },
      }),
    },
  },
  (request) => ({ received: request.body }),
);
app.get(
  '/things',
  {
    schema: {
      querystring: strictObject({ page: { type: 'integer', minimum: 1 }, near: { type: 'number' } }),
    },
  },
  (request) => ({ received: request.query }),
);
afterAll(() => app.close());

/** Raw JSON text: JSON.stringify cannot write 1e309, and the point is what JSON.parse makes of it. */
const post = (payload: string) =>
  app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload });

function expectRefused(response: Awaited<ReturnType<typeof post>>, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json<{ message: string; code: string; details: { field: string }[] }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'message']);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.details[0]?.field).toBe(field);
}

describe('validation: numbers the database or the arithmetic cannot hold are a 400', () => {
  it.each(['1e309', '-1e309', '1E400', '-1e99999'])(
    'refuses a number that JSON.parse makes infinite (%s)',
    async (raw) => {
      expectRefused(await post(`{"price":${raw}}`), 'price');
      expectRefused(await post(`{"quantity":${raw}}`), 'quantity');
      expectRefused(await post(`{"lines":[{"price":${raw}}]}`), 'lines.0.price');
      // A field whose schema says nothing of its contents carries no Infinity in either.
      expectRefused(await post(`{"extra":{"a":[${raw}]}}`), 'extra.a.0');
    },
  );

  it('refuses Infinity and NaN spelt in a query string', async () => {
    for (const query of ['near=Infinity', 'near=-Infinity', 'near=1e309', 'near=NaN', 'page=1e309'])
      expect((await app.inject({ method: 'GET', url: `/things?${query}` })).statusCode, query).toBe(400);
  });

  it('refuses an integer beyond a Postgres integer column unless the schema allows more', async () => {
    for (const raw of ['1e300', String(2 ** 53 + 1), '2147483648', '-2147483649'])
      expectRefused(await post(`{"quantity":${raw}}`), 'quantity');
    expectRefused(await post(`{"code":1e300}`), 'code');
    expectRefused(await app.inject({ method: 'GET', url: '/things?page=99999999999999999999' }), 'page');
    const bigPaise = await post('{"amountPaise":50000000000}');
    expect(bigPaise.statusCode).toBe(200);
  });

  it('refuses a huge finite number', async () => {
    for (const raw of ['1e300', String(2 ** 53 + 1), '1e14', '-10000000000000.01'])
      expectRefused(await post(`{"price":${raw}}`), 'price');
  });

  it('refuses a string longer than the default cap, unless the schema declares its own', async () => {
    expectRefused(await post(JSON.stringify({ name: 'x'.repeat(DEFAULT_LIMITS.maxLength + 1) })), 'name');
    expectRefused(await post(JSON.stringify({ code: 'x'.repeat(100_000) })), 'code');
    expect((await post(JSON.stringify({ note: 'x'.repeat(15_000) }))).statusCode).toBe(200);
  });

  it('refuses a body nested thousands deep before any hook walks it, even where the schema does not look inside', async () => {
    const deepArrays = `{"extra":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    const deepObjects = `{"extra":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    for (const payload of [deepArrays, deepObjects, `${'['.repeat(100_000)}${']'.repeat(100_000)}`]) {
      const response = await post(payload);
      expectRefused(response, 'body');
      expect(response.json<{ message: string }>().message).toMatch(/nest/);
    }
  });

  it("still refuses a __proto__ key, as Fastify's own JSON parser does", async () => {
    const response = await post('{"extra":{"__proto__":{"isAdmin":true}}}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON', code: 'MALFORMED_JSON' });
  });

  it('still takes ordinary values at the edges of the defaults', async () => {
    const body = {
      price: 1499.5,
      quantity: 2_147_483_647,
      amountPaise: 0,
      name: 'x'.repeat(DEFAULT_LIMITS.maxLength),
      code: -2_147_483_648,
      lines: [{ price: -1e13 }, { price: null }],
      extra: { a: { b: { c: [1, 2, { d: 'e' }] } } },
    };
    const response = await post(JSON.stringify(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: body });
    const query = await app.inject({ method: 'GET', url: '/things?page=3&near=12.5' });
    expect(query.json()).toEqual({ received: { page: 3, near: 12.5 } });
  });
});

describe('withDefaultLimits', () => {
  it('adds limits where none are declared and keeps the ones that are, without changing the schema', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer', exclusiveMaximum: 10 },
        s: { type: 'string', maxLength: 5 },
        any: { anyOf: [{ type: 'number' }, { type: 'string' }] },
      },
      additionalProperties: { type: 'integer' },
    };
    const before = structuredClone(schema);
    expect(withDefaultLimits(schema)).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer', exclusiveMaximum: 10, minimum: DEFAULT_LIMITS.integer.minimum },
        s: { type: 'string', maxLength: 5 },
        any: {
          anyOf: [
            { type: 'number', ...DEFAULT_LIMITS.number },
            { type: 'string', maxLength: DEFAULT_LIMITS.maxLength },
          ],
        },
      },
      additionalProperties: { type: 'integer', ...DEFAULT_LIMITS.integer },
    });
    expect(schema).toEqual(before);
  });

  it('measures nesting of what JSON.parse makes, not of Buffers', () => {
    expect(unsafeValueIn({ a: [{ b: 1 }] }, 3)).toBeUndefined();
    expect(unsafeValueIn({ a: [{ b: [] }] }, 3)?.keyword).toBe('maxDepth');
    expect(unsafeValueIn({ file: Buffer.alloc(10) }, 1)).toBeUndefined();
    expect(unsafeValueIn({ a: [1, -Infinity] }, 3)?.instancePath).toBe('/a/1');
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: [] }] }, 3)).toBe(true);
    expect(nestsDeeperThan([Buffer.alloc(10)], 1)).toBe(false);
  });
});
