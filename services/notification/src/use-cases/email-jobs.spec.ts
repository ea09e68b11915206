import { describe, expect, it } from 'vitest';
import { emailJobId, emailJobOptions } from './email-jobs.js';
import { senderDomain } from '../integrations/mailer.js';

describe('email jobs', () => {
  it('are named after their event, so a redelivered event cannot enqueue twice', () => {
    expect(emailJobId('9b1c')).toBe('9b1c.email');
    expect(emailJobOptions('9b1c', { attempts: 5, backoffMs: 10_000 })).toMatchObject({
      jobId: '9b1c.email',
      attempts: 5,
      backoff: { type: 'exponential', delay: 10_000 },
    });
  });

  it('take message ids from the sender domain', () => {
    expect(senderDomain('Aranya Spa & Wellness <no-reply@aranyaspa.in>')).toBe('aranyaspa.in');
    expect(senderDomain('alerts@example.org')).toBe('example.org');
    expect(senderDomain('nobody')).toBe('localhost');
  });
});
