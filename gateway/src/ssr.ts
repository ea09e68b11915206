import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encode, preferredEncoding, type Encoding } from './compression.js';
import type { GatewayConfig } from './config.js';
import { inlineStylesheets, loadStylesheets } from './inline-styles.js';
import { API_PREFIX, resolveService } from './routing.js';
import { contentSecurityPolicy } from './security.js';
import { encodedBody, sharedLifetimeMs, type SharedResponseCache } from './shared-cache.js';

/**
 * Pages that arrive as HTML: home, /store, /products/:id, /service/:id and /appointment
 * are rendered here by the web app's server entry (web/src/entry-server.tsx, built into
 * web/dist-ssr), from the catalogue's public reads fetched from the same upstream /api/v1 proxies to.
 * A rendered page is kept in the gateway's shared cache as long as the reads it was made from allow
 * (their s-maxage), compressed once per encoding, and forgotten with the catalogue's cached reads
 * whenever a write goes through to the catalogue (plugins/shared-cache.ts's onResponse hook). If the catalogue cannot
 * answer, or the server entry is missing, the page is the plain SPA shell: never a 5xx.
 * Also /sitemap.xml (home, store, booking, every product and active service) and /robots.txt.
 */

/** The server entry's interface (web/src/entry-server.tsx), as far as the gateway uses it. */
interface ServerEntry {
  setApiFetch(fetchImpl: typeof fetch): void;
  render(
    url: string,
    options: { appUrl: string; manifest?: unknown },
  ): Promise<
    | { kind: 'page'; status: 200; head: string; html: string; state: string }
    | { kind: 'shell'; status: 200 | 404 }
    | { kind: 'unavailable'; reason: string }
  >;
}

export interface SsrOptions {
  config: Pick<
    GatewayConfig,
    'appUrl' | 'csp' | 'enabledServices' | 'upstreams' | 'upstreamTimeoutMs' | 'webDist'
  >;
  cache: SharedResponseCache;
}

const SSR_PAGES = ['/', '/store', '/products/:id', '/service/:id', '/appointment'] as const;

/** The cache owner of every rendered page: the catalogue's writes forget them. */
const OWNER = 'catalogue';
const HTML = 'text/html; charset=utf-8';

/** The store's filters (web/src/features/store/store-filters.ts); other query parameters change nothing. */
const STORE_PARAMS = ['category', 'subcategory', 'page'];

/**
 * The address a page is rendered (and cached) under, or undefined for the plain shell. Query
 * parameters a page does not read (utm_*, anything made up) are dropped, so they can neither change
 * the page nor fill the cache with copies of it. A wizard opened with a treatment chosen
 * (?service=…) starts on a later step that is loaded on demand: the browser renders that one.
 */
