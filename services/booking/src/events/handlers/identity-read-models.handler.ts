import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events, identityV1 } from '@spa/proto';
import { markUserDeleted, upsertUser } from '../../db/read-models.repository.js';
import type { Tx } from '@spa/kit';

/**
 * The role booking acts on. Identity already publishes an employee applicant (a self-registered
 * employee an admin has not approved) as a `user`; an application state other than approved keeps
 * anyone out of the assignment pool even if an event says `employee`. Events without the state
 * (older publishers, employees made by an admin) keep their role.
 */
function effectiveRole(user: identityV1.User): string {
  const pending = user.employeeStatus !== '' && user.employeeStatus !== 'approved';
  return pending && user.role === 'employee' ? 'user' : user.role;
}

async function mirrorUser(tx: Tx, user: identityV1.User | undefined, occurredAt: Date): Promise<void> {
  if (!user?.id) throw new PermanentEventError('user event without a user id');
  await upsertUser(tx, {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: effectiveRole(user),
    employeeRole: user.employeeRole,
    shift: user.shift,
    workingLocation: user.workingLocation,
    status: user.status,
    employeeCode: user.employeeId,
    updatedAt: occurredAt,
  });
}

/** Customers (for names and contacts on appointments) and approved employees (for assignment) alike. */
export const userRegistered: EventHandler<typeof events.userRegistered> = (tx, payload, meta) =>
  mirrorUser(tx, payload.user, meta.occurredAt);

export const userUpdated: EventHandler<typeof events.userUpdated> = (tx, payload, meta) =>
  mirrorUser(tx, payload.user, meta.occurredAt);

/** Their appointments stay (with the names they had); a deleted employee is no longer assignable. */
export const userDeleted: EventHandler<typeof events.userDeleted> = async (tx, payload) => {
  await markUserDeleted(tx, payload.userId);
};
