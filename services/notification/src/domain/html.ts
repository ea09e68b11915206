const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attributes: user names may contain markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** Raised when an event cannot make an email (no recipient, a link that is not a web address). */
export class InvalidEmailData extends Error {
  override name = 'InvalidEmailData';
}

/** A link an email may carry: an absolute http(s) address, never javascript: or a relative path. */
export function webLink(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidEmailData(`${what} is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidEmailData(`${what} must be an http(s) URL`);
  return url.toString();
}

/**
 * The event names nobody to write to: its address is empty (a customer the front desk created with a
 * phone number only). Not bad data, so it is not dead-lettered or failed: the email is skipped, and
 * the worker records it as such (worker.ts).
 */
export class NoRecipientAddress extends InvalidEmailData {
  override name = 'NoRecipientAddress';
}

const EMAIL_ADDRESS = /^[^\s@<>()",;]+@[^\s@<>()",;]+$/;

export function emailAddress(value: string, what = 'recipient'): string {
  const address = value.trim();
  if (!address) throw new NoRecipientAddress(`${what} has no email address`);
  if (!EMAIL_ADDRESS.test(address)) throw new InvalidEmailData(`${what} "${value}" is not an email address`);
  return address;
}

/** "24 hours", "1 hour", "30 minutes", "2 days": how long a link stays valid, in words. */
export function describeDuration(seconds: number): string | undefined {
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds % 86_400 === 0 && seconds > 86_400) return plural(seconds / 86_400, 'day');
  if (seconds % 3_600 === 0) return plural(seconds / 3_600, 'hour');
  if (seconds >= 60) return plural(Math.round(seconds / 60), 'minute');
  return plural(Math.round(seconds), 'second');
}
