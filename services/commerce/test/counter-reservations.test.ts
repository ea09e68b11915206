import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signTestToken } from '@spa/kit/testing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saleLineReservations, saleLines } from '../src/db/schema.js';
import { sweepOnce } from '../src/worker.js';
import { startCommerceWorld, type CommerceWorld } from './support/commerce-world.js';

/*
 * Stock the counter takes at the catalogue and then holds under no sale line, made to happen for real:
 * commerce reaches the REAL catalogue through a small proxy that can lose the catalogue's answer after
 * the catalogue acted on the call, or refuse calls as a catalogue that is down would. The sweeper then
 * has to put exactly the stranded stock back, and never a line's that the sale still holds.
 */

type Fault = 'pass' | 'lose-answer' | 'refuse';

interface CatalogueProxy {
  url: string;
  target: string;
  fault: (method: string, path: string) => Fault;
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function bodyOf(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? Buffer.concat(chunks) : undefined;
}

async function startCatalogueProxy(): Promise<CatalogueProxy> {
  const proxy = { target: '', fault: (): Fault => 'pass' } as unknown as CatalogueProxy;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const fault = proxy.fault(request.method!, request.url!);
      if (fault === 'refuse') return request.socket.destroy();
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !HOP_HEADERS.has(name)),
      ) as Record<string, string>;
      const upstream = await fetch(`${proxy.target}${request.url}`, {
        method: request.method,
        headers,
        body: await bodyOf(request),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      // The catalogue has done what was asked; commerce never hears of it.
      if (fault === 'lose-answer') return request.socket.destroy();
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
      response.end(body);
    })().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

const isReserve = (method: string, path: string) => method === 'POST' && path === '/internal/reservations';
const isRelease = (method: string, path: string) => method === 'POST' && path.endsWith('/release');

interface SaleJson {
  id: string;
  version: number;
  status: string;
  lines: Array<{ id: string; kind: string; quantity: number; itemId?: string }>;
}

