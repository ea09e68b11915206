import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import { employeeRoleDeleted } from './handlers/employee-role-deleted.handler.js';
import { employeeRoleUpserted } from './handlers/employee-role-upserted.handler.js';

/** Everything catalogue consumes: identity's employee roles, for the category form's role choices. */
export const subscriptions: Subscription[] = [
  on(events.employeeRoleUpserted, employeeRoleUpserted),
  on(events.employeeRoleDeleted, employeeRoleDeleted),
];