export function renderTarget(url: string): string | undefined {
  const { pathname, searchParams } = new URL(url, 'http://gateway');
  if (pathname === '/appointment' && (searchParams.has('service') || searchParams.has('option')))
    return undefined;
  if (pathname !== '/store') return pathname;
  const kept = new URLSearchParams();
  for (const name of STORE_PARAMS) {
    const value = searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Where the server entry is built, beside the client build (web/dist → web/dist-ssr). */
export function serverEntryPath(webDist: string): string {
  return join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/** The shell with the rendered page's head and markup in place of the defaults. */
export function fillTemplate(template: string, page: { head: string; html: string; state: string }): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
    .replace('</head>', `  ${page.head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>\n    ${page.state}`);
}

/** Leading resource hints React emitted before the markup (an LCP image's preload) go to <head>. */
export function hoistHints(html: string): { hints: string; html: string } {
  const match = /^\s*((?:<link [^>]*>)+)/.exec(html);
  return match ? { hints: match[1]!, html: html.slice(match[0].length) } : { hints: '', html };
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(appUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${xmlEscape(`${appUrl}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Signed-in, staff and admin screens and the API are of no use to a crawler. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/account',
  '/dashboard',
  '/cart',
  '/createorder',
  '/orders',
  '/order/',
  '/my-appointments',
  '/address-management',
  '/favorites',
  '/settings',
  '/reviews',
  '/bills',
  '/counter',
  '/bill/',
  '/auth/',
  '/login',
  '/unauthorized',
];

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Who a render's reads go to, and the cache-control of each read it made (so the page lives no longer
 * than they do). Per render, not per module: the server entry is one module however many gateways
 * a process builds (the tests build several).
 */
interface RenderContext {
  catalogue: string | undefined;
  timeoutMs: number;
  reads: string[];
}
const renderContext = new AsyncLocalStorage<RenderContext>();

/** The fetch the server entry's API client uses: catalogue public reads only, straight upstream. */
const serverFetch: typeof fetch = async (input, init) => {
  const context = renderContext.getStore();
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://gateway');
  const path = url.pathname.slice(API_PREFIX.length);
  if (
    !context?.catalogue ||
    !url.pathname.startsWith(`${API_PREFIX}/`) ||
    resolveService(path) !== 'catalogue'
  )
    throw new Error(`the server render reads only the catalogue, not ${url.pathname}`);
  const response = await fetch(`${context.catalogue.replace(/\/+$/, '')}${path}${url.search}`, {
    method: 'GET',
    headers: { accept: 'application/json' },
    signal: init?.signal ?? AbortSignal.timeout(context.timeoutMs),
  });
  context.reads.push(response.headers.get('cache-control') ?? '');
  return response;
};

export async function ssrPages(app: FastifyInstance, { config, cache }: SsrOptions): Promise<void> {
  const appUrl = config.appUrl;
  const catalogue = config.enabledServices.includes('catalogue') ? config.upstreams.catalogue : undefined;
  const templatePath = join(config.webDist, 'index.html');
  const template = existsSync(templatePath) ? await readFile(templatePath, 'utf8') : undefined;
  const shellEncoded: Partial<Record<Encoding, Buffer>> = {};
  // A rendered page carries its stylesheets (inline-styles.ts) and a CSP that allows exactly them.
  const stylesheets = loadStylesheets(config.webDist);

  const catalogueFetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    renderContext.run({ catalogue, timeoutMs: config.upstreamTimeoutMs, reads: [] }, () =>
      serverFetch(input, init),
    );

  let entry: ServerEntry | undefined;
  let manifest: unknown;
  const entryPath = serverEntryPath(config.webDist);
  if (template && catalogue && existsSync(entryPath)) {
    try {
      entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
      entry.setApiFetch(serverFetch);
      const manifestPath = join(config.webDist, '.vite', 'manifest.json');
      if (existsSync(manifestPath)) manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    } catch (error) {
      app.log.error({ err: error, entryPath }, 'could not load the server render; pages are the plain shell');
      entry = undefined;
    }
  } else if (template) {
    app.log.warn(
      { entryPath },
      'no server render (web/dist-ssr or the catalogue missing): pages are the plain shell',
    );
  }

  const sendBody = (
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer,
    encodedFor: (encoding: Encoding) => Buffer,
  ) => {
    reply.header('vary', 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(encodedFor(encoding));
  };

  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!template)
      return reply
        .code(404)
        .send({ message: 'The web app is not built yet. Run npm run build.', code: 'NOT_FOUND' });
    const body = Buffer.from(template);
    reply.code(status).type(HTML).header('cache-control', 'no-cache').header('x-ssr', 'shell');
    return sendBody(request, reply, body, (encoding) => (shellEncoded[encoding] ??= encode(body, encoding)));
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = renderTarget(request.url);
    if (!entry || !template || !target) return sendShell(request, reply, 200);
    const key = `ssr:${target}`;
    let cached = cache.get(key);
    reply.header('x-cache', cached ? 'HIT' : 'MISS');
    if (!cached) {
      const made: string[] = [];
      let outcome: Awaited<ReturnType<ServerEntry['render']>>;
      try {
        outcome = await renderContext.run(
          { catalogue, timeoutMs: config.upstreamTimeoutMs, reads: made },
          () => entry.render(target, { appUrl, manifest }),
        );
      } catch (error) {
        request.log.error({ err: error, url: target }, 'the server render failed; sent the plain shell');
        return sendShell(request, reply, 200);
      }
      if (outcome.kind === 'unavailable') {
        request.log.warn(
          { reason: outcome.reason, url: request.url },
          'catalogue unavailable; sent the plain shell',
        );
        return sendShell(request, reply, 200);
      }
      if (outcome.kind === 'shell') return sendShell(request, reply, outcome.status);
      const { hints, html } = hoistHints(outcome.html);
      const page = inlineStylesheets(
        fillTemplate(template, { ...outcome, head: `${outcome.head}\n    ${hints}`, html }),
        stylesheets,
      );
      const body = Buffer.from(page.html);
      const csp = contentSecurityPolicy(config.csp, page.styleSources);
      const lifetimes = made.map(sharedLifetimeMs);
      const seconds = lifetimes.length ? Math.floor(Math.min(...lifetimes) / 1000) : 0;
      const stored =
        seconds > 0 &&
        cache.store(
          key,
          {
            'content-type': HTML,
            'cache-control': `public, s-maxage=${seconds}`,
            'content-security-policy': csp,
          },
          body,
          OWNER,
        );
      cached = stored ? cache.get(key) : undefined;
      if (!cached) {
        reply.code(200).type(HTML).header('cache-control', 'no-cache').header('x-ssr', 'rendered');
        reply.header('content-security-policy', csp);
        return sendBody(request, reply, body, (encoding) => encode(body, encoding));
      }
    }
    const hit = cached;
    // Browsers revalidate (the page changes with the catalogue); the gateway keeps it for its s-maxage.
    reply.code(200).type(HTML).header('cache-control', 'no-cache').header('x-ssr', 'rendered');
    const pageCsp = hit.headers['content-security-policy'];
    if (pageCsp) reply.header('content-security-policy', pageCsp);
    return sendBody(request, reply, hit.body, (encoding) => encodedBody(hit, encoding));
  };
  for (const path of SSR_PAGES) app.get(path, page);

  const catalogueList = async (path: string) => {
    const response = await catalogueFetch(`${API_PREFIX}${path}`);
    if (!response.ok) throw new Error(`catalogue ${path}: ${response.status}`);
    return {
      list: (await response.json()) as { _id?: string; id?: string }[],
      cacheControl: response.headers.get('cache-control'),
    };
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const key = 'ssr:/sitemap.xml';
    let cached = cache.get(key);
    reply.header('x-cache', cached ? 'HIT' : 'MISS');
    if (!cached) {
      let products, services;
      try {
        [products, services] = await Promise.all([
          catalogueList('/products'),
          catalogueList('/admin/services'),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'sitemap: catalogue unavailable');
        return reply.code(503).header('retry-after', '60').send({
          message: 'The catalogue is not reachable right now. Please try again shortly.',
          code: 'UPSTREAM_UNAVAILABLE',
        });
      }
      const idOf = (item: { _id?: string; id?: string }) => encodeURIComponent(String(item._id ?? item.id));
      const body = Buffer.from(
        sitemapXml(appUrl, [
          '/',
          '/store',
          '/appointment',
          ...products.list.map((product) => `/products/${idOf(product)}`),
          ...services.list.map((service) => `/service/${idOf(service)}`),
        ]),
      );
      const seconds = Math.floor(
        Math.min(sharedLifetimeMs(products.cacheControl), sharedLifetimeMs(services.cacheControl)) / 1000,
      );
      const headers = {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': `public, s-maxage=${seconds}`,
      };
      cached = seconds > 0 && cache.store(key, headers, body, OWNER) ? cache.get(key) : undefined;
      if (!cached) {
        reply.type(headers['content-type']).header('cache-control', 'no-cache');
        return sendBody(request, reply, body, (encoding) => encode(body, encoding));
      }
    }
    const hit = cached;
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
    return sendBody(request, reply, hit.body, (encoding) => encodedBody(hit, encoding));
  });

  const robots = robotsTxt(appUrl);
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
