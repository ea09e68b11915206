import { describe, expect, it } from 'vitest';
import { checkEmployeeRoleInput } from './employee-role.js';
import { isBaseEmployeeRole, matchRoleName } from './user.js';

describe('employee role input', () => {
  it('trims the name and description and tidies permissions', () => {
    expect(
      checkEmployeeRoleInput({
        name: '  Spa  Therapist ',
        description: ' Hands-on ',
        permissions: [' book ', 'book', ''],
      }),
    ).toEqual({ ok: true, value: { name: 'Spa Therapist', description: 'Hands-on', permissions: ['book'] } });
  });

  it('requires a name when one is sent', () => {
    expect(checkEmployeeRoleInput({ name: '   ' })).toEqual({
      ok: false,
      issues: [{ field: 'name', message: 'Role name is required.' }],
    });
  });

  it('checks only the fields present', () => {
    expect(checkEmployeeRoleInput({ isActive: false })).toEqual({ ok: true, value: { isActive: false } });
  });

  it('limits lengths', () => {
    expect(checkEmployeeRoleInput({ name: 'x'.repeat(51) }).ok).toBe(false);
    expect(checkEmployeeRoleInput({ description: 'x'.repeat(501) }).ok).toBe(false);
    expect(checkEmployeeRoleInput({ permissions: Array.from({ length: 51 }, (_, i) => `p${i}`) }).ok).toBe(
      false,
    );
  });
});

describe('role names', () => {
  it('knows the base roles', () => {
    expect(['manager', 'Receptionist', 'servicestaff'].every(isBaseEmployeeRole)).toBe(true);
    expect(isBaseEmployeeRole('therapist')).toBe(false);
  });

  it('matches names case-insensitively and answers the stored spelling', () => {
    expect(matchRoleName(' MANAGER ', ['manager', 'Head Chef'])).toBe('manager');
    expect(matchRoleName('head chef', ['manager', 'Head Chef'])).toBe('Head Chef');
    expect(matchRoleName('cook', ['manager'])).toBeUndefined();
  });
});
