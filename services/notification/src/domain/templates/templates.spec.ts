import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { InvalidEmailData } from '../html.js';
import { renderEmail } from '../../domain/render-email.js';
import { emailVerificationTemplate } from './email-verification.template.js';
import { emailTemplates } from './index.js';
import { passwordResetTemplate } from './password-reset.template.js';

/** These templates attach no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example', invoices: noInvoices };

const verification = create(identityV1.EmailVerificationRequestedSchema, {
  userId: 'u1',
  email: 'priya@example.com',
  name: '<b>Priya</b> "Sharma" & Co',
  verifyUrl: 'https://aranya.example/auth/verify-email/tok123?a=1&b=2',
  expiresInSeconds: 86_400n,
});

const reset = create(identityV1.PasswordResetRequestedSchema, {
  userId: 'u1',
  email: 'priya@example.com',
  name: 'Priya Sharma',
  resetUrl: 'https://aranya.example/auth/reset-password/r3s3t',
  expiresInSeconds: 3_600n,
});

async function render(template: typeof emailVerificationTemplate, payload: unknown) {
  return renderEmail(await template.compose(payload as never, context), context);
}

describe('email templates', () => {
  it('are registered by the event type that sends them', () => {
    expect(emailTemplates.get('identity.email-verification.requested')).toBe(emailVerificationTemplate);
    expect(emailTemplates.get('identity.password-reset.requested')).toBe(passwordResetTemplate);
    expect(emailTemplates.get('identity.user.registered')).toBeUndefined();
  });

  it('verification: branded HTML and text with the working link, the name escaped', async () => {
    const email = await render(emailVerificationTemplate, verification);
    expect(email.to).toEqual({ address: 'priya@example.com', name: '<b>Priya</b> "Sharma" & Co' });
    expect(email.subject).toBe('Verify your email for Aranya Spa & Wellness');
    expect(email.html).toContain('Hello &lt;b&gt;Priya&lt;/b&gt;,');
    expect(email.html).not.toContain('<b>Priya');
    expect(email.html).toContain('href="https://aranya.example/auth/verify-email/tok123?a=1&amp;b=2"');
    expect(email.html).toContain('Aranya Spa &amp; Wellness');
    expect(email.html).toContain('expires in 24 hours');
    expect(email.text).toContain(
      'Verify email address:\nhttps://aranya.example/auth/verify-email/tok123?a=1&b=2',
    );
    expect(email.text).toContain('Hello <b>Priya</b>,');
    expect(email.text).toContain('Indore, Madhya Pradesh 452010');
  });

  it('reset: says how long the link lasts and how to reach the spa', async () => {
    const email = await render(passwordResetTemplate, reset);
    expect(email.subject).toBe('Reset your Aranya Spa & Wellness password');
    expect(email.html).toContain('href="https://aranya.example/auth/reset-password/r3s3t"');
    expect(email.text).toContain('This link works once and expires in 1 hour.');
    expect(email.text).toContain('Hello Priya,');
    expect(email.html).toContain('href="https://aranya.example"');
  });

  it('refuses an event whose link is not a web address or whose recipient is missing', async () => {
    const badLink = create(identityV1.PasswordResetRequestedSchema, {
      ...reset,
      resetUrl: 'javascript:alert(1)',
    });
    await expect(render(passwordResetTemplate, badLink)).rejects.toThrow(InvalidEmailData);
    const noEmail = create(identityV1.EmailVerificationRequestedSchema, { ...verification, email: '' });
    expect(() => emailVerificationTemplate.recipient(noEmail as never)).toThrow(InvalidEmailData);
  });

  it('greets plainly when the name is empty', async () => {
    const nameless = create(identityV1.EmailVerificationRequestedSchema, { ...verification, name: '  ' });
    const email = await render(emailVerificationTemplate, nameless);
    expect(email.text).toContain('\nHello,\n');
  });
});
