import { describe, expect, it } from 'vitest';
import { parseAddress, type AddressFields } from './address.js';

const home: AddressFields = {
  label: 'Home',
  fullName: 'Asha Verma',
  phone: '+91 98765 43210',
  street: '12 MG Road',
  city: 'Indore',
  state: 'Madhya Pradesh',
  postalCode: '452010',
  country: 'India',
};

function problems(input: Record<string, string>, current?: AddressFields) {
  try {
    parseAddress(input, current);
    return [];
  } catch (error) {
    return (error as { details: Array<{ field: string; message: string }> }).details;
  }
}

describe('address form', () => {
  it('accepts a complete address, tidying whitespace', () => {
    expect(parseAddress({ ...home, street: '  12   MG Road\n' })).toEqual(home);
  });

  it('names every missing field at once', () => {
    expect(problems({}).map((problem) => problem.message)).toEqual([
      'Label is required',
      'Full name is required',
      'Phone is required',
      'Street is required',
      'City is required',
      'State is required',
      'Postal code is required',
      'Country is required',
    ]);
    expect(problems({ ...home, city: '   ' })).toEqual([{ field: 'city', message: 'City is required' }]);
  });

  it('checks the phone and postal code formats and the lengths', () => {
    expect(problems({ ...home, phone: '12345' })[0]!.message).toBe(
      'Phone must be a phone number of 7 to 15 digits',
    );
    expect(problems({ ...home, phone: 'call me' })[0]!.field).toBe('phone');
    expect(problems({ ...home, postalCode: '4!' })[0]!.message).toBe(
      'Postal code must be 3 to 12 letters or digits',
    );
    expect(problems({ ...home, postalCode: 'SW1A 1AA' })).toEqual([]);
    expect(problems({ ...home, label: 'x'.repeat(51) })[0]!.message).toBe(
      'Label must be at most 50 characters',
    );
  });

  it('merges an edit onto the saved address', () => {
    expect(parseAddress({ city: 'Bhopal' }, home)).toEqual({ ...home, city: 'Bhopal' });
    expect(problems({ phone: '' }, home)).toEqual([{ field: 'phone', message: 'Phone is required' }]);
  });
});
