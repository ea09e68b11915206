import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { connectRedis, createLogger, createTokenVerifier, revocationCheck } from '@spa/kit';
import { testInfra, testJwks } from '@spa/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig } from '../src/config.js';
import { serverEntryPath } from '../src/ssr.js';

// The web app's real build (client and server entry); built here when a fresh checkout has none.
const webDist = new URL('../../web/dist', import.meta.url).pathname;
const repoRoot = new URL('../..', import.meta.url).pathname;

const EVIL = 'Kumkumadi Oil </script><script>alert(1)</script><!--';
const product = {
  _id: 'p-1',
  id: 'p-1',
  name: EVIL,
  description: 'Saffron face oil for a calm, even glow.',
  price: '1299.00',
  stock: 0,
  images: ['/uploads/oil.webp'],
  sku: 'KO-30',
  productCategory: { _id: 'pc-1', name: 'Skincare' },
  subcategory: null,
};
const service = {
  _id: 's-1',
  id: 's-1',
  name: 'Abhyanga Massage',
  category: { _id: 'c-1', name: 'Massage' },
  description: 'Warm herbal oil massage.',
  benefits: ['Relaxation'],
  pricing: [{ _id: 'o-1', duration: '60 min', durationMinutes: 60, price: 2500 }],
  tags: [],
  isActive: true,
  images: [],
};

// An upstream answering like the catalogue's public reads (same shapes, same cache-control), counting
// what reaches it; writes answer 201 like the catalogue's admin writes.
const reached: string[] = [];
let upstream: Server;
let gateway: FastifyInstance;
let downGateway: FastifyInstance;
const redis = connectRedis(testInfra.redisUrl);

function answer(url: URL): unknown {
  const path = url.pathname;
  if (path === '/products/p-1') return product;
  if (path === '/products')
    return url.searchParams.has('page') ? { items: [product], total: 1, page: 1, pageSize: 8 } : [product];
  if (path === '/admin/services') return [service];
  if (path === '/admin/services/s-1') return service;
  if (path === '/admin/categories')
    return [
      {
        _id: 'c-1',
        name: 'Massage',
        description: '',
        order: 1,
        isActive: true,
        assignedEmployeeRole: 'Therapist',
      },
    ];
  if (path === '/admin/rooms') return [];
  if (path === '/product-categories') return [{ _id: 'pc-1', name: 'Skincare' }];
  if (path === '/subcategories') return [];
  return undefined;
}

// The shared cache's clock: a test moves it past the pages' s-maxage instead of waiting that long.
let clockSkewMs = 0;
const now = () => Date.now() + clockSkewMs;

async function makeGateway(catalogueUrl: string) {
  const config = loadGatewayConfig({
    REDIS_URL: testInfra.redisUrl,
    ENABLED_SERVICES: 'catalogue',
    CATALOGUE_URL: catalogueUrl,
    WEB_DIST: webDist,
    APP_URL: 'https://aranya.example/',
  });
  const verifier = createTokenVerifier({ jwks: await testJwks(), isRevoked: revocationCheck(redis) });
  return buildGateway({
    config,
    logger: createLogger('gateway-test', process.env.TEST_LOG ?? 'silent'),
    redis,
    verifier,
    now,
  });
}

