import type { AppError, AuthUser, Database, Logger, Publish } from '@spa/kit';
import { toLocal } from '@spa/rules';
import type { BookingConfig } from '../config.js';
import type { Actor } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import type { BookingRequest } from '../domain/booking.js';
import type { CommerceClient } from '../integrations/commerce-client.js';

/** Whether the appointments have been checked against booking's events since this process started. */
export interface AppointmentRecovery {
  recovered(): boolean;
  /** Stops retrying (on shutdown). */
  stop(): void;
}

/** The "no room free" answers of the last moments, by the exact request (FullSlotMemo, full-slots.ts). */
export interface FullSlots {
  /** The 409 this exact request got a moment ago, if any. */
  recall(request: BookingRequest): AppError | undefined;
  remember(request: BookingRequest, error: AppError): void;
  /** Something may have freed a room: every answer goes. */
  forget(): void;
}

/** Customers' own bookings judged and written together (BookingBatcher, book-batch.ts). */
export interface Bookings {
  submit(request: BookingRequest, customer: AuthUser): Promise<AppointmentView>;
}

/** What the booking use cases need: the database, the outbox publisher, the rules and commerce. */
export interface BookingContext {
  db: Database;
  publish: Publish;
  config: BookingConfig;
  logger: Logger;
  commerce: CommerceClient;
  /** The current time; tests may pin it. */
  now?: () => Date;
  /** Whether the appointments were checked against booking's events at start (absent: nothing to wait for). */
  recovery?: AppointmentRecovery;
  /** The 409s "no room free" of the last moments (full-slots.ts); absent: every request asks the database. */
  fullSlots?: FullSlots;
  /** Customers' own bookings, judged and written in batches (book-batch.ts); absent: one by one. */
  bookings?: Bookings;
}

export const nowOf = (context: BookingContext) => (context.now ? context.now() : new Date());

/** Today's local day number (toLocal's `day`) in the business's zone. */
export const todayOf = (context: BookingContext) =>
  toLocal(nowOf(context).getTime(), context.config.rules.timeZone).day;

export const actorOf = (user: AuthUser): Actor => ({ id: user.id, name: user.name, role: user.role });
