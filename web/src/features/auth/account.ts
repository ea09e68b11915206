/** Account vocabulary shared by sign-up, settings and employee management (spec sections 3, 5, 6). */
import type { Role, SessionUserInput } from '../../stores/session.store';

export interface AccountUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  role: Role;
  employeeRole?: string | null;
  shift?: Shift | null;
  workingLocation?: string | null;
  status?: EmployeeStatus;
  employeeId?: string | null;
  isEmailVerified?: boolean;
  /** A self-registered employee's application; null for everyone else. */
  employeeStatus?: EmployeeApplicationState | null;
  /** False for an account that has only ever signed in with Google. */
  hasPassword?: boolean;
  createdAt?: string;
}

export type Shift = 'morning' | 'night';
export type EmployeeStatus = 'free' | 'occupied';
/** Where a self-registered employee's application stands (the API's `employeeStatus`). */
type EmployeeApplicationState = 'applicant' | 'approved' | 'rejected';

export const SHIFTS: ReadonlyArray<{ value: Shift; label: string }> = [
  { value: 'morning', label: 'Morning' },
  { value: 'night', label: 'Night' },
];

export const EMPLOYEE_STATUSES: ReadonlyArray<{ value: EmployeeStatus; label: string }> = [
  { value: 'free', label: 'Available' },
  { value: 'occupied', label: 'Busy' },
];

export const ROLE_LABELS: Record<Role, string> = { user: 'User', employee: 'Employee', admin: 'Admin' };

/** The three employee roles every spa starts with; admins may add more. */
export const BASE_EMPLOYEE_ROLES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'manager', label: 'Manager' },
  { value: 'receptionist', label: 'Receptionist' },
  { value: 'servicestaff', label: 'Service Staff' },
];

export function employeeRoleLabel(name: string | null | undefined): string {
  if (!name) return '—';
  return BASE_EMPLOYEE_ROLES.find((role) => role.value === name.toLowerCase())?.label ?? name;
}

export function shiftLabel(shift: string | null | undefined): string {
  return SHIFTS.find((option) => option.value === shift)?.label ?? '—';
}

/** Spec: status free is shown as Available and occupied as Busy. */
export function statusLabel(status: string | null | undefined): string {
  return EMPLOYEE_STATUSES.find((option) => option.value === status)?.label ?? '—';
}

const PASSWORD_MIN_LENGTH = 8;

/** The identity service's rule, said the same way (it checks again and answers with this text). */
const PASSWORD_POLICY_MESSAGE =
  'Password must be 8 to 128 characters long and include at least one letter and one digit.';

/**
 * What the forms show under a new password: the rule checked here, plus the server's checks against
 * breached and easily guessed passwords (its answer says which one failed).
 */
export const PASSWORD_HINT = `${PASSWORD_POLICY_MESSAGE} Passwords found in data breaches or easy to guess (common words, names, dates, keyboard patterns) are refused.`;

export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > 128) return PASSWORD_POLICY_MESSAGE;
  if (!/\p{L}/u.test(password) || !/[0-9]/.test(password)) return PASSWORD_POLICY_MESSAGE;
  return undefined;
}

/** The session keeps absent fields absent; the API sends null for them. */
export function toSessionUser(user: AccountUser): SessionUserInput {
  const entries = Object.entries(user).filter(([, value]) => value !== null && value !== undefined);
  return Object.fromEntries(entries);
}
