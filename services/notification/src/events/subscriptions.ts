import { on, type Subscription } from '@spa/kit';
import { events } from '@spa/proto';
import type { TemplateRegistry } from '../domain/email-template.js';
import type { EmailJobSettings, EmailQueue } from '../use-cases/email-jobs.js';
import { withBookingReminders } from './handlers/booking-reminders.handler.js';
import { enqueueEmail } from './handlers/enqueue-email.handler.js';
import { recipientErased } from './handlers/recipient-erased.handler.js';
import { userErased } from './handlers/user-erased.handler.js';

export interface SubscriptionDeps {
  emailQueue: EmailQueue;
  templates: TemplateRegistry;
  jobSettings: EmailJobSettings;
}

/**
 * What the notification service consumes: every event that has an email template (identity's account
 * emails, billing's invoices, booking's appointment emails), plus booking's appointment events for the
 * 24-hour reminder, a delayed job (handlers/booking-reminders.handler.ts), and identity.user.erased,
 * on which the record of the emails sent to an erased customer loses their address.
 */
export function subscriptions({ emailQueue, templates, jobSettings }: SubscriptionDeps): Subscription[] {
  return [
    ...withBookingReminders(
      templates.all().map((template) => on(template.event, enqueueEmail(template, emailQueue, jobSettings))),
      { emailQueue, jobSettings },
    ),
    on(events.userErased, userErased),
  ];
}

/**
 * The read models, built by the read-model consumer (events/consumers.ts) from compacted topics: the
 * suppression list of erased addresses, from identity.erased-recipient.v1.
 */
export const readModelSubscriptions: Subscription[] = [on(events.recipientErased, recipientErased)];
