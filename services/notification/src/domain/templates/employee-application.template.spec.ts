import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.js';
import { InvalidEmailData } from '../html.js';
import {
  employeeApplicationApprovedTemplate,
  employeeApplicationRejectedTemplate,
} from './employee-application.template.js';
import { emailTemplates } from './index.js';

/** These templates attach no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example', invoices: noInvoices };

const decided = create(identityV1.EmployeeApplicationDecidedSchema, {
  userId: 'u1',
  email: 'kavya@example.com',
  name: 'Kavya <i>Nair</i>',
  employeeRole: 'servicestaff',
  signInUrl: 'https://aranya.example/login',
});

async function render(template: typeof employeeApplicationApprovedTemplate, payload: unknown) {
  return renderEmail(await template.compose(payload as never, context), context);
}

describe('employee application emails', () => {
  it('are registered by the event types that send them', () => {
    expect(emailTemplates.get('identity.employee-application.approved')).toBe(
      employeeApplicationApprovedTemplate,
    );
    expect(emailTemplates.get('identity.employee-application.rejected')).toBe(
      employeeApplicationRejectedTemplate,
    );
  });

  it('approved: says so, names the role and links to sign in again', async () => {
    const email = await render(employeeApplicationApprovedTemplate, decided);
    expect(email.to).toEqual({ address: 'kavya@example.com', name: 'Kavya <i>Nair</i>' });
    expect(email.subject).toBe('Your Aranya Spa & Wellness staff account is approved');
    expect(email.text).toContain('approved your service staff account');
    expect(email.text).toContain('Sign in:\nhttps://aranya.example/login');
    expect(email.html).toContain('href="https://aranya.example/login"');
    expect(email.html).toContain('Hello Kavya,');
    expect(email.html).not.toContain('<i>Nair');
  });

  it('rejected: the account stays a customer account', async () => {
    const email = await render(employeeApplicationRejectedTemplate, { ...decided, employeeRole: 'Masseur' });
    expect(email.subject).toBe('About your Aranya Spa & Wellness staff account request');
    expect(email.text).toContain('has not approved your request for a Masseur account');
    expect(email.text).toContain('stays open as a customer account');
  });

  it('refuse a payload without an address or with a link that is not http(s)', async () => {
    await expect(
      render(employeeApplicationApprovedTemplate, { ...decided, email: '' }),
    ).rejects.toBeInstanceOf(InvalidEmailData);
    await expect(
      render(employeeApplicationRejectedTemplate, { ...decided, signInUrl: 'javascript:alert(1)' }),
    ).rejects.toBeInstanceOf(InvalidEmailData);
  });
});
