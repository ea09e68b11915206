import { readModelConsumerOf } from '@spa/kit';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The reports' read models, built by the kit's read-model consumer (group
 * `billing.read-models.<generation>`, from the beginning when the database is new). The service's own
 * group ("billing", started by runService) keeps handling identity.user.erased.
 */
export const startReadModelConsumer = readModelConsumerOf('billing', readModelSubscriptions);
