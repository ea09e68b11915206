import { createPublisher, PermanentEventError, type EventHandler } from '@spa/kit';
import { events } from '@spa/proto';
import { mirrorEmployeeRole } from '../../use-cases/employee-roles.js';

const publish = createPublisher('catalogue');

/**
 * Keeps the mirror of identity's employee roles. When a role is renamed, the categories assigned to
 * it follow the new name (and are announced again), so booking keeps matching their staff. An event
 * older than the mirrored row (read again when the read models rebuild) changes nothing.
 */
export const employeeRoleUpserted: EventHandler<typeof events.employeeRoleUpserted> = async (
  tx,
  payload,
  meta,
) => {
  const role = payload.role;
  if (!role?.id || !role.name.trim())
    throw new PermanentEventError('employee role event without an id or a name');
  await mirrorEmployeeRole(
    { db: tx, publish },
    { id: role.id, name: role.name.trim(), isActive: role.isActive },
    meta.occurredAt,
  );
};
