import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { employeeRoleDeleted } from './handlers/employee-role-deleted.handler.js';
import { employeeRoleUpserted } from './handlers/employee-role-upserted.handler.js';
import { appointmentCompleted, orderDelivered } from './handlers/review-eligibility.handler.js';
import { userErased } from './handlers/user-erased.handler.js';

/**
 * Everything catalogue consumes: identity's employee roles, for the category form's role choices;
 * booking's completed appointments and commerce's delivered orders, which let a customer review the
 * treatment or the products; and identity.user.erased, on which a deleted customer's favorites,
 * reviews and review eligibility go.
 */
export const subscriptions: Subscription[] = [
  on(events.employeeRoleUpserted, employeeRoleUpserted),
  on(events.employeeRoleDeleted, employeeRoleDeleted),
  on(events.appointmentCompleted, appointmentCompleted),
  on(events.orderDelivered, orderDelivered),
  on(events.userErased, userErased),
];
