import { API_PREFIX, ROUTES, type ServiceName } from './routing.js';

interface OpenApiDocument {
  openapi?: string;
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string }[];
}

const ownsPath = (service: ServiceName, path: string) =>
  ROUTES.some(
    (route) => route.service === service && (path === route.prefix || path.startsWith(`${route.prefix}/`)),
  );

/**
 * One OpenAPI document for the public API: each service's public paths under /api/v1, tagged with
 * the service's name. Paths a service serves but the gateway does not route stay out.
 */
export function mergeOpenApi(documents: Partial<Record<ServiceName, OpenApiDocument>>): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  for (const [service, document] of Object.entries(documents) as [ServiceName, OpenApiDocument][]) {
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      if (!ownsPath(service, path)) continue;
      paths[`${API_PREFIX}${path}`] = Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          {
            ...(operation as object),
            tags: [
              service,
              ...((operation as { tags?: string[] }).tags ?? []).filter((tag) => tag !== service),
            ],
          },
        ]),
      );
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
      schemas[`${service}.${name}`] = schema;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Spa platform API',
      version: '1.0.0',
      description: 'Public API of the spa platform. Every error answers `{ message, code, details? }`.',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    tags: Object.keys(documents).map((name) => ({ name })),
  };
}
