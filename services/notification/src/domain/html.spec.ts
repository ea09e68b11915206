import { describe, expect, it } from 'vitest';
import {
  describeDuration,
  emailAddress,
  escapeHtml,
  InvalidEmailData,
  NoRecipientAddress,
  webLink,
} from './html.js';

describe('escapeHtml', () => {
  it('escapes markup and both quote kinds', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & co`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co',
    );
  });
});

describe('webLink', () => {
  it('accepts absolute http and https addresses', () => {
    expect(webLink('https://spa.example/auth/verify-email/abc?x=1&y=2', 'link')).toBe(
      'https://spa.example/auth/verify-email/abc?x=1&y=2',
    );
    expect(webLink('http://127.0.0.1:8080/auth/reset-password/t', 'link')).toContain('127.0.0.1:8080');
  });

  it('refuses script links, relative paths and garbage', () => {
    expect(() => webLink('javascript:alert(1)', 'verify_url')).toThrow(InvalidEmailData);
    expect(() => webLink('/auth/verify-email/abc', 'verify_url')).toThrow('verify_url is not a valid URL');
    expect(() => webLink('', 'reset_url')).toThrow(InvalidEmailData);
  });
});

describe('emailAddress', () => {
  it('trims a plausible address and refuses anything else', () => {
    expect(emailAddress('  priya@example.com ')).toBe('priya@example.com');
    expect(() => emailAddress('')).toThrow(InvalidEmailData);
    expect(() => emailAddress('Priya <priya@example.com>')).toThrow(InvalidEmailData);
    expect(() => emailAddress('a@b.com, c@d.com')).toThrow(InvalidEmailData);
  });

  it('tells an empty address (nobody to write to) apart from a malformed one', () => {
    expect(() => emailAddress('')).toThrow(NoRecipientAddress);
    expect(() => emailAddress('   ')).toThrow(NoRecipientAddress);
    expect(() => emailAddress('not an address')).not.toThrow(NoRecipientAddress);
  });
});

describe('describeDuration', () => {
  it('says how long a link lasts in words', () => {
    expect(describeDuration(86_400)).toBe('24 hours');
    expect(describeDuration(3_600)).toBe('1 hour');
    expect(describeDuration(1_800)).toBe('30 minutes');
    expect(describeDuration(3 * 86_400)).toBe('3 days');
    expect(describeDuration(0)).toBeUndefined();
    expect(describeDuration(Number.NaN)).toBeUndefined();
  });
});
