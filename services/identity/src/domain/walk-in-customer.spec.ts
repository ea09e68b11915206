import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from './email.js';
import { INVALID_PHONE_MESSAGE } from './profile-fields.js';
import { checkWalkInCustomer, CONTACT_REQUIRED_MESSAGE, runsTheDesk } from './walk-in-customer.js';

const employee = (employeeRole: string | null, employeeStatus: 'applicant' | 'approved' | null = null) =>
  ({ role: 'employee', employeeRole, employeeStatus }) as const;

describe('who runs the front desk', () => {
  it('admins, and approved managers and receptionists in any case', () => {
    expect(runsTheDesk({ role: 'admin', employeeRole: null, employeeStatus: null })).toBe(true);
    expect(runsTheDesk(employee('receptionist'))).toBe(true);
    expect(runsTheDesk(employee(' Manager ', 'approved'))).toBe(true);
    expect(runsTheDesk(employee('RECEPTIONIST'))).toBe(true);
  });

  it('not therapists, customers, or anyone whose application is not approved', () => {
    expect(runsTheDesk(employee('servicestaff'))).toBe(false);
    expect(runsTheDesk(employee(null))).toBe(false);
    expect(runsTheDesk({ role: 'user', employeeRole: null, employeeStatus: null })).toBe(false);
    // An applicant's role is still user; even were it not, the application decides.
    expect(runsTheDesk({ role: 'user', employeeRole: 'receptionist', employeeStatus: 'applicant' })).toBe(
      false,
    );
    expect(runsTheDesk(employee('receptionist', 'applicant'))).toBe(false);
  });
});

describe('a walk-in customer', () => {
  it('needs a name and a phone or an email; the name is trimmed, the email normalised', () => {
    expect(checkWalkInCustomer({ name: '  Ravi   Kumar ', phone: ' 98765 43210 ' })).toEqual({
      ok: true,
      value: { name: 'Ravi Kumar', phone: '98765 43210', email: null },
    });
    expect(checkWalkInCustomer({ name: 'Ravi', email: ' Ravi@Example.COM ' })).toEqual({
      ok: true,
      value: { name: 'Ravi', phone: null, email: 'ravi@example.com' },
    });
  });

  it('refuses neither phone nor email (blank fields count as not given), naming both fields', () => {
    for (const input of [{ name: 'Ravi' }, { name: 'Ravi', phone: '  ', email: '' }])
      expect(checkWalkInCustomer(input)).toEqual({
        ok: false,
        issues: [
          { field: 'phone', message: CONTACT_REQUIRED_MESSAGE },
          { field: 'email', message: CONTACT_REQUIRED_MESSAGE },
        ],
      });
  });

  it("applies registration's name and email rules and the profile's phone rule", () => {
    const issues = (input: Parameters<typeof checkWalkInCustomer>[0]) => {
      const checked = checkWalkInCustomer(input);
      return checked.ok ? [] : checked.issues;
    };
    expect(issues({ name: 'x'.repeat(101), phone: '9876543210' })).toEqual([
      { field: 'name', message: 'Name must be at most 100 characters.' },
    ]);
    expect(issues({ name: '  ', phone: '9876543210' })).toEqual([
      { field: 'name', message: 'Name is required.' },
    ]);
    expect(issues({ name: 'Ravi', email: 'ravi@' })).toEqual([
      { field: 'email', message: INVALID_EMAIL_MESSAGE },
    ]);
    expect(issues({ name: 'Ravi', phone: 'call me' })).toEqual([
      { field: 'phone', message: INVALID_PHONE_MESSAGE },
    ]);
  });
});
