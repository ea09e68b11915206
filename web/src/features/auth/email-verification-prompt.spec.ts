import { describe, expect, it } from 'vitest';
import { needsVerificationPrompt } from './email-verification-prompt';

describe('needsVerificationPrompt', () => {
  const unverified = { token: 't', user: { isEmailVerified: false } };

  it('prompts a signed-in user whose email is not verified', () => {
    expect(needsVerificationPrompt(unverified, '/')).toBe(true);
    expect(needsVerificationPrompt(unverified, '/dashboard')).toBe(true);
  });

  it('leaves everyone else alone', () => {
    expect(needsVerificationPrompt({ token: null, user: null }, '/')).toBe(false);
    expect(needsVerificationPrompt({ token: 't', user: { isEmailVerified: true } }, '/')).toBe(false);
    // Unknown (an old stored session without the flag) is not "unverified".
    expect(needsVerificationPrompt({ token: 't', user: {} }, '/')).toBe(false);
    expect(needsVerificationPrompt(unverified, '/auth/verify-email/abc')).toBe(false);
  });
});
