import { describe, expect, it } from 'vitest';
import { checkRegistration, type RegistrationInput } from './registration.js';

const roles = ['manager', 'receptionist', 'servicestaff'];
const customer: RegistrationInput = {
  name: 'Asha Rao',
  email: 'Asha@Example.com',
  password: 'Lotus-garden-42',
  role: 'user',
};
const employee: RegistrationInput = {
  ...customer,
  role: 'employee',
  employeeRole: 'manager',
  shift: 'morning',
  workingLocation: 'Vijay Nagar',
};

function issuesOf(input: RegistrationInput) {
  const result = checkRegistration(input, roles);
  if (result.ok) throw new Error('expected issues');
  return result.issues;
}

describe('registration rules (spec section 5)', () => {
  it('accepts a customer, normalising the email and defaulting the status to free', () => {
    expect(checkRegistration(customer, roles)).toEqual({
      ok: true,
      value: {
        name: 'Asha Rao',
        email: 'asha@example.com',
        password: 'Lotus-garden-42',
        phone: null,
        role: 'user',
        status: 'free',
        employeeRole: null,
        shift: null,
        workingLocation: null,
      },
    });
  });

  it('ignores employee fields sent with role user', () => {
    const result = checkRegistration(
      { ...customer, employeeRole: 'manager', shift: 'night', workingLocation: 'X' },
      roles,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { employeeRole: null, shift: null, workingLocation: null },
    });
  });

  it('accepts an employee and matches the role name case-insensitively', () => {
    expect(checkRegistration({ ...employee, employeeRole: 'Manager' }, roles)).toMatchObject({
      ok: true,
      value: { role: 'employee', employeeRole: 'manager', shift: 'morning', workingLocation: 'Vijay Nagar' },
    });
  });

  it.each(['admin', 'superuser', ''])('refuses the role %j', (role) => {
    expect(issuesOf({ ...customer, role })).toEqual([
      { field: 'role', message: 'Role must be User or Employee.' },
    ]);
  });

  it('requires the employee role, shift and working location for employees', () => {
    expect(issuesOf({ ...customer, role: 'employee' }).map((issue) => issue.message)).toEqual([
      'Employee role is required for employees.',
      'Shift is required for employees.',
      'Working location is required for employees.',
    ]);
  });

  it('refuses an unknown employee role and an unknown shift', () => {
    expect(issuesOf({ ...employee, employeeRole: 'astronaut', shift: 'evening' })).toEqual([
      {
        field: 'employeeRole',
        message: 'Employee role must be one of: manager, receptionist, servicestaff.',
      },
      { field: 'shift', message: 'Shift must be morning or night.' },
    ]);
  });

  it('reports every problem at once', () => {
    const fields = issuesOf({
      name: ' ',
      email: 'nope',
      password: 'short',
      role: 'user',
      phone: 'x',
      status: 'away',
    }).map((issue) => issue.field);
    expect(fields).toEqual(['name', 'email', 'password', 'phone', 'status']);
  });
});
