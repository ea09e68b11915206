import { describe, expect, it } from 'vitest';
import { planAdminUserUpdate, removesLastAdmin, type ManagedFields } from './user-update.js';

const roles = ['manager', 'receptionist', 'servicestaff'];
const customer: ManagedFields = {
  role: 'user',
  status: 'free',
  employeeRole: null,
  shift: null,
  workingLocation: null,
};
const therapist: ManagedFields = {
  role: 'employee',
  status: 'free',
  employeeRole: 'servicestaff',
  shift: 'night',
  workingLocation: 'Palasia',
};

describe("an admin's edit of a user", () => {
  it('changes only what is sent', () => {
    expect(planAdminUserUpdate(therapist, { shift: 'morning' }, roles)).toEqual({
      ok: true,
      value: { next: { ...therapist, shift: 'morning' }, changed: true, roleChanged: false },
    });
  });

  it('notices when nothing changes', () => {
    expect(planAdminUserUpdate(therapist, { shift: 'night', status: 'free' }, roles)).toMatchObject({
      ok: true,
      value: { changed: false },
    });
  });

  it('needs the employee fields to make someone an employee', () => {
    const result = planAdminUserUpdate(customer, { role: 'employee' }, roles);
    expect(result.ok).toBe(false);
    const complete = planAdminUserUpdate(
      customer,
      { role: 'employee', employeeRole: 'receptionist', shift: 'morning', workingLocation: 'Vijay Nagar' },
      roles,
    );
    expect(complete).toMatchObject({ ok: true, value: { roleChanged: true, next: { role: 'employee' } } });
  });

  it('clears the employee fields when someone stops being an employee', () => {
    expect(planAdminUserUpdate(therapist, { role: 'user', shift: 'morning' }, roles)).toMatchObject({
      ok: true,
      value: { next: { role: 'user', employeeRole: null, shift: null, workingLocation: null } },
    });
  });

  it('keeps a deactivated role the employee already holds, but only active roles can be newly chosen', () => {
    const onRetiredRole = { ...therapist, employeeRole: 'masseur' };
    expect(planAdminUserUpdate(onRetiredRole, { status: 'occupied' }, roles).ok).toBe(true);
    expect(planAdminUserUpdate(therapist, { employeeRole: 'masseur' }, roles).ok).toBe(false);
  });

  it('refuses unknown statuses and roles', () => {
    expect(planAdminUserUpdate(customer, { status: 'away', role: 'owner' }, roles)).toMatchObject({
      ok: false,
      issues: [
        { field: 'role', message: 'Role must be user, employee or admin.' },
        { field: 'status', message: 'Status must be free or occupied.' },
      ],
    });
  });
});

describe('the last admin', () => {
  it('cannot be demoted or deleted while alone', () => {
    expect(removesLastAdmin('admin', 'user', 1)).toBe(true);
    expect(removesLastAdmin('admin', undefined, 1)).toBe(true);
  });

  it('can be once another admin exists, and other users are never concerned', () => {
    expect(removesLastAdmin('admin', 'user', 2)).toBe(false);
    expect(removesLastAdmin('admin', 'admin', 1)).toBe(false);
    expect(removesLastAdmin('user', undefined, 1)).toBe(false);
  });
});
