export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Addresses are kept trimmed and in lower case, so one mailbox is one account however it is typed. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** A deliberately plain check (one @, a dot in the domain, no spaces): the emailed link proves the rest. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}
