import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { employeeRoleDeleted } from './handlers/employee-role-deleted.handler.js';
import { employeeRoleUpserted } from './handlers/employee-role-upserted.handler.js';
import { userErased } from './handlers/user-erased.handler.js';

/**
 * Everything catalogue consumes: identity's employee roles, for the category form's role choices, and
 * identity.user.erased, on which a deleted customer's favorites go.
 */
export const subscriptions: Subscription[] = [
  on(events.employeeRoleUpserted, employeeRoleUpserted),
  on(events.employeeRoleDeleted, employeeRoleDeleted),
  on(events.userErased, userErased),
];
