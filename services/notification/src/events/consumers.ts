import { readModelConsumerOf } from '@spa/kit';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The suppression list of erased addresses, built by the kit's read-model consumer (group
 * `notification.read-models.<generation>`, reading identity.erased-recipient.v1 from the beginning when
 * the database is new). The service's own group ("notification", started by runService) keeps handling
 * the events that cause emails, and identity.user.erased.
 */
export const startReadModelConsumer = readModelConsumerOf('notification', readModelSubscriptions);
