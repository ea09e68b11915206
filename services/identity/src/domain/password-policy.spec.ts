import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGE, passwordPolicyProblem } from './password-policy.js';

describe('password policy: 8 to 128 characters with a letter and a digit', () => {
  it.each(['Lotus2024', 'abcdefg1', 'пароль12', `${'a'.repeat(127)}1`, 'spa garden 9'])(
    'accepts %s',
    (password) => {
      expect(passwordPolicyProblem(password)).toBeUndefined();
    },
  );

  it.each([
    ['too short', 'abc1234'],
    ['no digit', 'onlyletters'],
    ['no letter', '1234567890'],
    ['too long', `${'a'.repeat(128)}1`],
    ['empty', ''],
    ['symbols and digits only', '!!!!1111'],
  ])('refuses a password that is %s', (_case, password) => {
    expect(passwordPolicyProblem(password)).toBe(PASSWORD_POLICY_MESSAGE);
  });

  it('counts characters, not bytes', () => {
    expect(passwordPolicyProblem('ééééééé1')).toBeUndefined();
    expect(passwordPolicyProblem('😀😀😀😀😀😀a')).toBe(PASSWORD_POLICY_MESSAGE);
  });

  it('states the rule in its message', () => {
    expect(PASSWORD_POLICY_MESSAGE).toContain('8 to 128 characters');
    expect(PASSWORD_POLICY_MESSAGE).toContain('one letter and one digit');
  });
});
