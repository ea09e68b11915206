import { checkEmployeeAssignment, type Checked } from './registration.js';
import {
  AVAILABILITY_STATUSES,
  ROLES,
  type AvailabilityStatus,
  type EmployeeAssignment,
  type FieldIssue,
  type Role,
} from './user.js';

export interface ManagedFields extends EmployeeAssignment {
  role: Role;
  status: AvailabilityStatus;
}

export interface AdminUserChanges {
  role?: string;
  employeeRole?: string | null;
  shift?: string | null;
  workingLocation?: string | null;
  status?: string;
}

export interface PlannedUserUpdate {
  next: ManagedFields;
  changed: boolean;
  roleChanged: boolean;
}

export const LAST_ADMIN_DEMOTE_MESSAGE =
  'You cannot change the role of the last admin. Make another user an admin first.';
export const LAST_ADMIN_DELETE_MESSAGE =
  'You cannot delete the last admin. Make another user an admin first.';

/**
 * What an admin's edit turns a user into. Employee fields only exist for role employee: they are
 * required then and cleared for any other role. A user's current employee role stays valid even when
 * that role has since been deactivated; choosing a new one needs an active role.
 */
export function planAdminUserUpdate(
  current: ManagedFields,
  changes: AdminUserChanges,
  activeEmployeeRoles: readonly string[],
): Checked<PlannedUserUpdate> {
  const issues: FieldIssue[] = [];
  const role = (changes.role ?? current.role) as Role;
  if (!ROLES.includes(role)) issues.push({ field: 'role', message: 'Role must be user, employee or admin.' });
  const status = (changes.status ?? current.status) as AvailabilityStatus;
  if (!AVAILABILITY_STATUSES.includes(status))
    issues.push({ field: 'status', message: 'Status must be free or occupied.' });

  let employee: EmployeeAssignment = { employeeRole: null, shift: null, workingLocation: null };
  if (role === 'employee') {
    const selectable = current.employeeRole
      ? [...new Set([...activeEmployeeRoles, current.employeeRole])]
      : activeEmployeeRoles;
    const checked = checkEmployeeAssignment(
      {
        employeeRole: changes.employeeRole !== undefined ? changes.employeeRole : current.employeeRole,
        shift: changes.shift !== undefined ? changes.shift : current.shift,
        workingLocation:
          changes.workingLocation !== undefined ? changes.workingLocation : current.workingLocation,
      },
      selectable,
    );
    if (checked.ok) employee = checked.value;
    else issues.push(...checked.issues);
  }
  if (issues.length > 0) return { ok: false, issues };

  const next: ManagedFields = { role, status, ...employee };
  const changed = (Object.keys(next) as (keyof ManagedFields)[]).some((key) => next[key] !== current[key]);
  return { ok: true, value: { next, changed, roleChanged: role !== current.role } };
}

/** True when a change would leave the platform without any admin. */
export function removesLastAdmin(currentRole: Role, nextRole: Role | undefined, adminCount: number): boolean {
  return currentRole === 'admin' && nextRole !== 'admin' && adminCount <= 1;
}