beforeAll(async () => {
  if (!existsSync(serverEntryPath(webDist)) || !existsSync(`${webDist}/.vite/manifest.json`))
    execFileSync('npm', ['run', 'build', '-w', '@spa/web'], { cwd: repoRoot, stdio: 'ignore' });
  upstream = createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    if (request.method !== 'GET') return void response.writeHead(201).end();
    const url = new URL(request.url ?? '/', 'http://catalogue');
    const found = answer(url);
    const body = JSON.stringify(found ?? { message: 'Product not found', code: 'NOT_FOUND' });
    response
      .writeHead(found === undefined ? 404 : 200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'public, max-age=0, must-revalidate, s-maxage=1',
        vary: 'Authorization',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  gateway = await makeGateway(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  // Nothing listens on port 9 (discard): the catalogue is down for this one.
  downGateway = await makeGateway('http://127.0.0.1:9');
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await downGateway?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  redis.disconnect();
});

const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD in the page');
  return JSON.parse(match[1]!) as { '@graph': Record<string, unknown>[] };
};
const reachedFor = (line: string) => reached.filter((entry) => entry === line).length;

describe('server-rendered public pages', () => {
  it('carries its stylesheets inline, each allowed by its hash in the CSP, on a miss and on a hit', async () => {
    for (const expected of ['MISS', 'HIT']) {
      const response = await gateway.inject({ method: 'GET', url: '/store?page=1&probe=styles' });
      expect(response.headers['x-cache']).toBe(expected);
      const html = response.body;
      // Nothing in the head makes the first paint wait for another request.
      const blocking = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].filter(
        ([tag]) => !/\sdisabled\b/.test(tag),
      );
      expect(blocking).toEqual([]);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      expect(styles.length).toBeGreaterThanOrEqual(2);
      const csp = String(response.headers['content-security-policy']);
      const styleSrc = /style-src ([^;]*)/.exec(csp)![1]!.split(' ');
      for (const css of styles) {
        const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
        expect(styleSrc).toContain(hash);
      }
      // Only those: no 'unsafe-inline'.
      expect(styleSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(styles.length);
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('renders a product page as HTML with its head, JSON-LD, and the query cache for hydration', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/products/p-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-ssr']).toBe('rendered');
    const html = response.body;
    // The markup is there before any script runs, with the product's name (escaped) in it.
    expect(html).toMatch(/<div id="root"><div class="page-shell">/);
    expect(html).toContain('Kumkumadi Oil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(html).toContain('<link rel="canonical" href="https://aranya.example/products/p-1" />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:image" content="https://aranya.example/uploads/oil.webp" />');
    expect(html).toContain('<meta name="description" content="Saffron face oil for a calm, even glow." />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The app's and the screen's CSS are in the head (inline, with the link the app's loader looks for);
    // no script is preloaded (they start after load).
    expect(html).toMatch(/<\/style><link rel="stylesheet" href="\/assets\/main-[\w-]+\.css" disabled>/);
    expect(html).not.toContain('modulepreload');

    const graph = jsonLd(html)['@graph'];
    const spa = graph.find((node) => node['@type'] === 'DaySpa')!;
    expect(spa).toMatchObject({
      name: 'Aranya Spa & Wellness',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Indore',
        postalCode: '452010',
        addressCountry: 'IN',
      },
      openingHoursSpecification: { opens: '09:00', closes: '21:00' },
    });
    expect(spa.priceRange).toEqual(expect.any(String));
    expect(graph.find((node) => node['@type'] === 'Product')).toMatchObject({
      name: EVIL,
      sku: 'KO-30',
      offers: {
        '@type': 'Offer',
        price: '1299.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
      },
    });

    const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
    const queries = (
      JSON.parse(state![1]!) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
    ).queries.queries;
    expect(
      queries.find((query) => query.queryKey.join('/') === 'catalogue/products/p-1')?.state.data,
    ).toEqual(product);
  });

  it('never lets a name close a script element: the only </script> tags are the page’s own', async () => {
    const html = (await gateway.inject({ method: 'GET', url: '/products/p-1' })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain(EVIL);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(html.match(/<\/script>/g)).toHaveLength(scripts.length);
  });

  it('renders home, store, a service and the booking wizard with their own head and schema.org data', async () => {
    const home = await gateway.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://aranya.example/" />');
    expect(jsonLd(home.body)['@graph'][0]).toMatchObject({
      '@type': 'DaySpa',
      priceRange: '₹2,500 – ₹2,500',
    });

    const store = await gateway.inject({ method: 'GET', url: '/store' });
    expect(store.body).toContain('<title>Store · Aranya Spa &amp; Wellness</title>');
    expect(jsonLd(store.body)['@graph'].filter((node) => node['@type'] === 'Product')).toHaveLength(1);

    const detail = await gateway.inject({ method: 'GET', url: '/service/s-1' });
    expect(detail.body).toContain('Abhyanga Massage');
    expect(detail.body).toContain('<link rel="canonical" href="https://aranya.example/service/s-1" />');
    expect(jsonLd(detail.body)['@graph'].find((node) => node['@type'] === 'Service')).toMatchObject({
      name: 'Abhyanga Massage',
      provider: { '@id': 'https://aranya.example/#business' },
      offers: [{ '@type': 'Offer', price: '2500.00', priceCurrency: 'INR', name: '60 min' }],
    });

    const wizard = await gateway.inject({ method: 'GET', url: '/appointment' });
    expect(wizard.body).toMatch(
      /<\/style><link rel="stylesheet" href="\/assets\/appointment-[\w-]+\.css" disabled>/,
    );
    expect(wizard.body).toContain('<title>Book an appointment · Aranya Spa &amp; Wellness</title>');
    expect(wizard.body).toContain('Abhyanga Massage');
  });

  it('answers a repeated page from the shared cache, compressed once, and forgets it when the catalogue changes', async () => {
    clockSkewMs += 1_050; // the pages earlier tests cached are past their s-maxage=1
    const before = reachedFor('GET /admin/services/s-1');
    const first = await gateway.inject({
      method: 'GET',
      url: '/service/s-1',
      headers: { 'accept-encoding': 'br' },
    });
    const second = await gateway.inject({
      method: 'GET',
      url: '/service/s-1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(second.rawPayload).toString()).toContain('Abhyanga Massage');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(reachedFor('GET /admin/services/s-1')).toBe(before + 1);

    // Query parameters the page does not read share the cached page.
    const tagged = await gateway.inject({ method: 'GET', url: '/service/s-1?utm_source=newsletter' });
    expect(tagged.headers['x-cache']).toBe('HIT');

    // A write through the gateway to the catalogue: the same signal that empties its cached reads.
    const write = await gateway.inject({
      method: 'PUT',
      url: '/api/v1/admin/services/s-1',
      payload: { name: 'x' },
    });
    expect(write.statusCode).toBe(201);
    const after = await gateway.inject({ method: 'GET', url: '/service/s-1' });
    expect(after.headers['x-cache']).toBe('MISS');
    expect(reachedFor('GET /admin/services/s-1')).toBe(before + 2);
  });

  it('sends the plain shell, never a 5xx, when the catalogue is down; a missing product is a 404 shell', async () => {
    for (const url of ['/', '/store', '/products/p-1', '/service/s-1', '/appointment']) {
      const response = await downGateway.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-ssr']).toBe('shell');
      expect(response.body).toContain('<div id="root"></div>');
    }
    // The wizard opened on a chosen treatment starts on a step the browser loads: the shell.
    const preselected = await gateway.inject({ method: 'GET', url: '/appointment?service=s-1' });
    expect(preselected.statusCode).toBe(200);
    expect(preselected.headers['x-ssr']).toBe('shell');
    const missing = await gateway.inject({ method: 'GET', url: '/products/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    // Signed-in screens keep the SPA shell.
    const cart = await gateway.inject({ method: 'GET', url: '/cart' });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('<div id="root"></div>');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists home, store, booking, every product and service under APP_URL', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://aranya.example/',
      'https://aranya.example/store',
      'https://aranya.example/appointment',
      'https://aranya.example/products/p-1',
      'https://aranya.example/service/s-1',
    ]);
    const down = await downGateway.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('allows the public pages, disallows private screens and the API, and points to the sitemap', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/account', '/api/', '/cart', '/bills', '/dashboard'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: https://aranya.example/sitemap.xml');
  });
});
