import { describe, expect, it } from 'vitest';
import { BASE_EMPLOYEE_ROLES, cleanCategoryForm, matchEmployeeRole } from './category-form.js';

describe('category form', () => {
  it('answers the spec messages', () => {
    expect(() => cleanCategoryForm({ assignedEmployeeRole: 'manager' }, BASE_EMPLOYEE_ROLES)).toThrow(
      'Category name is required',
    );
    expect(() =>
      cleanCategoryForm({ name: 'Massage', assignedEmployeeRole: ' ' }, BASE_EMPLOYEE_ROLES),
    ).toThrow('Assigned Employee Role is required');
  });

  it('keeps the display order at zero or above, zero by default', () => {
    const base = { name: 'Massage', assignedEmployeeRole: 'servicestaff' };
    expect(cleanCategoryForm(base, BASE_EMPLOYEE_ROLES).displayOrder).toBe(0);
    expect(() => cleanCategoryForm({ ...base, order: -1 }, BASE_EMPLOYEE_ROLES)).toThrow(
      'Display order cannot be negative',
    );
  });

  it('stores the role as identity spells it and refuses unknown roles', () => {
    expect(matchEmployeeRole('ServiceStaff', ['servicestaff', 'manager'])).toBe('servicestaff');
    expect(
      cleanCategoryForm({ name: 'Facials', assignedEmployeeRole: 'MANAGER' }, BASE_EMPLOYEE_ROLES)
        .assignedEmployeeRole,
    ).toBe('manager');
    expect(() =>
      cleanCategoryForm({ name: 'Facials', assignedEmployeeRole: 'astronaut' }, BASE_EMPLOYEE_ROLES),
    ).toThrow(
      'Assigned Employee Role must be one of the employee roles: manager, receptionist, servicestaff',
    );
  });
});
