import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { EventDefinition } from '@spa/proto';
import type { EmailTemplate } from '../../domain/email-template.js';
import { InvalidEmailData, NoRecipientAddress } from '../../domain/html.js';
import {
  emailJobData,
  emailJobOptions,
  type EmailJobSettings,
  type EmailQueue,
} from '../../use-cases/email-jobs.js';

/**
 * An event that sends an email becomes a job on the email queue; the worker composes and sends it.
 * Enqueueing is idempotent by job id, so a handler re-run after a failed commit adds nothing new.
 * A malformed recipient is bad data (dead-lettered at once); a recipient with no address at all is
 * queued like any other, and the worker records the email as skipped (worker.ts).
 */
export function enqueueEmail(
  template: EmailTemplate,
  queue: EmailQueue,
  settings: EmailJobSettings,
): EventHandler<EventDefinition> {
  return async (_tx, payload, meta) => {
    if (template.wanted && !template.wanted(payload)) return;
    try {
      template.recipient(payload);
    } catch (error) {
      if (!(error instanceof InvalidEmailData)) throw error;
      // An empty address goes on to the queue all the same: the worker records the email as skipped.
      if (!(error instanceof NoRecipientAddress)) throw new PermanentEventError(error.message);
    }
    const data = emailJobData(template.event, payload, meta);
    await queue.add(template.event.type, data, emailJobOptions(meta.id, settings));
  };
}