let proxy: CatalogueProxy;
let world: CommerceWorld;
let desk: { token: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  world.app.inject({
    method,
    url,
    payload: body as Record<string, unknown> | undefined,
    headers: { authorization: `Bearer ${desk.token}` },
  });

async function walkIn(): Promise<SaleJson> {
  const response = await call('POST', '/counter/sales', { customer: { name: 'Kiran Walk-in' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SaleJson;
}

const put = (sale: SaleJson, lines: unknown[]) =>
  call('PUT', `/counter/sales/${sale.id}`, { version: sale.version, lines, saleDiscountPaise: 0 });

async function withProduct(productId: string, quantity: number): Promise<SaleJson> {
  const response = await put(await walkIn(), [{ kind: 'product', itemId: productId, quantity }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SaleJson;
}

const keyState = async (key: string) =>
  (
    await world.deps.db
      .select({ state: saleLineReservations.state })
      .from(saleLineReservations)
      .where(eq(saleLineReservations.key, key))
  )[0]?.state;

const keysOfSale = async (saleId: string) =>
  world.deps.db.select().from(saleLineReservations).where(eq(saleLineReservations.saleId, saleId));

/** Past the grace an edit still talking to the catalogue gets (ABANDONED_CHECKOUT_SECONDS, 120 s). */
const afterGrace = () => new Date(Date.now() + 121_000);

beforeAll(async () => {
  proxy = await startCatalogueProxy();
  world = await startCommerceWorld('counter_reservations', { env: { CATALOGUE_URL: proxy.url } });
  proxy.target = world.catalogue.url;
  desk = {
    token: await signTestToken({
      sub: randomUUID(),
      role: 'employee',
      name: 'Nisha Desk',
      email: 'nisha@spa.test',
    }),
  };
}, 180_000);

afterEach(() => {
  proxy.fault = () => 'pass';
});

afterAll(async () => {
  await world?.close();
  await proxy?.close();
});

describe('stock an edit took and no line holds', () => {
  it('is released by the sweeper when the catalogue reserved, its answer was lost and the release failed too', async () => {
    const oil = await world.product({ name: 'Sandalwood Oil', price: 500, stock: 5 });
    const sale = await walkIn();
    proxy.fault = (method, path) =>
      isReserve(method, path) ? 'lose-answer' : isRelease(method, path) ? 'refuse' : 'pass';

    const refused = await put(sale, [{ kind: 'product', itemId: oil._id, quantity: 2 }]);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'CATALOGUE_UNAVAILABLE' });
    expect((await call('GET', `/counter/sales/${sale.id}`)).json()).toMatchObject({
      version: sale.version,
      lines: [],
    });
    // The catalogue kept the stock for a key no line of the sale holds.
    expect(await world.catalogue.productStock(oil._id)).toBe(3);
    const [stranded] = await keysOfSale(sale.id);
    expect(stranded).toMatchObject({ state: 'asked' });

    // Within the grace the key is left alone (the edit might still be under way).
    expect((await sweepOnce(world.deps)).saleReservations).toBe(0);
    // The catalogue still down: the sweep tries, and keeps the key for the next pass.
    const down = await sweepOnce(world.deps, afterGrace());
    expect(down.saleReservations).toBe(0);
    expect(down.deferred).toBeGreaterThanOrEqual(1);
    expect(await keyState(stranded!.key)).toBe('asked');

    proxy.fault = () => 'pass';
    expect((await sweepOnce(world.deps, afterGrace())).saleReservations).toBe(1);
    expect(await world.catalogue.productStock(oil._id)).toBe(5);
    expect(await keyState(stranded!.key)).toBe('released');
    // A reservation of that key still in flight can no longer take the stock.
    await expect(
      world.deps.catalogue.reserve(stranded!.key, [{ productId: oil._id, quantity: 2 }]),
    ).rejects.toThrow();
    expect(await world.catalogue.productStock(oil._id)).toBe(5);
    expect((await sweepOnce(world.deps, afterGrace())).saleReservations).toBe(0);
  });

  it('never releases the stock of a line the sale holds, open or completed', async () => {
    const balm = await world.product({ name: 'Tiger Balm', price: 200, stock: 4 });
    const open = await withProduct(balm._id, 1);
    const completed = await withProduct(balm._id, 2);
    const done = await call('POST', `/counter/sales/${completed.id}/complete`, {
      version: completed.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await world.catalogue.productStock(balm._id)).toBe(1);
    expect(await keyState(`sale-line:${open.lines[0]!.id}`)).toBe('held');

    expect((await sweepOnce(world.deps, new Date(Date.now() + 24 * 3_600_000))).saleReservations).toBe(0);
    expect(await world.catalogue.productStock(balm._id)).toBe(1);
    expect(await keyState(`sale-line:${open.lines[0]!.id}`)).toBe('held');
    expect(await keyState(`sale-line:${completed.lines[0]!.id}`)).toBe('held');
  });

  it('puts back a removed line’s and a voided sale’s stock whose release did not get through', async () => {
    const mask = await world.product({ name: 'Clay Mask', price: 300, stock: 5 });
    const removing = await withProduct(mask._id, 2);
    const voiding = await withProduct(mask._id, 3);
    expect(await world.catalogue.productStock(mask._id)).toBe(0);
    proxy.fault = (method, path) => (isRelease(method, path) ? 'refuse' : 'pass');

    const removed = await put(removing, []);
    expect(removed.statusCode, removed.body).toBe(200);
    const voided = await call('POST', `/counter/sales/${voiding.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await world.catalogue.productStock(mask._id)).toBe(0);
    const [voidedLine] = await world.deps.db.select().from(saleLines).where(eq(saleLines.saleId, voiding.id));
    expect(voidedLine!.reservationStatus).toBe('reserved');

    proxy.fault = () => 'pass';
    // No grace: these lines have left their sales for good.
    expect((await sweepOnce(world.deps)).saleReservations).toBe(2);
    expect(await world.catalogue.productStock(mask._id)).toBe(5);
    const [after] = await world.deps.db.select().from(saleLines).where(eq(saleLines.saleId, voiding.id));
    expect(after!.reservationStatus).toBe('released');
    expect((await keysOfSale(removing.id)).map((row) => row.state)).toEqual(['released']);
    expect((await keysOfSale(voiding.id)).map((row) => row.state)).toEqual(['released']);
  });
});
