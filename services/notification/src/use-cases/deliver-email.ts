import type { Database } from '@spa/kit';
import { claimSentEmail, recordSent } from '../db/sent-emails.repository.js';
import type { RenderedEmail } from '../domain/render-email.js';
import type { Mailer } from '../integrations/mailer.js';

export interface Delivery {
  eventId: string;
  eventType: string;
  purpose: string;
  messageId: string;
  email: RenderedEmail;
  /** The template's sentOnceFor key: sent at most once for it, whatever the event. */
  onceKey?: string;
}

export type DeliveryOutcome = 'sent' | 'already-sent';

/**
 * Sends an email at most once per (event, purpose), and at most once per `onceKey` when it has one. The record is claimed and the email sent in one
 * transaction: a failed send rolls the claim back so the retry can send; a successful one commits it,
 * so a retried or duplicated job finds it and sends nothing. A concurrent second attempt waits on the
 * claim's row lock and then sees it. (A crash between the SMTP answer and the commit can still send
 * again: SMTP has no idempotency, and a second email beats a lost one.)
 */
export async function deliverOnce(
  db: Database,
  mailer: Mailer,
  delivery: Delivery,
): Promise<DeliveryOutcome> {
  return db.transaction(async (tx) => {
    const claim = await claimSentEmail(tx, {
      eventId: delivery.eventId,
      purpose: delivery.purpose,
      eventType: delivery.eventType,
      recipient: delivery.email.to.address,
      subject: delivery.email.subject,
      onceKey: delivery.onceKey ?? null,
    });
    if (!claim) return 'already-sent';
    const info = await mailer.send({
      ...delivery.email,
      messageId: delivery.messageId,
      headers: { 'X-Event-Id': delivery.eventId, 'X-Event-Type': delivery.eventType },
    });
    await recordSent(tx, claim, info.messageId);
    return 'sent';
  });
}
