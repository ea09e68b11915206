import { badRequest } from '@spa/kit/errors';
import { cleanText } from './text.js';

/**
 * Identity's base employee roles. Catalogue learns roles from identity's events; until the first one
 * arrives (a fresh development start) these names keep the category form usable.
 */
export const BASE_EMPLOYEE_ROLES = ['manager', 'receptionist', 'servicestaff'] as const;

export interface CategoryInput {
  name?: string | null;
  description?: string | null;
  order?: number | null;
  isActive?: boolean;
  assignedEmployeeRole?: string | null;
}

export interface CategoryFields {
  name: string;
  description: string;
  displayOrder: number;
  isActive: boolean;
  assignedEmployeeRole: string;
}

/** The role as identity spells it, matched without regard to case; undefined when there is none. */
export function matchEmployeeRole(requested: string, knownRoles: readonly string[]): string | undefined {
  const wanted = requested.trim().toLowerCase();
  return knownRoles.find((role) => role.toLowerCase() === wanted);
}

export function cleanCategoryForm(input: CategoryInput, knownRoles: readonly string[]): CategoryFields {
  const name = cleanText(input.name);
  if (name === '') throw badRequest('Category name is required', [{ field: 'name' }]);
  const requestedRole = cleanText(input.assignedEmployeeRole);
  if (requestedRole === '')
    throw badRequest('Assigned Employee Role is required', [{ field: 'assignedEmployeeRole' }]);
  const role = matchEmployeeRole(requestedRole, knownRoles);
  if (!role)
    throw badRequest(`Assigned Employee Role must be one of the employee roles: ${knownRoles.join(', ')}`, [
      { field: 'assignedEmployeeRole' },
    ]);
  const displayOrder = input.order ?? 0;
  if (displayOrder < 0) throw badRequest('Display order cannot be negative', [{ field: 'order' }]);
  return {
    name,
    description: cleanText(input.description),
    displayOrder,
    isActive: input.isActive ?? true,
    assignedEmployeeRole: role,
  };
}

/** A stored category in the form's own terms, so an update can send only what changed. */
export function categoryInputOf(row: CategoryFields): CategoryInput {
  return {
    name: row.name,
    description: row.description,
    order: row.displayOrder,
    isActive: row.isActive,
    assignedEmployeeRole: row.assignedEmployeeRole,
  };
}
