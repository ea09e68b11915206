import { testInfra } from '@spa/kit/testing';

/** An email as the SMTP sink (maildev) answers it on GET /email. */
export interface InboxEmail {
  id: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  headers: Record<string, string>;
  attachments?: Array<{ contentType: string; fileName: string; generatedFileName: string }>;
}

/**
 * The emails to one address. The inbox is shared with everyone's tests, so tests send to addresses
 * of their own and filter by recipient; nobody ever empties it.
 */
export async function emailsTo(address: string): Promise<InboxEmail[]> {
  const url = new URL('/email', testInfra.mailInboxUrl);
  url.searchParams.set('to.address', address);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as InboxEmail[];
}

/** A recipient nobody else uses. */
export function uniqueAddress(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@notification.test`;
}

/** The text of an email's attachment whose content type starts with `contentType`, as the sink kept it. */
export async function attachmentText(email: InboxEmail, contentType: string): Promise<string> {
  const attachment = email.attachments?.find((candidate) => candidate.contentType.startsWith(contentType));
  if (!attachment) throw new Error(`"${email.subject}" has no ${contentType} attachment`);
  const url = new URL(
    `/email/${email.id}/attachment/${encodeURIComponent(attachment.generatedFileName)}`,
    testInfra.mailInboxUrl,
  );
  const response = await fetch(url);
  if (!response.ok) throw new Error(`inbox answered ${response.status} for ${url}`);
  return response.text();
}
