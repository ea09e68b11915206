import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedResponseCache } from '../shared-cache.js';
import { ssrPages, type SsrOptions } from '../ssr.js';

export interface WebAppOptions {
  config: SsrOptions['config'];
  /** The server-rendered pages are kept here, beside the API's shareable answers. */
  cache: SharedResponseCache;
}

/**
 * The React app: the public pages, the sitemap and robots.txt server-rendered (ssr.ts), the built
 * files from WEB_DIST, and the app's shell for any other page path (its router shows the page).
 */
export async function webApp(app: FastifyInstance, { config, cache }: WebAppOptions) {
  await app.register(ssrPages, { config, cache });
  const webDist = config.webDist;
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'the web app is not built: run npm run build');
    app.get('/*', async (_request, reply) =>
      reply
        .code(404)
        .send({ message: 'The web app is not built yet. Run npm run build.', code: 'NOT_FOUND' }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies beside each text asset (web/vite.config.ts): they are sent
    // by Accept-Encoding, with Vary: Accept-Encoding, without compressing anything per request.
    preCompressed: true,
    // Vite puts a content hash in every asset name, so assets can be cached for a year.
    setHeaders: (response, path) => {
      response.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Whichever copy went out, a cache must key it on Accept-Encoding.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  // History fallback: any other page path serves the app, whose router shows the page or goes to /
  // (the public pages, / among them, are server-rendered: ssr.ts). Other methods on unknown paths
  // fall through to the kit's JSON 404.
  app.get('/*', async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
