import { describe, expect, it } from 'vitest';
import { addressDraft, addressLine, validateAddress } from './address-form.rules';

const complete = {
  label: ' Home ',
  fullName: 'Asha Verma',
  phone: '+91 98765 43210',
  street: '12 MG Road',
  city: 'Indore',
  state: 'Madhya Pradesh',
  postalCode: '452001',
  country: 'India',
};

describe('address form', () => {
  it('starts a new address as Home in India with the rest empty', () => {
    expect(addressDraft()).toEqual({
      label: 'Home',
      fullName: '',
      phone: '',
      street: '',
      city: '',
      state: '',
      postalCode: '',
      country: 'India',
    });
  });

  it('asks for every field', () => {
    const { errors, input } = validateAddress({
      label: '',
      fullName: ' ',
      phone: '',
      street: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
    });
    expect(input).toBeUndefined();
    expect(errors).toEqual({
      label: 'Label is required',
      fullName: 'Full name is required',
      phone: 'Phone is required',
      street: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      postalCode: 'Postal code is required',
      country: 'Country is required',
    });
  });

  it('refuses a phone that cannot be dialled', () => {
    expect(validateAddress({ ...complete, phone: 'call me' }).errors.phone).toBe(
      'Enter a valid phone number',
    );
    expect(validateAddress({ ...complete, phone: '12345' }).errors.phone).toBe('Enter a valid phone number');
    expect(validateAddress({ ...complete, phone: '(0731) 400-2211' }).errors.phone).toBeUndefined();
  });

  it('sends the values trimmed', () => {
    expect(validateAddress(complete).input).toEqual({ ...complete, label: 'Home' });
  });

  it('writes an address on one line', () => {
    expect(addressLine(complete)).toBe('12 MG Road, Indore, Madhya Pradesh 452001, India');
  });
});
