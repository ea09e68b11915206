import { readModelConsumerOf } from '@spa/kit';
import { readModelSubscriptions } from './subscriptions.js';

/**
 * The employee roles mirror and review eligibility, built by the kit's read-model consumer (group
 * `catalogue.read-models.<generation>`, reading identity.employee-role.v1, identity.user.v1,
 * booking.appointment.v1 and commerce.order.v1 from the beginning when the database is new). The
 * service's own group ("catalogue", started by runService) keeps handling identity.user.erased.
 */
export const startReadModelConsumer = readModelConsumerOf('catalogue', readModelSubscriptions);
