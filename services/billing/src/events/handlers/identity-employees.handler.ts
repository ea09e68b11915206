import { PermanentEventError, type EventHandler, type Tx } from '@spa/kit';
import type { events, identityV1 } from '@spa/proto';
import { demoteEmployee, markEmployeeDeleted, upsertEmployee } from '../../db/reports.repository.js';

/**
 * The role that counts (as booking reads it): an employee applicant an admin has not approved is not
 * an employee, even if an event says so; events without the state keep their role.
 */
function effectiveRole(user: identityV1.User): string {
  const pending = user.employeeStatus !== '' && user.employeeStatus !== 'approved';
  return pending && user.role === 'employee' ? 'user' : user.role;
}

/**
 * Employees only: billing keeps no customer's name. Someone who stops being an employee keeps their
 * row (with the new role), so past figures keep the name; identity's events carry no change time, so
 * the event's time orders them.
 */
async function mirrorUser(tx: Tx, user: identityV1.User | undefined, occurredAt: Date): Promise<void> {
  if (!user?.id) throw new PermanentEventError('user event without a user id');
  const role = effectiveRole(user);
  if (role === 'employee') await upsertEmployee(tx, { id: user.id, name: user.name, updatedAt: occurredAt });
  else await demoteEmployee(tx, { id: user.id, role, updatedAt: occurredAt });
}

export const userRegistered: EventHandler<typeof events.userRegistered> = (tx, payload, meta) =>
  mirrorUser(tx, payload.user, meta.occurredAt);

export const userUpdated: EventHandler<typeof events.userUpdated> = (tx, payload, meta) =>
  mirrorUser(tx, payload.user, meta.occurredAt);

/** A deleted employee is listed only for a range with figures of theirs. */
export const userDeleted: EventHandler<typeof events.userDeleted> = async (tx, payload) => {
  await markEmployeeDeleted(tx, payload.userId);
};
