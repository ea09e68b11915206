import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { InvalidEmailData, NoRecipientAddress } from '../html.js';
import { renderEmail } from '../render-email.js';
import { accountClaimTemplate } from './account-claim.template.js';
import { emailTemplates } from './index.js';

/** This template attaches no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example', invoices: noInvoices };

const invited = create(identityV1.AccountClaimInvitedSchema, {
  userId: 'u1',
  email: 'ravi@example.com',
  name: 'Ravi <b>Kumar</b> & "Sons"',
  claimUrl: 'https://aranya.example/auth/reset-password/cl41m?a=1&b=2',
  expiresInSeconds: 7n * 86_400n,
});

async function render(payload: unknown) {
  return renderEmail(await accountClaimTemplate.compose(payload as never, context), context);
}

describe('account claim email (a walk-in customer the front desk created)', () => {
  it('is registered by the event type that sends it', () => {
    expect(emailTemplates.get('identity.account.claim-invited')).toBe(accountClaimTemplate);
  });

  it('says the account is ready, greets by name, and links to set a password', async () => {
    const email = await render(invited);
    expect(email.to).toEqual({ address: 'ravi@example.com', name: 'Ravi <b>Kumar</b> & "Sons"' });
    expect(email.subject).toBe('Your Aranya Spa & Wellness account is ready');
    expect(email.html).toContain('Hello Ravi,');
    expect(email.text).toContain('Our front desk booked for you at Aranya Spa & Wellness');
    expect(email.html).toContain('Our front desk booked for you at Aranya Spa &amp; Wellness');
    expect(email.html).toContain('href="https://aranya.example/auth/reset-password/cl41m?a=1&amp;b=2"');
    expect(email.html).toContain('>Set your password</a>');
    expect(email.text).toContain(
      'Set your password:\nhttps://aranya.example/auth/reset-password/cl41m?a=1&b=2',
    );
    expect(email.text).toContain('This link works once and expires in 7 days.');
  });

  it('escapes the name in the HTML', async () => {
    const email = await render(invited);
    expect(email.html).not.toContain('<b>Kumar');
    expect(email.html).not.toContain('"Sons"');
    expect(email.text).toContain('Hello Ravi,');
  });

  it('refuses a link that is not http(s); an empty address is nobody to write to', async () => {
    await expect(render({ ...invited, claimUrl: 'javascript:alert(1)' })).rejects.toBeInstanceOf(
      InvalidEmailData,
    );
    expect(() => accountClaimTemplate.recipient({ ...invited, email: '' } as never)).toThrow(
      NoRecipientAddress,
    );
  });
});
