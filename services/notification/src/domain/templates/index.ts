import { createTemplateRegistry } from '../email-template.js';
import { emailVerificationTemplate } from './email-verification.template.js';
import { invoiceIssuedTemplate, invoiceUpdatedTemplate } from './invoice.template.js';
import { passwordResetTemplate } from './password-reset.template.js';

/** Every email the service sends, keyed by the event type that triggers it. */
export const emailTemplates = createTemplateRegistry([
  emailVerificationTemplate,
  passwordResetTemplate,
  invoiceIssuedTemplate,
  invoiceUpdatedTemplate,
]);
