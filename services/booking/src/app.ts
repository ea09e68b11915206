import { createApp, type Publish, type ServiceDeps } from '@spa/kit';
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
import type { BookingContext } from './use-cases/context.js';
import { FullSlotMemo } from './use-cases/full-slots.js';
import { BookingBatcher, bookBatch } from './use-cases/book-batch.js';
import { bookingEvents } from './events/publishes.js';
import { startAppointmentRecovery, type AppointmentRecovery } from './use-cases/recover-appointments.js';

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

/** Booking's events after which every room free before is still free (anything else forgets the memo). */
const FREES_NO_ROOM = new Set<string>(
  [
    bookingEvents.booked,
    bookingEvents.employeeAssigned,
    bookingEvents.waitlistJoined,
    bookingEvents.waitlistOffered,
    bookingEvents.waitlistLeft,
    bookingEvents.timeOffRequested,
  ].map((event) => event.type),
);

/** One memo per database handle: the app's context and the workers' (main.ts) share it. */
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
  const forgetUnlessBooked = (eventType: string) => {
    if (!FREES_NO_ROOM.has(eventType)) fullSlots.forget();
  };
  const send: (...args: Parameters<Publish>) => ReturnType<Publish> = (tx, event, aggregateId, payload) => {
    forgetUnlessBooked(event.type);
    return deps.publish(tx, event, aggregateId, payload);
  };
  const row: Publish['row'] = (event, aggregateId, payload) => {
    forgetUnlessBooked(event.type);
    return deps.publish.row(event, aggregateId, payload);
  };
  const context: BookingContext = {
    db: deps.db,
    // What booking announces may free a room (a cancellation, a move, a status, a closure lifted): the
    // "no room free" answers remembered go (use-cases/full-slots.ts). A new booking never frees one.
    publish: Object.assign(send, { row }),
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
