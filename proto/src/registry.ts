import type { EventDefinition } from './define.js';
import { billingEvents } from './events/billing.js';
import { bookingEvents } from './events/booking.js';
import { catalogueEvents } from './events/catalogue.js';
import { commerceEvents } from './events/commerce.js';
import { identityEvents } from './events/identity.js';
import { testingEvents } from './events/testing.js';

export * from './define.js';

/**
 * The one list of events on the bus. Each producing service keeps its own file in ./events; producers
 * and consumers both take types and topics from here, so they can never disagree.
 */
export const events = {
  ...identityEvents,
  ...catalogueEvents,
  ...billingEvents,
  ...bookingEvents,
  ...commerceEvents,
  ...testingEvents,
} as const;

export type EventName = keyof typeof events;

const byType = new Map<string, EventDefinition>(Object.values(events).map((event) => [event.type, event]));

export function eventByType(type: string): EventDefinition | undefined {
  return byType.get(type);
}
