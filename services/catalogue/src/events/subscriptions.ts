import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { employeeRoleDeleted } from './handlers/employee-role-deleted.handler.js';
import { employeeRoleUpserted } from './handlers/employee-role-upserted.handler.js';
import { appointmentCompleted, orderDelivered } from './handlers/review-eligibility.handler.js';
import { userDeleted } from './handlers/user-deleted.handler.js';
import { userErased } from './handlers/user-erased.handler.js';

/**
 * Catalogue's read models, built by a consumer group of their own per database generation
 * (consumers.ts), so a wiped database rebuilds them from the topics: identity's employee roles (the
 * category form's role choices; compacted), and what a customer may review, from booking's completed
 * appointments and commerce's delivered orders (plain topics: only what is still within their
 * retention comes back), with identity.user.deleted (compacted, kept for good) so an account erased
 * before the wipe is not made reviewable again by an old visit or order of theirs.
 */
export const readModelSubscriptions: Subscription[] = [
  on(events.employeeRoleUpserted, employeeRoleUpserted),
  on(events.employeeRoleDeleted, employeeRoleDeleted),
  on(events.appointmentCompleted, appointmentCompleted),
  on(events.orderDelivered, orderDelivered),
  on(events.userDeleted, userDeleted),
];

/**
 * What catalogue's own group ("catalogue", started by runService) consumes: identity.user.erased, on
 * which a deleted customer's favorites, reviews and review eligibility go.
 */
export const subscriptions: Subscription[] = [on(events.userErased, userErased)];
