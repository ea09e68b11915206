import type { Checked } from './registration.js';
import type { FieldIssue } from './user.js';

const ROLE_NAME_MAX_LENGTH = 50;
export const ROLE_DESCRIPTION_MAX_LENGTH = 500;
const MAX_PERMISSIONS = 50;

export interface EmployeeRoleInput {
  name?: string;
  description?: string;
  permissions?: string[];
  isActive?: boolean;
}

export interface EmployeeRoleFields {
  name: string;
  description: string;
  permissions: string[];
  isActive: boolean;
}

/** Checks the fields an admin sends; only the fields present are checked and returned. */
export function checkEmployeeRoleInput(input: EmployeeRoleInput): Checked<Partial<EmployeeRoleFields>> {
  const issues: FieldIssue[] = [];
  const value: Partial<EmployeeRoleFields> = {};
  if (input.name !== undefined) {
    const name = input.name.trim().replace(/\s+/g, ' ');
    if (!name) issues.push({ field: 'name', message: 'Role name is required.' });
    else if (name.length > ROLE_NAME_MAX_LENGTH)
      issues.push({
        field: 'name',
        message: `Role name must be at most ${ROLE_NAME_MAX_LENGTH} characters.`,
      });
    value.name = name;
  }
  if (input.description !== undefined) {
    const description = input.description.trim();
    if (description.length > ROLE_DESCRIPTION_MAX_LENGTH)
      issues.push({
        field: 'description',
        message: `Description must be at most ${ROLE_DESCRIPTION_MAX_LENGTH} characters.`,
      });
    value.description = description;
  }
  if (input.permissions !== undefined) {
    const permissions = [
      ...new Set(input.permissions.map((permission) => permission.trim()).filter(Boolean)),
    ];
    if (permissions.length > MAX_PERMISSIONS)
      issues.push({
        field: 'permissions',
        message: `A role can have at most ${MAX_PERMISSIONS} permissions.`,
      });
    value.permissions = permissions;
  }
  if (input.isActive !== undefined) value.isActive = input.isActive;
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
