import { createTemplateRegistry } from '../email-template.js';
import { accountClaimTemplate } from './account-claim.template.js';
import { bookingCancellationTemplate } from './booking-cancellation.template.js';
import { bookingConfirmationTemplate } from './booking-confirmation.template.js';
import { bookingPaymentReceiptTemplate } from './booking-payment-receipt.template.js';
import { bookingRescheduledTemplate } from './booking-rescheduled.template.js';
import {
  employeeApplicationApprovedTemplate,
  employeeApplicationRejectedTemplate,
} from './employee-application.template.js';
import { emailVerificationTemplate } from './email-verification.template.js';
import { invoiceIssuedTemplate, invoiceUpdatedTemplate } from './invoice.template.js';
import {
  orderCancelledTemplate,
  orderDeliveredTemplate,
  orderPaidTemplate,
  orderPlacedTemplate,
} from './order.template.js';
import { passwordResetTemplate } from './password-reset.template.js';
import { paymentRefundedTemplate } from './payment-refunded.template.js';
import { refundFailedTemplate } from './refund-failed.template.js';
import { reviewHiddenTemplate } from './review-hidden.template.js';
import { reviewRequestedTemplate } from './review-requested.template.js';
import { signUpAttemptTemplate } from './sign-up-attempt.template.js';
import { taxDocumentIssuedTemplate } from './tax-document.template.js';
import { waitlistOfferedTemplate } from './waitlist-offered.template.js';

/** Every email the service sends, keyed by the event type that triggers it. */
export const emailTemplates = createTemplateRegistry([
  emailVerificationTemplate,
  passwordResetTemplate,
  accountClaimTemplate,
  signUpAttemptTemplate,
  employeeApplicationApprovedTemplate,
  employeeApplicationRejectedTemplate,
  invoiceIssuedTemplate,
  invoiceUpdatedTemplate,
  taxDocumentIssuedTemplate,
  bookingConfirmationTemplate,
  bookingPaymentReceiptTemplate,
  bookingRescheduledTemplate,
  bookingCancellationTemplate,
  orderPlacedTemplate,
  orderPaidTemplate,
  orderDeliveredTemplate,
  orderCancelledTemplate,
  paymentRefundedTemplate,
  refundFailedTemplate,
  waitlistOfferedTemplate,
  reviewHiddenTemplate,
  reviewRequestedTemplate,
]);
