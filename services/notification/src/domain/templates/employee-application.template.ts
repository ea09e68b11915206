import { events } from '@spa/proto';
import { brand } from '../brand.js';
import { defineTemplate } from '../email-template.js';
import { emailAddress, webLink } from '../html.js';
import { greetingFor } from './greeting.js';

/** A readable role name for the email: "servicestaff" reads as "service staff". */
function roleName(employeeRole: string): string {
  const role = employeeRole.trim();
  if (!role) return 'employee';
  return role.toLowerCase() === 'servicestaff' ? 'service staff' : role;
}

/** An admin approved a self-registered employee: sign in again to get the staff screens. */
export const employeeApplicationApprovedTemplate = defineTemplate({
  event: events.employeeApplicationApproved,
  recipient: (payload) => ({ address: emailAddress(payload.email), name: payload.name }),
  compose(payload) {
    return {
      to: { address: emailAddress(payload.email), name: payload.name },
      subject: `Your ${brand.name} staff account is approved`,
      content: {
        preview: 'You can now sign in as a member of the team.',
        heading: 'Welcome to the team',
        greeting: greetingFor(payload.name),
        paragraphs: [
          `An administrator has approved your ${roleName(payload.employeeRole)} account at ${brand.name}.`,
          'Sign in again to see your appointments and the staff screens; you were signed out everywhere so that your next sign-in carries the new access.',
        ],
        action: { label: 'Sign in', url: webLink(payload.signInUrl, 'sign_in_url') },
        notes: [`Questions? Call us on ${brand.phone} or write to ${brand.email}.`],
      },
    };
  },
});

/** An admin rejected a self-registered employee: the account stays a customer account. */
export const employeeApplicationRejectedTemplate = defineTemplate({
  event: events.employeeApplicationRejected,
  recipient: (payload) => ({ address: emailAddress(payload.email), name: payload.name }),
  compose(payload) {
    return {
      to: { address: emailAddress(payload.email), name: payload.name },
      subject: `About your ${brand.name} staff account request`,
      content: {
        preview: 'Your account stays open as a customer account.',
        heading: 'Your staff account request',
        greeting: greetingFor(payload.name),
        paragraphs: [
          `An administrator has not approved your request for a ${roleName(payload.employeeRole)} account at ${brand.name}.`,
          'Your account stays open as a customer account: you can still book treatments, shop and see your bills. Please sign in again.',
        ],
        action: { label: 'Sign in', url: webLink(payload.signInUrl, 'sign_in_url') },
        notes: [
          `If you think this is a mistake, please talk to the spa: call ${brand.phone} or write to ${brand.email}.`,
        ],
      },
    };
  },
});
