import { AppError } from '@spa/kit/errors';

/** A saved shipping address: every field is required (spec section 5). */
export interface AddressFields {
  label: string;
  fullName: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export type AddressInput = Partial<Record<keyof AddressFields, string>>;

const FIELDS: ReadonlyArray<{ key: keyof AddressFields; name: string; maxLength: number }> = [
  { key: 'label', name: 'Label', maxLength: 50 },
  { key: 'fullName', name: 'Full name', maxLength: 100 },
  { key: 'phone', name: 'Phone', maxLength: 20 },
  { key: 'street', name: 'Street', maxLength: 200 },
  { key: 'city', name: 'City', maxLength: 100 },
  { key: 'state', name: 'State', maxLength: 100 },
  { key: 'postalCode', name: 'Postal code', maxLength: 12 },
  { key: 'country', name: 'Country', maxLength: 100 },
];

export const ADDRESS_FIELD_KEYS = FIELDS.map((field) => field.key);

/** Whitespace runs (including line breaks pasted into a field) become one space; control characters go. */
function clean(value: string | undefined): string {
  return (value ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function formatProblem(key: keyof AddressFields, value: string): string | undefined {
  if (key === 'phone') {
    const digits = value.replace(/\D/g, '').length;
    if (!/^\+?[\d\s()-]+$/.test(value) || digits < 7 || digits > 15)
      return 'Phone must be a phone number of 7 to 15 digits';
  }
  if (key === 'postalCode' && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/.test(value))
    return 'Postal code must be 3 to 12 letters or digits';
  return undefined;
}

/**
 * Checks a whole address (an edit is merged onto the saved one first), reporting every problem at
 * once: 400 VALIDATION_FAILED, the first problem as the message, each in `details`.
 */
export function parseAddress(input: AddressInput, current?: AddressFields): AddressFields {
  const merged = { ...current, ...input };
  const problems: Array<{ field: string; message: string }> = [];
  const address = {} as AddressFields;
  for (const { key, name, maxLength } of FIELDS) {
    const value = clean(merged[key]);
    address[key] = value;
    const problem =
      value === ''
        ? `${name} is required`
        : value.length > maxLength
          ? `${name} must be at most ${maxLength} characters`
          : formatProblem(key, value);
    if (problem) problems.push({ field: key, message: problem });
  }
  if (problems.length > 0) throw new AppError(400, 'VALIDATION_FAILED', problems[0]!.message, problems);
  return address;
}
