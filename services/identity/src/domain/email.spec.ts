import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './email.js';

describe('email normalisation', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Asha.Rao@Example.COM \n')).toBe('asha.rao@example.com');
  });

  it('makes differently typed spellings of one address equal', () => {
    expect(normalizeEmail('USER@spa.local')).toBe(normalizeEmail(' user@SPA.local'));
  });
});

describe('email format', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.in', 'admin@spa.local'])('accepts %s', (email) => {
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
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });
});
