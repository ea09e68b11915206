import type { EventDefinition, EventPayload } from '@spa/proto';
import type { EmailContent } from './email-layout.js';

export interface Recipient {
  address: string;
  name?: string;
}

export interface EmailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

/** A template's answer: the layout renders content; attachments (an invoice PDF) travel beside it. */
export interface ComposedEmail {
  to: Recipient;
  subject: string;
  content: EmailContent;
  attachments?: EmailAttachment[];
}

/** A manual bill, or a GST document billing issued from a sale, an order or a refund. */
export type PdfSource = 'bill' | 'tax-document';

/** Where an invoice email's PDF comes from (billing renders it; the integration fetches it). */
export interface InvoicePdfs {
  /**
   * The PDF as billing renders it now, of a bill (the default) or a tax document; undefined when it
   * does not exist. Throws otherwise.
   */
  pdfOf(id: string, source?: PdfSource): Promise<Buffer | undefined>;
}

export interface TemplateContext {
  appUrl: string;
  invoices: InvoicePdfs;
}

/**
 * The email one event type sends. A new email (booking confirmation, order receipt, invoice) is a new
 * template in ./templates and one line in the registry; the queue, worker and delivery stay as they are.
 */
export interface EmailTemplate<E extends EventDefinition = EventDefinition> {
  event: E;
  /**
   * Whether this event sends an email at all (a bill without an email address does not). Checked on
   * arrival; absent means always.
   */
  wanted?(payload: EventPayload<E>): boolean;
  /**
   * When this email goes once per thing rather than once per event: that thing's key (a review request:
   * its visit's source id). Another event about the same thing sends nothing; catalogue announces a
   * visit's request again when its database is rebuilt from the topics, and the customer was asked
   * already. Absent: once per event.
   */
  sentOnceFor?(payload: EventPayload<E>): string;
  /** Who receives it. Throws InvalidEmailData when the event cannot make an email: checked on arrival. */
  recipient(payload: EventPayload<E>): Recipient;
  /** Runs in the worker, so it may be slow or fetch things (a PDF to attach). */
  compose(payload: EventPayload<E>, context: TemplateContext): ComposedEmail | Promise<ComposedEmail>;
}

export function defineTemplate<E extends EventDefinition>(template: EmailTemplate<E>): EmailTemplate {
  return template;
}

export interface TemplateRegistry {
  get(eventType: string): EmailTemplate | undefined;
  all(): EmailTemplate[];
}

export function createTemplateRegistry(templates: EmailTemplate[]): TemplateRegistry {
  const byType = new Map<string, EmailTemplate>();
  for (const template of templates) {
    if (byType.has(template.event.type)) throw new Error(`Two email templates for ${template.event.type}`);
    byType.set(template.event.type, template);
  }
  return { get: (eventType) => byType.get(eventType), all: () => [...byType.values()] };
}
