import { createBaseApp, createLogger } from '@spa/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiDocs, DOCS_REFRESH_MS } from './api-docs.js';
import { securityHeaders } from './security-headers.js';

// The services' documents, as their /openapi.json would answer (fetch is stubbed: no network here).
const asked: string[] = [];
/** What a service's /openapi.json answers; a host that resolves nowhere fails as fetch does. */
function answerFor(url: string): Response {
  if (url.startsWith('http://catalogue'))
    return Response.json({
      paths: {
        '/products': { get: { summary: 'The store', tags: ['products'] } },
        '/internal/stats': { get: { summary: 'Not routed by the gateway' } },
      },
      components: { schemas: { Product: { type: 'object' } } },
    });
  if (url.startsWith('http://commerce')) return new Response('down', { status: 503 });
  throw new TypeError('fetch failed');
}
const fetchStub = vi.fn((input: string | URL | Request) => {
  const url = input instanceof Request ? input.url : String(input);
  asked.push(url);
  return Promise.resolve().then(() => answerFor(url));
});

/** The parts of the merged document these tests read. */
interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[] }>>;
  components: { schemas: Record<string, unknown> };
  tags: { name: string }[];
}

const app = createBaseApp({ logger: createLogger('api-docs-spec', 'silent') });
let now = 1_000_000;

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchStub);
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  await app.register(securityHeaders, {
    config: { csp: { scriptSrc: [], frameSrc: [], connectSrc: [], styleSrc: [] } },
  });
  await app.register(apiDocs, {
    config: {
      enabledServices: ['catalogue', 'commerce', 'booking'],
      upstreams: {
        identity: 'http://identity',
        catalogue: 'http://catalogue',
        booking: 'http://booking',
        commerce: 'http://commerce',
        billing: 'http://billing',
        notification: 'http://notification',
      },
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the API docs plugin', () => {
  it('merges the routed paths of the services that answered; one that did not is left out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(Object.keys(document.paths)).toEqual(['/api/v1/products']);
    expect(document.paths['/api/v1/products']!.get!.tags).toEqual(['catalogue', 'products']);
    expect(Object.keys(document.components.schemas)).toEqual(['catalogue.Product']);
    expect(document.tags).toEqual([{ name: 'catalogue' }]);
    expect(asked.sort()).toEqual([
      'http://booking/openapi.json',
      'http://catalogue/openapi.json',
      'http://commerce/openapi.json',
    ]);
  });

  it('asks the services again only once the merged document is older than the refresh period', async () => {
    asked.length = 0;
    now += DOCS_REFRESH_MS - 1;
    await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(asked).toEqual([]);
    now += 1;
    await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(asked).toHaveLength(3);
  });

  it("serves the docs page the same document, under swagger-ui's own policy rather than the SPA's", async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(json.json<OpenApiDocument>().paths)).toEqual(['/api/v1/products']);
    const page = await app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    const followed = await app.inject({ method: 'GET', url: page.headers.location ?? '/api/docs' });
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toContain('text/html');
    const policy = followed.headers['content-security-policy'];
    expect(policy).toContain('validator.swagger.io');
    expect(policy).not.toContain("frame-ancestors 'none'");
  });
});
