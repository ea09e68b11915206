import { describe, expect, it } from 'vitest';
import type { AccountUser } from '../../auth/account';
import { changesFrom, editFormFor, editFormProblem } from './user-edit';

const employee: AccountUser = {
  _id: 'u1',
  id: 'u1',
  name: 'Asha',
  email: 'asha@spa.local',
  role: 'employee',
  employeeRole: 'manager',
  shift: 'morning',
  workingLocation: 'Vijay Nagar',
  status: 'occupied',
  employeeId: 'EMP-0001',
};

describe('the edit popup', () => {
  it('starts from the user as stored', () => {
    expect(editFormFor(employee)).toEqual({
      role: 'employee',
      employeeRole: 'manager',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
      status: 'occupied',
    });
    expect(
      editFormFor({ ...employee, role: 'user', employeeRole: null, shift: null, status: undefined }),
    ).toMatchObject({ employeeRole: '', shift: '', status: 'free' });
  });

  it('sends employee fields only for employees', () => {
    const form = { ...editFormFor(employee), shift: 'night' as const, workingLocation: '  Palasia ' };
    expect(changesFrom(form)).toEqual({
      role: 'employee',
      employeeRole: 'manager',
      shift: 'night',
      workingLocation: 'Palasia',
      status: 'occupied',
    });
    expect(changesFrom({ ...form, role: 'admin' })).toEqual({ role: 'admin' });
  });

  it('needs employee role, shift and location for an employee', () => {
    const form = editFormFor(employee);
    expect(editFormProblem(form)).toBeUndefined();
    expect(editFormProblem({ ...form, employeeRole: '' })).toBe('Employee role is required');
    expect(editFormProblem({ ...form, shift: '' })).toBe('Shift is required');
    expect(editFormProblem({ ...form, workingLocation: ' ' })).toBe('Working location is required');
    expect(editFormProblem({ ...form, role: 'user', shift: '' })).toBeUndefined();
  });
});
