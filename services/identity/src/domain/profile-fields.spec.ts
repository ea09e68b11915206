import { describe, expect, it } from 'vitest';
import { INVALID_PHONE_MESSAGE, readLocation, readName, readPhone } from './profile-fields.js';

describe('profile fields', () => {
  it('trims names and collapses inner spaces', () => {
    expect(readName('  Asha   Rao ')).toEqual({ name: 'Asha Rao' });
  });

  it('refuses blank and over-long names', () => {
    expect(readName('   ')).toEqual({ issue: { field: 'name', message: 'Name is required.' } });
    expect(readName('x'.repeat(101))).toHaveProperty('issue.field', 'name');
  });

  it.each(['+91 98765 43210', '0731-2345678', '(0731) 234 5678', '9876543210'])(
    'accepts the phone %s',
    (phone) => {
      expect(readPhone(phone)).toEqual({ phone });
    },
  );

  it('treats a blank phone as none', () => {
    expect(readPhone('  ')).toEqual({ phone: null });
    expect(readPhone(null)).toEqual({ phone: null });
  });

  it.each(['12345', 'call me', '+91 98765 43210 12345 6', '98765x43210'])('refuses the phone %s', (phone) => {
    expect(readPhone(phone)).toEqual({ issue: { field: 'phone', message: INVALID_PHONE_MESSAGE } });
  });

  it('reads working locations', () => {
    expect(readLocation(' Vijay  Nagar ')).toEqual({ workingLocation: 'Vijay Nagar' });
    expect(readLocation('')).toEqual({ workingLocation: null });
    expect(readLocation('x'.repeat(101))).toHaveProperty('issue.field', 'workingLocation');
  });
});
