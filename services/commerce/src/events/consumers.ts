import { readModelConsumerOf } from '@spa/kit';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The products mirror, built by the kit's read-model consumer (group
 * `commerce.read-models.<generation>`, reading catalogue.product.v1 from the beginning when the database
 * is new). The service's own group ("commerce", started by runService) keeps handling booking's and
 * identity's facts.
 */
export const startReadModelConsumer = readModelConsumerOf('commerce', readModelSubscriptions);
