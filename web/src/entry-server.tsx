/**
 * The server render of the public pages: the gateway (gateway/src/ssr.ts) calls render()
 * for home, /store, /products/:id, /service/:id and /appointment. Each page is rendered as a visitor
 * sees it, the catalogue reads it asks for fetched and rendered again with them, and the query cache
 * left in the page (dehydrated) so the browser hydrates the same markup without asking again.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/app';
import { PUBLIC_PAGE_MODULES } from './app/public-pages';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { pageMeta, renderHead, type SeoData, type SeoPage } from './app/seo';
import { jsonForScript, SSR_STATE_ID, type SsrState } from './app/ssr-state';
import { catalogueKeys } from './features/catalogue/catalogue.api';
import type { Product, ProductPage, Service } from './features/catalogue/types';
import { isApiError, setApiFetch } from './lib/api';

export { setApiFetch };

/** Vite's build manifest (build.manifest): source module → emitted chunk, its CSS and imports. */
export type Manifest = Record<
  string,
  {
    file: string;
    name?: string;
    css?: string[];
    imports?: string[];
    isEntry?: boolean;
    isDynamicEntry?: boolean;
  }
>;

/** The pages rendered here, by their route path, and the module of each screen (for its preloads). */
const PAGES: Record<string, { page: SeoPage; module: string }> = {
  '': { page: 'home', module: PUBLIC_PAGE_MODULES.home },
  store: { page: 'store', module: PUBLIC_PAGE_MODULES.store },
  'products/:id': { page: 'product', module: PUBLIC_PAGE_MODULES.product },
  'service/:id': { page: 'service', module: PUBLIC_PAGE_MODULES.service },
  appointment: { page: 'appointment', module: PUBLIC_PAGE_MODULES.appointment },
};

export type RenderOutcome =
  | { kind: 'page'; status: 200; head: string; html: string; state: string }
  /** Not a server-rendered page: the plain shell serves it. */
  | { kind: 'shell'; status: 200 | 404 }
  /** A catalogue read failed (down, timed out, 5xx): the caller falls back to the plain shell. */
  | { kind: 'unavailable'; reason: string };

export interface RenderOptions {
  /** The public origin (APP_URL) for canonical links, og:url and JSON-LD. */
  appUrl: string;
  manifest?: Manifest;
}

/** At most this many render-then-fetch rounds (a page whose reads depend on earlier reads). */
const MAX_ROUNDS = 3;

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/** Renders until no enabled query is left unfetched; answers the last markup. */
async function renderWithData(client: QueryClient, renderOnce: () => string): Promise<string> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const html = renderOnce();
    const wanted = client
      .getQueryCache()
      .findAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle')
      .filter(enabled);
    if (wanted.length === 0) return html;
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
  }
  return renderOnce();
}

/**
 * The stylesheets of the app (main.tsx's chunk) and of the screen, for the page's <head>: the page
 * paints from them and its HTML. Scripts are not preloaded: they start after the page has loaded
 * (boot.ts), so they do not compete with what paints.
 */
function stylesheets(manifest: Manifest | undefined, module: string): string[] {
  if (!manifest) return [];
  // A screen whose chunk also holds code its lazy parts share is listed under its chunk's name.
  const byName = (candidate: string) => {
    const name = candidate.replace(/^.*\//, '').replace(/\.tsx?$/, '');
    return candidate in manifest
      ? candidate
      : Object.keys(manifest).find((key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === name);
  };
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string | undefined) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(byName('src/main.tsx'));
  visit(byName(module));
  // index.html links the first script's stylesheets itself. Its chunk is the manifest's entry, or the
  // chunk named `index` where the build groups the first script's modules (vite.config.ts).
  const entryCss = new Set(
    Object.values(manifest).flatMap((chunk) =>
      chunk.isEntry || chunk.name === 'index' ? (chunk.css ?? []) : [],
    ),
  );
  return [...styles]
    .filter((file) => !entryCss.has(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`);
}

function seoData(client: QueryClient, page: SeoPage, id: string | undefined): SeoData {
  const services = client.getQueryData<Service[]>(catalogueKeys.services());
  const pages = client.getQueriesData<ProductPage>({ queryKey: [...catalogueKeys.products(), 'page'] });
  return {
    services,
    products: pages.flatMap(([, data]) => data?.items ?? []),
    product: page === 'product' && id ? client.getQueryData<Product>(catalogueKeys.product(id)) : undefined,
    service: page === 'service' && id ? client.getQueryData<Service>(catalogueKeys.service(id)) : undefined,
  };
}

/** React hoists <title> from PageTitle; the head this render builds carries the page's title. */
const stripHoistedTitle = (html: string) => html.replace(/<title>[^<]*<\/title>/g, '');

export async function render(url: string, options: RenderOptions): Promise<RenderOutcome> {
  const handler = createStaticHandler(routes);
  const origin = new URL(options.appUrl).origin;
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) return { kind: 'shell', status: 200 };
  const leaf = context.matches[context.matches.length - 1];
  const page = PAGES[leaf?.route.index ? '' : (leaf?.route.path ?? '*')];
  if (!page || context.statusCode !== 200) return { kind: 'shell', status: 200 };

  const client = createQueryClient();
  // One try: a visitor should not wait on retries; a failed read falls back to the plain shell.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderWithData(client, () =>
    renderToString(
      <StrictMode>
        <App queryClient={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </StrictMode>,
    ),
  );

  const failed = client
    .getQueryCache()
    .findAll()
    .map((query) => query.state.error)
    .filter((error) => error !== null);
  if (failed.length > 0) {
    // An unknown or malformed id: the catalogue's 404 or 400. Anything else means it is unwell.
    const notFound = failed.every((error) => isApiError(error) && error.status >= 400 && error.status < 500);
    if (notFound) return { kind: 'shell', status: 404 };
    const first = failed[0];
    return { kind: 'unavailable', reason: first instanceof Error ? first.message : String(first) };
  }

  const id = leaf?.params.id;
  const path = new URL(url, origin);
  // The canonical page: the store's filters and pages are the same page; others have no query.
  const meta = pageMeta(page.page, path.pathname, options.appUrl, seoData(client, page.page, id));
  const state: SsrState = { queries: dehydrate(client) };
  return {
    kind: 'page',
    status: 200,
    head: [renderHead(meta, options.appUrl), ...stylesheets(options.manifest, page.module)].join('\n    '),
    html: stripHoistedTitle(html),
    state: `<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(state)}</script>`,
  };
}
