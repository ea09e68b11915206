import { describe, expect, it } from 'vitest';
import { employeeRoleLabel, passwordProblem, shiftLabel, statusLabel, toSessionUser } from './account';
import { readSignedIn } from './auth-api';

describe('account labels', () => {
  it('shows the base employee roles as the spec names them, others as entered', () => {
    expect(employeeRoleLabel('manager')).toBe('Manager');
    expect(employeeRoleLabel('servicestaff')).toBe('Service Staff');
    expect(employeeRoleLabel('Receptionist')).toBe('Receptionist');
    expect(employeeRoleLabel('Senior Therapist')).toBe('Senior Therapist');
    expect(employeeRoleLabel(null)).toBe('—');
  });

  it('shows free as Available and occupied as Busy, shifts capitalised', () => {
    expect(statusLabel('free')).toBe('Available');
    expect(statusLabel('occupied')).toBe('Busy');
    expect(shiftLabel('night')).toBe('Night');
    expect(shiftLabel(null)).toBe('—');
  });
});

describe('password policy', () => {
  it('needs 8 characters with a letter and a digit', () => {
    expect(passwordProblem('Spa12345')).toBeUndefined();
    expect(passwordProblem('short1')).toMatch(/8 to 128 characters/);
    expect(passwordProblem('onlyletters')).toBeDefined();
    expect(passwordProblem('12345678')).toBeDefined();
  });
});

describe('sign-in answers', () => {
  const user = { _id: 'u1', id: 'u1', name: 'Asha', email: 'a@x.in', role: 'user', phone: null };

  it('reads { data: { token, user } } and { token, user }', () => {
    expect(readSignedIn({ data: { token: 't', user } })).toEqual({ token: 't', user });
    expect(readSignedIn({ token: 't', user })).toEqual({ token: 't', user });
    expect(() => readSignedIn({ data: {} })).toThrow();
  });

  it('keeps absent fields out of the session', () => {
    expect(toSessionUser(user as never)).toEqual({
      _id: 'u1',
      id: 'u1',
      name: 'Asha',
      email: 'a@x.in',
      role: 'user',
    });
  });
});
