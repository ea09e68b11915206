import { createApp, type ServiceDeps } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { BookingConfig } from './config.js';
import { appointmentsRoutes } from './http/appointments.routes.js';
import { specialDaysRoutes } from './http/special-days.routes.js';
import { workingTimeRoutes } from './http/working-time.routes.js';
import { calendarRoutes } from './http/calendar.routes.js';
import { internalCallers, internalRoutes } from './http/internal.routes.js';
import { myDataRoutes } from './http/my-data.routes.js';
import { waitlistRoutes } from './http/waitlist.routes.js';
import { createCommerceClient, type CommerceClient } from './integrations/commerce-client.js';
import type { AppointmentRecovery, BookingContext } from './use-cases/context.js';
import { FullSlotMemo, publishAndForgetFullSlots } from './use-cases/full-slots.js';
import { BookingBatcher, bookBatch } from './use-cases/book-batch.js';
import { startAppointmentRecovery } from './use-cases/recover-appointments.js';

export interface BookingDeps extends ServiceDeps {
  config: BookingConfig;
  /** Commerce's payment API; built from the config when not given. */
  commerce?: CommerceClient;
  now?: () => Date;
  /** The appointment recovery run at start (use-cases/recover-appointments.ts); absent in some tests. */
  appointmentRecovery?: AppointmentRecovery;
}

function commerceClientFor(deps: BookingDeps): CommerceClient {
  return (
    deps.commerce ??
    createCommerceClient({
      baseUrl: deps.config.commerceUrl,
      timeoutMs: deps.config.commerceTimeoutMs,
      logger: deps.logger,
      serviceAuth: deps.serviceAuth,
    })
  );
}

/**
 * Booking's process context (runService's `context`, built before the relay, the consumers and the
 * app start): first the appointments a database restored from a backup forgot are written back from
 * booking's own events (use-cases/recover-appointments.ts; until that succeeds, slots are not taken),
 * then the deps with one commerce client, built once.
 */
export async function bookingServiceContext(
  deps: BookingDeps,
): Promise<BookingDeps & { commerce: CommerceClient; appointmentRecovery: AppointmentRecovery }> {
  const appointmentRecovery = await startAppointmentRecovery(deps);
  return { ...deps, appointmentRecovery, commerce: commerceClientFor(deps) };
}

/** Closes what booking's context owns (on shutdown). */
export function closeBookingServiceContext(deps: BookingDeps): void {
  deps.appointmentRecovery?.stop();
}

/**
 * The "no room free" memo (use-cases/full-slots.ts), one per database handle: the app's context and the
 * workers' (main.ts) are built apart from the same deps, and what the workers' consumers learn (a room
 * added) must reach the routes' memo.
 */
const fullSlotMemos = new WeakMap<object, FullSlotMemo>();

function fullSlotMemoOf(deps: BookingDeps): FullSlotMemo {
  let memo = fullSlotMemos.get(deps.db);
  if (!memo) {
    memo = new FullSlotMemo(deps.config.fullSlotMemoMs);
    fullSlotMemos.set(deps.db, memo);
  }
  return memo;
}

/** What booking's use-cases are handed. */
export function bookingContext(deps: BookingDeps): BookingContext {
  const fullSlots = fullSlotMemoOf(deps);
  const context: BookingContext = {
    db: deps.db,
    // What booking announces may free a room: the "no room free" answers remembered go.
    publish: publishAndForgetFullSlots(deps.publish, fullSlots),
    fullSlots,
    config: deps.config,
    logger: deps.logger,
    commerce: commerceClientFor(deps),
    now: deps.now,
    recovery: deps.appointmentRecovery,
  };
  context.bookings = new BookingBatcher((batch) => bookBatch(context, batch), undefined, fullSlots);
  return context;
}

export async function buildApp(deps: BookingDeps): Promise<FastifyInstance> {
  const app = await createApp({
    name: 'booking',
    // No write of this service revokes a token (see AppOptions.writesMayRevokeTokens).
    writesMayRevokeTokens: false,
    description:
      'Appointments: availability, automatic room and employee assignment, status, payment status and completion',
    logger: deps.logger,
    readiness: deps.readiness,
    verifier: deps.verifier,
    serviceAuth: deps.serviceAuth,
    internalCallers,
    openapiTags: [
      { name: 'appointments', description: 'Customers book and see their own; admins manage all' },
    ],
  });
  const context = bookingContext(deps);
  await app.register((scope) => myDataRoutes(scope, context));
  await app.register((scope) => appointmentsRoutes(scope, context));
  await app.register((scope) => specialDaysRoutes(scope, context));
  await app.register((scope) => workingTimeRoutes(scope, context));
  await app.register((scope) => calendarRoutes(scope, context, deps.database.url));
  await app.register((scope) => waitlistRoutes(scope, context));
  await app.register((scope) => internalRoutes(scope, context));
  return app;
}
