/**
 * Reads the SMTP sink's inbox (maildev's REST API) for one recipient. The inbox is shared by every
 * developer's tests, so journeys send to addresses of their own and filter by recipient; nobody ever
 * deletes it.
 */
export interface InboxEmail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string; name?: string }>;
  date: string;
  attachments?: Array<{ fileName: string; generatedFileName: string; contentType: string; length: number }>;
}

const INBOX_URL = process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:1080';

export async function emailsTo(address: string): Promise<InboxEmail[]> {
  const url = new URL('/email', INBOX_URL);
  url.searchParams.set('to.address', address);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the inbox answered ${response.status}`);
  return (await response.json()) as InboxEmail[];
}

/** The bytes of one attachment of an email, as maildev stores it. */
export async function emailAttachment(email: InboxEmail, generatedFileName: string): Promise<Buffer> {
  const url = new URL(`/email/${email.id}/attachment/${encodeURIComponent(generatedFileName)}`, INBOX_URL);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the inbox answered ${response.status} for an attachment`);
  return Buffer.from(await response.arrayBuffer());
}

/** Waits for an email to the address whose subject matches, and answers it. */
export async function waitForEmail(
  address: string,
  subject: RegExp,
  { timeoutMs = 30_000 } = {},
): Promise<InboxEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await emailsTo(address)).find((email) => subject.test(email.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email matching ${subject} reached ${address} within ${timeoutMs / 1000} s`);
}

/** The link in an email's plain-text part that goes to the given path of the app. */
export function linkTo(email: InboxEmail, pathPrefix: string): string {
  const link = email.text
    .split(/\s+/)
    .find((word) => /^https?:\/\//.test(word) && new URL(word).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`the email "${email.subject}" has no link to ${pathPrefix}`);
  return link;
}

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@journeys.test`;
}
