export const ROLES = ['user', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** What self-registration may choose; admin is only ever granted by another admin. */
export const SELF_REGISTRATION_ROLES = ['user', 'employee'] as const;
/**
 * Where a self-registered employee's application stands. An applicant's role stays `user` (a customer
 * in every service) until an admin approves; a rejected applicant stays a customer. Null for everyone
 * else (customers, admins, and employees an admin made directly, who count as approved).
 */
export type EmployeeStatus = 'applicant' | 'approved' | 'rejected';
export const SHIFTS = ['morning', 'night'] as const;
export type Shift = (typeof SHIFTS)[number];
export const AVAILABILITY_STATUSES = ['free', 'occupied'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** The base employee roles of the product; they exist from the start and cannot be renamed or deleted. */
export const BASE_EMPLOYEE_ROLES = [
  { name: 'manager', description: 'Manager' },
  { name: 'receptionist', description: 'Receptionist' },
  { name: 'servicestaff', description: 'Service Staff' },
] as const;

export function isBaseEmployeeRole(name: string): boolean {
  return BASE_EMPLOYEE_ROLES.some((role) => role.name === name.toLowerCase());
}

/** The employee fields only an employee carries. */
export interface EmployeeAssignment {
  employeeRole: string | null;
  shift: Shift | null;
  workingLocation: string | null;
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Finds the stored spelling of an employee role name, matching case-insensitively. */
export function matchRoleName(candidate: string, roleNames: readonly string[]): string | undefined {
  const wanted = candidate.trim().toLowerCase();
  return roleNames.find((name) => name.toLowerCase() === wanted);
}
