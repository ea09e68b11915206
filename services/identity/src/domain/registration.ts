import { emailProblem, normalizeEmail } from './email.js';
import { passwordPolicyProblem } from './password-policy.js';
import { readLocation, readName, readPhone } from './profile-fields.js';
import {
  AVAILABILITY_STATUSES,
  matchRoleName,
  SELF_REGISTRATION_ROLES,
  SHIFTS,
  type AvailabilityStatus,
  type EmployeeAssignment,
  type FieldIssue,
  type Shift,
} from './user.js';

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  role: string;
  phone?: string | null;
  employeeRole?: string | null;
  shift?: string | null;
  workingLocation?: string | null;
  status?: string | null;
}

export interface NewAccount extends EmployeeAssignment {
  name: string;
  email: string;
  password: string;
  phone: string | null;
  role: 'user' | 'employee';
  status: AvailabilityStatus;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/**
 * Section 5 of the spec: name, email, password and role are required; role is User or Employee;
 * an employee also names an active employee role, a shift and a working location. Employee fields
 * sent with role User are ignored (the form may send them empty).
 */
export function checkRegistration(
  input: RegistrationInput,
  activeEmployeeRoles: readonly string[],
): Checked<NewAccount> {
  const issues: FieldIssue[] = [];
  const name = readName(input.name);
  if ('issue' in name) issues.push(name.issue);
  const email = normalizeEmail(input.email);
  const emailIssue = emailProblem(email);
  if (emailIssue) issues.push({ field: 'email', message: emailIssue });
  const passwordProblem = passwordPolicyProblem(input.password, [input.name, input.email]);
  if (passwordProblem) issues.push({ field: 'password', message: passwordProblem });
  const phone = readPhone(input.phone);
  if ('issue' in phone) issues.push(phone.issue);
  const role = (SELF_REGISTRATION_ROLES as readonly string[]).includes(input.role)
    ? (input.role as NewAccount['role'])
    : undefined;
  if (!role) issues.push({ field: 'role', message: 'Role must be User or Employee.' });
  const status = input.status?.trim() || 'free';
  if (!(AVAILABILITY_STATUSES as readonly string[]).includes(status))
    issues.push({ field: 'status', message: 'Status must be free or occupied.' });

  let employee: EmployeeAssignment = { employeeRole: null, shift: null, workingLocation: null };
  if (role === 'employee') {
    const checked = checkEmployeeAssignment(input, activeEmployeeRoles);
    if (checked.ok) employee = checked.value;
    else issues.push(...checked.issues);
  }
  if (issues.length > 0 || !role || 'issue' in name || 'issue' in phone) return { ok: false, issues };
  return {
    ok: true,
    value: {
      name: name.name,
      email,
      password: input.password,
      phone: phone.phone,
      role,
      status: status as AvailabilityStatus,
      ...employee,
    },
  };
}

/** An employee's role, shift and working location, all three required. */
export function checkEmployeeAssignment(
  input: { employeeRole?: string | null; shift?: string | null; workingLocation?: string | null },
  activeEmployeeRoles: readonly string[],
): Checked<EmployeeAssignment & { employeeRole: string; shift: Shift; workingLocation: string }> {
  const issues: FieldIssue[] = [];
  const requestedRole = input.employeeRole?.trim() ?? '';
  const employeeRole = requestedRole ? matchRoleName(requestedRole, activeEmployeeRoles) : undefined;
  if (!requestedRole)
    issues.push({ field: 'employeeRole', message: 'Employee role is required for employees.' });
  else if (!employeeRole)
    issues.push({
      field: 'employeeRole',
      message: `Employee role must be one of: ${activeEmployeeRoles.join(', ')}.`,
    });
  const shift = input.shift?.trim() ?? '';
  if (!shift) issues.push({ field: 'shift', message: 'Shift is required for employees.' });
  else if (!(SHIFTS as readonly string[]).includes(shift))
    issues.push({ field: 'shift', message: 'Shift must be morning or night.' });
  const location = readLocation(input.workingLocation);
  if ('issue' in location) issues.push(location.issue);
  else if (!location.workingLocation)
    issues.push({ field: 'workingLocation', message: 'Working location is required for employees.' });
  if (issues.length > 0 || !employeeRole || 'issue' in location || !location.workingLocation)
    return { ok: false, issues };
  return {
    ok: true,
    value: { employeeRole, shift: shift as Shift, workingLocation: location.workingLocation },
  };
}
