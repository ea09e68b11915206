import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { mergeOpenApi } from '../openapi.js';

export interface ApiDocsOptions {
  config: Pick<GatewayConfig, 'enabledServices' | 'upstreams'>;
}

/** How long the merged document is kept before the services are asked for theirs again. */
export const DOCS_REFRESH_MS = 30_000;

/**
 * The public API's documentation: /api/openapi.json, every enabled service's public paths in one
 * OpenAPI document (openapi.ts), and the docs page at /api/docs that shows it.
 */
export async function apiDocs(app: FastifyInstance, { config }: ApiDocsOptions) {
  // One object for the life of the process: @fastify/swagger (static mode) hands this same object to
  // the docs page, and each refresh rewrites its contents in place.
  const merged: Record<string, unknown> = { ...mergeOpenApi({}) };
  let fetchedAt = 0;
  const refresh = async () => {
    if (Date.now() - fetchedAt < DOCS_REFRESH_MS) return merged;
    const documents = await Promise.all(
      config.enabledServices.map(async (service) => {
        try {
          const response = await fetch(`${config.upstreams[service]}/openapi.json`, {
            signal: AbortSignal.timeout(2_000),
          });
          return response.ok ? ([service, await response.json()] as const) : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    const fresh = mergeOpenApi(Object.fromEntries(documents.filter((entry) => entry !== undefined)));
    for (const key of Object.keys(merged)) delete merged[key];
    Object.assign(merged, fresh);
    fetchedAt = Date.now();
    return merged;
  };
  app.get('/api/openapi.json', async () => refresh());
  await app.register(
    async (docs) => {
      await docs.register(swagger, { mode: 'static', specification: { document: merged as never } });
      docs.addHook('onRequest', async () => void (await refresh()));
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        uiConfig: { docExpansion: 'list', deepLinking: true },
      });
    },
    { name: 'docs' },
  );
}
