import type { FieldIssue } from './user.js';

const NAME_MAX_LENGTH = 100;
const LOCATION_MAX_LENGTH = 100;
export const INVALID_PHONE_MESSAGE =
  'Please enter a valid phone number (digits, spaces, dashes, brackets and a leading +).';

/** A person's name, trimmed; an issue when it is blank or too long. */
export function readName(raw: string): { name: string } | { issue: FieldIssue } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return { issue: { field: 'name', message: 'Name is required.' } };
  if (name.length > NAME_MAX_LENGTH)
    return { issue: { field: 'name', message: `Name must be at most ${NAME_MAX_LENGTH} characters.` } };
  return { name };
}

/** An optional phone number: blank means none; otherwise 7 to 15 digits with the usual separators. */
export function readPhone(raw: string | null | undefined): { phone: string | null } | { issue: FieldIssue } {
  const phone = raw?.trim() ?? '';
  if (!phone) return { phone: null };
  const digits = phone.replace(/\D/g, '').length;
  if (!/^\+?[0-9 ()-]+$/.test(phone) || digits < 7 || digits > 15)
    return { issue: { field: 'phone', message: INVALID_PHONE_MESSAGE } };
  return { phone };
}

/** A working location (a branch or area name), trimmed; blank means none. */
export function readLocation(
  raw: string | null | undefined,
): { workingLocation: string | null } | { issue: FieldIssue } {
  const workingLocation = raw?.trim().replace(/\s+/g, ' ') ?? '';
  if (workingLocation.length > LOCATION_MAX_LENGTH)
    return {
      issue: {
        field: 'workingLocation',
        message: `Working location must be at most ${LOCATION_MAX_LENGTH} characters.`,
      },
    };
  return { workingLocation: workingLocation || null };
}
