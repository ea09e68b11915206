import { create } from '@bufbuild/protobuf';
import { identityV1 } from '@spa/proto';
import { describe, expect, it } from 'vitest';
import { InvalidEmailData } from '../html.js';
import { renderEmail } from '../render-email.js';
import { emailTemplates } from './index.js';
import { signUpAttemptTemplate } from './sign-up-attempt.template.js';

/** This template attaches no invoice: asking for one is a bug. */
const noInvoices = {
  pdfOf: (): Promise<Buffer> => Promise.reject(new Error('this email attaches no invoice')),
};

const context = { appUrl: 'https://aranya.example', invoices: noInvoices };

const attempted = create(identityV1.SignUpAttemptedSchema, {
  userId: 'u1',
  email: 'asha@example.com',
  name: 'Asha <i>Rao</i>',
  signInUrl: 'https://aranya.example/login',
  resetUrl: 'https://aranya.example/auth/reset-password/r3s3t?a=1&b=2',
  expiresInSeconds: 3_600n,
});

async function render(payload: unknown) {
  return renderEmail(await signUpAttemptTemplate.compose(payload as never, context), context);
}

describe('sign-up attempt email (someone signed up with the address of an existing account)', () => {
  it('is registered by the event type that sends it', () => {
    expect(emailTemplates.get('identity.account.sign-up-attempted')).toBe(signUpAttemptTemplate);
  });

  it('tells the owner no new account was made, with a sign-in link and a password-reset link', async () => {
    const email = await render(attempted);
    expect(email.to).toEqual({ address: 'asha@example.com', name: 'Asha <i>Rao</i>' });
    expect(email.subject).toBe('Someone tried to sign up with your email at Aranya Spa & Wellness');
    expect(email.html).toContain('Hello Asha,');
    expect(email.text).toContain('so no new account was made');
    expect(email.html).toContain('href="https://aranya.example/login"');
    expect(email.html).toContain('>Sign in</a>');
    expect(email.html).toContain('href="https://aranya.example/auth/reset-password/r3s3t?a=1&amp;b=2"');
    expect(email.text).toContain('Sign in:\nhttps://aranya.example/login');
    expect(email.text).toContain(
      'Set a new password:\nhttps://aranya.example/auth/reset-password/r3s3t?a=1&b=2',
    );
    expect(email.text).toContain('The password link works once and expires in 1 hour.');
    expect(email.html).not.toContain('<i>Rao');
  });

  it('refuses links that are not http(s)', async () => {
    await expect(render({ ...attempted, resetUrl: 'javascript:alert(1)' })).rejects.toBeInstanceOf(
      InvalidEmailData,
    );
    await expect(render({ ...attempted, signInUrl: 'data:text/html,x' })).rejects.toBeInstanceOf(
      InvalidEmailData,
    );
  });
});
