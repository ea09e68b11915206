import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  INVALID_EMAIL_MESSAGE,
  isValidEmail,
  LOOKALIKE_DOMAIN_MESSAGE,
  MIXED_SCRIPT_DOMAIN_MESSAGE,
  NON_ASCII_LOCAL_PART_MESSAGE,
  normalizeEmail,
} from './email.js';

describe('email normalisation', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Asha.Rao@Example.COM \n')).toBe('asha.rao@example.com');
  });

  it('makes differently typed spellings of one address equal', () => {
    expect(normalizeEmail('USER@spa.local')).toBe(normalizeEmail(' user@SPA.local'));
  });

  it('folds compatibility forms with NFKC: full-width letters and @ are the plain address', () => {
    expect(normalizeEmail('ｃｕｓｔｏｍｅｒ＠ＳＰＡ．ｌｏｃａｌ')).toBe('customer@spa.local');
    expect(normalizeEmail('ﬁnance@spa.local')).toBe('finance@spa.local');
  });

  it('stores an internationalised domain in its ASCII (IDNA) form, however it is typed', () => {
    expect(normalizeEmail('Asha@München.de')).toBe('asha@xn--mnchen-3ya.de');
    expect(normalizeEmail('asha@xn--mnchen-3ya.de')).toBe('asha@xn--mnchen-3ya.de');
    expect(normalizeEmail('a@пример.рф')).toBe('a@xn--e1afmkfd.xn--p1ai');
  });
});

describe('email format', () => {
  it.each([
    'a@b.co',
    'first.last+tag@mail.example.in',
    'admin@spa.local',
    normalizeEmail('asha@münchen.de'),
    normalizeEmail('info@пример.рф'),
    normalizeEmail('info@例え.jp'),
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'no-domain@',
    '@no-local.com',
    'two@@at.com',
    'spa ce@x.com',
    'nodot@localhost',
    'a@b..com',
    '.dot@start.com',
    'two..dots@x.com',
    'a@-hyphen.com',
    'a@192.168.1.1',
    'a@xn--zz.com',
  ])('refuses %j', (email) => {
    expect(emailProblem(email)).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });
});

describe('look-alike and internationalised addresses', () => {
  it('refuses a Cyrillic letter in the part before the @ (the second "customer")', () => {
    const lookalike = normalizeEmail('\u0441ustomer@spa.local'); // Cyrillic es
    expect(lookalike).not.toBe('customer@spa.local');
    expect(emailProblem(lookalike)).toBe(NON_ASCII_LOCAL_PART_MESSAGE);
  });

  it('refuses any non-ASCII part before the @, saying so', () => {
    expect(emailProblem(normalizeEmail('аша@пример.рф'))).toBe(NON_ASCII_LOCAL_PART_MESSAGE);
    expect(emailProblem('josé@example.com')).toBe(NON_ASCII_LOCAL_PART_MESSAGE);
    expect(NON_ASCII_LOCAL_PART_MESSAGE).toContain('before the @');
  });

  it('refuses a domain label that mixes scripts, typed in Unicode or as punycode', () => {
    const mixed = normalizeEmail('customer@sp\u0430.local'); // Cyrillic a
    expect(mixed).toBe('customer@xn--sp-8kc.local');
    expect(emailProblem(mixed)).toBe(MIXED_SCRIPT_DOMAIN_MESSAGE);
    expect(emailProblem('customer@xn--sp-8kc.local')).toBe(MIXED_SCRIPT_DOMAIN_MESSAGE);
  });

  it('refuses a whole-script look-alike: a Cyrillic label drawn with Latin-looking letters', () => {
    const apple = normalizeEmail('pay@\u0430\u0440\u0440\u04cf\u0435.com'); // "аррӏе"
    expect(emailProblem(apple)).toBe(LOOKALIKE_DOMAIN_MESSAGE);
    expect(emailProblem(normalizeEmail('pay@οκ.com'))).toBe(LOOKALIKE_DOMAIN_MESSAGE); // Greek omicron kappa
  });
});
