import type { ComposedEmail, EmailAttachment, Recipient } from './email-template.js';
import { renderHtml, renderText, type LayoutContext } from './email-layout.js';

export interface RenderedEmail {
  to: Recipient;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
}

export function renderEmail(email: ComposedEmail, context: LayoutContext): RenderedEmail {
  return {
    to: email.to,
    subject: email.subject,
    html: renderHtml(email.content, context),
    text: renderText(email.content),
    attachments: email.attachments ?? [],
  };
}
