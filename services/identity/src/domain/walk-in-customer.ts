import type { Checked } from './registration.js';
import { emailProblem, normalizeEmail } from './email.js';
import { readName, readPhone } from './profile-fields.js';
import type { EmployeeStatus, FieldIssue, Role } from './user.js';

/** Employee roles that run the front desk besides admins (booking's calendar uses the same two). */
const DESK_EMPLOYEE_ROLES = ['manager', 'receptionist'] as const;

export const DESK_ONLY_MESSAGE =
  'Creating a customer at the front desk is for admins, managers and receptionists.';
export const CONTACT_REQUIRED_MESSAGE =
  "Give the customer's phone number or email address (at least one), so the spa can reach them.";
export const WALK_IN_EMAIL_TAKEN_MESSAGE =
  'An account with this email already exists: find the customer by their email.';

/**
 * Whether this account runs the front desk: an admin, or an approved employee (an admin-made one has
 * no application, which counts as approved) whose employee role is manager or receptionist, in any
 * case. Read from the stored account, not the token, so a role changed since sign-in counts at once.
 */
export function runsTheDesk(account: {
  role: Role;
  employeeRole: string | null;
  employeeStatus: EmployeeStatus | null;
}): boolean {
  if (account.role === 'admin') return true;
  if (account.role !== 'employee') return false;
  if (account.employeeStatus !== null && account.employeeStatus !== 'approved') return false;
  const employeeRole = account.employeeRole?.trim().toLowerCase() ?? '';
  return (DESK_EMPLOYEE_ROLES as readonly string[]).includes(employeeRole);
}

export interface WalkInCustomerInput {
  name: string;
  phone?: string;
  email?: string;
}

export interface NewWalkInCustomer {
  name: string;
  phone: string | null;
  /** Normalised; null when the customer gave none (stored as ''). */
  email: string | null;
}

/**
 * A customer the desk creates: the name as registration reads it, the phone as the profile does, the
 * email normalised and checked as registration does. A blank phone or email counts as not given (a
 * form sends its empty fields), and at least one of the two is needed.
 */
export function checkWalkInCustomer(input: WalkInCustomerInput): Checked<NewWalkInCustomer> {
  const issues: FieldIssue[] = [];
  const name = readName(input.name);
  if ('issue' in name) issues.push(name.issue);
  const phone = readPhone(input.phone);
  if ('issue' in phone) issues.push(phone.issue);
  const email = input.email?.trim() ? normalizeEmail(input.email) : null;
  const emailIssue = email === null ? undefined : emailProblem(email);
  if (emailIssue) issues.push({ field: 'email', message: emailIssue });
  if (!('issue' in phone) && phone.phone === null && email === null)
    issues.push(
      { field: 'phone', message: CONTACT_REQUIRED_MESSAGE },
      { field: 'email', message: CONTACT_REQUIRED_MESSAGE },
    );
  if (issues.length > 0 || 'issue' in name || 'issue' in phone) return { ok: false, issues };
  return { ok: true, value: { name: name.name, phone: phone.phone, email } };
}
