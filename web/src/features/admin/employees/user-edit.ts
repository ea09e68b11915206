import type { AccountUser, EmployeeStatus, Shift } from '../../auth/account';
import type { Role } from '../../../stores/session.store';
import type { UserChanges } from './employees-api';

/** The edit popup's fields; the employee ones only count when the role is employee. */
export interface UserEditForm {
  role: Role;
  employeeRole: string;
  shift: Shift | '';
  workingLocation: string;
  status: EmployeeStatus;
}

export function editFormFor(user: AccountUser): UserEditForm {
  return {
    role: user.role,
    employeeRole: user.employeeRole ?? '',
    shift: user.shift ?? '',
    workingLocation: user.workingLocation ?? '',
    status: user.status ?? 'free',
  };
}

/** What PUT /admin/users/:id receives: employee fields for employees, the role alone otherwise. */
export function changesFrom(form: UserEditForm): UserChanges {
  if (form.role !== 'employee') return { role: form.role };
  return {
    role: 'employee',
    employeeRole: form.employeeRole,
    shift: form.shift || undefined,
    workingLocation: form.workingLocation.trim(),
    status: form.status,
  };
}

/** Why the form cannot be sent yet, or undefined. */
export function editFormProblem(form: UserEditForm): string | undefined {
  if (form.role !== 'employee') return undefined;
  if (!form.employeeRole) return 'Employee role is required';
  if (!form.shift) return 'Shift is required';
  if (!form.workingLocation.trim()) return 'Working location is required';
  return undefined;
}
