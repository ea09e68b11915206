import multipart from '@fastify/multipart';
import { badRequest, createApp, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { CatalogueConfig } from './config.js';
import { categoriesRoutes } from './http/categories.routes.js';
import { favoritesRoutes } from './http/favorites.routes.js';
import { productTaxonomyRoutes } from './http/product-taxonomy.routes.js';
import { productsRoutes } from './http/products.routes.js';
import { reviewsRoutes } from './http/reviews.routes.js';
import { ReadCache } from './http/read-cache.js';
import { internalStatsRoutes } from './http/internal-stats.routes.js';
import { reservationCallers, reservationsRoutes } from './http/reservations.routes.js';
import { roomsRoutes } from './http/rooms.routes.js';
import type { RouteDeps } from './http/route-deps.js';
import { servicesRoutes } from './http/services.routes.js';
import { uploadRoutes } from './http/upload.routes.js';
import { containsNul } from './domain/text.js';
import { createBookingClient } from './integrations/booking-client.js';
import { ImageStore } from './integrations/image-store.js';

/** Who may call each internal route (the kit's guard refuses everyone else with 401). */
export const internalCallers = { ...reservationCallers, '/internal/stats': ['gateway'] } as const;

export type CatalogueDeps = ServiceDeps & {
  config: CatalogueConfig;
  /** The current time; tests may move it (a review's 30-day edit window). */
  now?: () => Date;
};

export async function buildApp(deps: CatalogueDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = await createApp({
    name: 'catalogue',
    // No write of this service revokes a token (see AppOptions.writesMayRevokeTokens).
    writesMayRevokeTokens: false,
    description:
      'Treatments and their categories, rooms, the retail catalogue, images, favorites and verified reviews. Public reads need no token; writes need an admin (a review needs its author).',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
    serviceAuth: deps.serviceAuth,
    internalCallers,
    openapiTags: [
      { name: 'services', description: 'Treatments with their pricing options' },
      { name: 'categories', description: 'Treatment categories and the employee role assigned to each' },
      { name: 'rooms', description: 'Treatment rooms; the price follows from capacity and type' },
      { name: 'products', description: 'The retail catalogue' },
      { name: 'product-categories' },
      { name: 'subcategories' },
      { name: 'upload', description: 'Images for treatments and products' },
      { name: 'favorites', description: "A signed-in user's favorite treatments" },
      {
        name: 'reviews',
        description:
          'Verified reviews: a customer rates a completed treatment or a delivered product; everyone reads the published ones',
      },
      { name: 'review moderation', description: 'Admins hide, publish again and reply to reviews' },
    ],
  });

  const database = new URL(config.databaseUrl);
  const cache = new ReadCache(
    deps.redis,
    config.readCacheSeconds,
    deps.logger,
    `${database.host}${database.pathname}`,
  );
  const routeDeps: RouteDeps = {
    context: { db: deps.db, publish: deps.publish },
    cache,
    images: new ImageStore(config.uploadDir, config.uploadOriginalsDir),
    config,
    booking: createBookingClient({
      baseUrl: config.bookingUrl,
      timeoutMs: config.bookingTimeoutMs,
      serviceAuth: deps.serviceAuth,
    }),
    now: deps.now ?? (() => new Date()),
  };

  app.addHook('onClose', (_instance, done) => {
    cache.close();
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params))
      throw badRequest('Text may not contain NUL characters');
    done();
  });

  // A write is visible to the next read: its cache groups move on before the answer leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    const groups = request.routeOptions.config.invalidates;
    if (groups && reply.statusCode < 400) await cache.invalidate(groups);
    return payload;
  });

  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1 },
    throwFileSizeLimit: true,
  });
  for (const routes of [
    categoriesRoutes,
    servicesRoutes,
    roomsRoutes,
    productsRoutes,
    productTaxonomyRoutes,
    favoritesRoutes,
    reviewsRoutes,
    uploadRoutes,
    reservationsRoutes,
    internalStatsRoutes,
  ]) {
    await app.register(routes, routeDeps);
  }
  return app;
}
