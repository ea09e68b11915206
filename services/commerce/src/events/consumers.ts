import {
  startReadModelConsumer as startKitReadModelConsumer,
  type Bus,
  type Database,
  type Logger,
} from '@spa/kit';
import { readModelGenerationId } from '../db/read-models.repository.js';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The products mirror, built by the kit's read-model consumer (group
 * `commerce.read-models.<generation>`, reading catalogue.product.v1 from the beginning when the database
 * is new). The service's own group ("commerce", started by runService) keeps handling booking's and
 * identity's facts.
 */
export function startReadModelConsumer(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return startKitReadModelConsumer({
    ...deps,
    service: 'commerce',
    subscriptions: readModelSubscriptions,
    generationId: readModelGenerationId,
  });
}
