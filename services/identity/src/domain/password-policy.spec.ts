import { describe, expect, it } from 'vitest';
import {
  BREACHED_PASSWORD_MESSAGE,
  GUESSABLE_PASSWORD_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
  passwordPolicyProblem,
} from './password-policy.js';

describe('password policy: 8 to 128 characters with a letter and a digit', () => {
  it.each([
    'Lotus-garden-42',
    'Quiet-river-77',
    'пароль12',
    `${'a'.repeat(60)}x9Q$${'b'.repeat(60)}`,
    'spa garden 9',
  ])('accepts %s', (password) => {
    expect(passwordPolicyProblem(password)).toBeUndefined();
  });

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
    expect(passwordPolicyProblem('ééçàüöñ1')).toBeUndefined();
    expect(passwordPolicyProblem('😀😀😀😀😀😀a')).toBe(PASSWORD_POLICY_MESSAGE);
  });

  it('states the rule in its message', () => {
    expect(PASSWORD_POLICY_MESSAGE).toContain('8 to 128 characters');
    expect(PASSWORD_POLICY_MESSAGE).toContain('one letter and one digit');
  });
});

describe('password policy: breached and guessable passwords', () => {
  it.each(['password1', 'Password123', 'qwerty123', 'iloveyou1', 'trustno1', 'abc12345', 'LETMEIN1'])(
    'refuses %s, found in the breached-password list, and says so',
    (password) => {
      expect(passwordPolicyProblem(password)).toBe(BREACHED_PASSWORD_MESSAGE);
      expect(BREACHED_PASSWORD_MESSAGE).toMatch(/leaked in data breaches/);
    },
  );

  it.each(['Lotus2024', 'aaaaaaaaaaa1', 'zxcvbnm9876', 'Summer2024'])(
    'refuses %s, a common word, date or keyboard pattern, and says why',
    (password) => {
      expect(passwordPolicyProblem(password)).toBe(GUESSABLE_PASSWORD_MESSAGE);
      expect(GUESSABLE_PASSWORD_MESSAGE).toMatch(/too easy to guess/);
    },
  );

  it("refuses a password made of the account's own name or email", () => {
    expect(passwordPolicyProblem('asharao2025')).toBeUndefined();
    expect(passwordPolicyProblem('asharao2025', ['Asha Rao', 'asha.rao@example.com'])).toBe(
      GUESSABLE_PASSWORD_MESSAGE,
    );
  });
});
