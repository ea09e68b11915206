import { on, type Subscription } from '@spa/kit';
import type { TemplateRegistry } from '../domain/email-template.js';
import type { EmailJobSettings, EmailQueue } from '../email/email-jobs.js';
import { enqueueEmail } from './handlers/enqueue-email.handler.js';

export interface SubscriptionDeps {
  emailQueue: EmailQueue;
  templates: TemplateRegistry;
  jobSettings: EmailJobSettings;
}

/**
 * What the notification service consumes: every event that has an email template (today identity's
 * identity.email-verification.requested and identity.password-reset.requested). Events with other
 * effects (a reminder to schedule) would get their own `on(...)` line here.
 */
export function subscriptions({ emailQueue, templates, jobSettings }: SubscriptionDeps): Subscription[] {
  return templates
    .all()
    .map((template) => on(template.event, enqueueEmail(template, emailQueue, jobSettings)));
}
