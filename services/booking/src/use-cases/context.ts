import type { AuthUser, Database, Logger, Publish } from '@spa/kit';
import { toLocal } from '@spa/rules';
import type { BookingConfig } from '../config.js';
import type { Actor } from '../domain/appointment.js';
import type { CommerceClient } from '../integrations/commerce-client.js';
import type { BookingBatcher } from './book-batch.js';
import type { FullSlotMemo } from './full-slots.js';
import type { AppointmentRecovery } from './recover-appointments.js';

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
  fullSlots?: FullSlotMemo;
  /** Customers' own bookings, judged and written in batches (book-batch.ts); absent: one by one. */
  bookings?: BookingBatcher;
}

export const nowOf = (context: BookingContext) => (context.now ? context.now() : new Date());

/** Today's local day number (toLocal's `day`) in the business's zone. */
export const todayOf = (context: BookingContext) =>
  toLocal(nowOf(context).getTime(), context.config.rules.timeZone).day;

export const actorOf = (user: AuthUser): Actor => ({ id: user.id, name: user.name, role: user.role });
