import { describe, expect, it } from 'vitest';
import { createTemplateRegistry } from './email-template.js';
import { emailVerificationTemplate } from './templates/email-verification.template.js';

describe('template registry', () => {
  it('refuses two templates for one event type', () => {
    expect(() => createTemplateRegistry([emailVerificationTemplate, emailVerificationTemplate])).toThrow(
      'Two email templates for identity.email-verification.requested',
    );
  });
});
