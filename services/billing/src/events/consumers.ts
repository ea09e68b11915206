import {
  startReadModelConsumer as startKitReadModelConsumer,
  type Bus,
  type Database,
  type Logger,
} from '@spa/kit';
import { readModelGenerationId } from '../db/reports.repository.js';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The reports' read models, built by the kit's read-model consumer (group
 * `billing.read-models.<generation>`, from the beginning when the database is new). The service's own
 * group ("billing", started by runService) keeps handling identity.user.erased.
 */
export function startReadModelConsumer(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return startKitReadModelConsumer({
    ...deps,
    service: 'billing',
    subscriptions: readModelSubscriptions,
    generationId: readModelGenerationId,
  });
}
