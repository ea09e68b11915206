import type { Address, AddressInput } from './addresses.api';

export type AddressField = keyof AddressInput;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The form's fields in screen order, with their labels (spec: every one of them is required). */
export const ADDRESS_FIELDS: ReadonlyArray<{ name: AddressField; label: string }> = [
  { name: 'label', label: 'Label' },
  { name: 'fullName', label: 'Full name' },
  { name: 'phone', label: 'Phone' },
  { name: 'street', label: 'Street address' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'postalCode', label: 'Postal code' },
  { name: 'country', label: 'Country' },
];

const DEFAULT_COUNTRY = 'India';

export function addressDraft(address?: Address): AddressInput {
  return {
    label: address?.label ?? 'Home',
    fullName: address?.fullName ?? '',
    phone: address?.phone ?? '',
    street: address?.street ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? DEFAULT_COUNTRY,
  };
}

const PHONE_CHARACTERS = /^\+?[\d\s\-()]+$/;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;

/**
 * Every field is required (spec section 5). The phone also has to look like one — a courier will dial
 * it — which is the one check beyond presence: 7 to 15 digits with the usual separators.
 */
export function validateAddress(draft: AddressInput): { errors: AddressErrors; input?: AddressInput } {
  const trimmed = Object.fromEntries(
    Object.entries(draft).map(([key, value]) => [key, String(value ?? '').trim()]),
  ) as unknown as AddressInput;
  const errors: AddressErrors = {};
  for (const { name, label } of ADDRESS_FIELDS) if (!trimmed[name]) errors[name] = `${label} is required`;

  const digits = trimmed.phone.replace(/\D/g, '').length;
  if (
    !errors.phone &&
    (!PHONE_CHARACTERS.test(trimmed.phone) || digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS)
  )
    errors.phone = 'Enter a valid phone number';

  return Object.keys(errors).length ? { errors } : { errors, input: trimmed };
}

/** One line for lists and the checkout selector: "12 MG Road, Indore, Madhya Pradesh 452001, India". */
export function addressLine(address: Pick<Address, 'street' | 'city' | 'state' | 'postalCode' | 'country'>) {
  const region = [address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.street, address.city, region, address.country].filter(Boolean).join(', ');
}
