import {
  startReadModelConsumer as startKitReadModelConsumer,
  type Bus,
  type Database,
  type Logger,
} from '@spa/kit';
import { readModelGenerationId } from '../db/read-models.repository.js';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The employee roles mirror and review eligibility, built by the kit's read-model consumer (group
 * `catalogue.read-models.<generation>`, reading identity.employee-role.v1, identity.user.v1,
 * booking.appointment.v1 and commerce.order.v1 from the beginning when the database is new). The
 * service's own group ("catalogue", started by runService) keeps handling identity.user.erased.
 */
export function startReadModelConsumer(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return startKitReadModelConsumer({
    ...deps,
    service: 'catalogue',
    subscriptions: readModelSubscriptions,
    generationId: readModelGenerationId,
  });
}
