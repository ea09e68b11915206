import { create, toJson } from '@bufbuild/protobuf';
import type { Database, Logger } from '@spa/kit';
import { bookingV1, identityV1 } from '@spa/proto';
import { UnrecoverableError, type Job } from 'bullmq';
import { describe, expect, it, vi } from 'vitest';
import { emailTemplates } from './domain/templates/index.js';
import { bookingReminderJob } from './domain/templates/booking-reminder.template.js';
import type { EmailJobData } from './use-cases/email-jobs.js';
import type { Mailer } from './integrations/mailer.js';
import { emailJobProcessor } from './worker.js';

/**
 * The skip needs no I/O: it happens before the delivery record is claimed and before SMTP, so a
 * database or mailer that is touched at all fails the test.
 */
function processorWithoutIo() {
  const info = vi.fn();
  const untouchable = new Proxy(
    {},
    {
      get: (_target, property) => {
        throw new Error(`nothing should be sent or recorded (touched ${String(property)})`);
      },
    },
  );
  const process = emailJobProcessor({
    db: untouchable as Database,
    logger: { info, warn: vi.fn(), error: vi.fn() } as unknown as Logger,
    mailer: untouchable as Mailer,
    templates: emailTemplates,
    appUrl: 'https://aranya.example',
    billingUrl: 'http://127.0.0.1:9',
    mailFrom: 'Aranya Spa & Wellness <no-reply@aranyaspa.in>',
  });
  return { process, info };
}

const appointment = (customerEmail: string) =>
  create(bookingV1.AppointmentSchema, {
    id: 'a1',
    appointmentCode: 'APT-20261121-1234',
    customerName: 'Ravi Kumar',
    customerEmail,
    serviceName: 'Swedish Massage',
    paymentMethod: 'cash',
    startMs: 1_795_000_000_000n,
    endMs: 1_795_003_600_000n,
    timeZone: 'Asia/Kolkata',
  });

const job = (name: string, eventType: string, payload: EmailJobData['payload']) =>
  ({
    name,
    attemptsMade: 0,
    data: { eventId: 'e1', eventType, occurredAt: new Date(0).toISOString(), payload },
  }) as Job<EmailJobData>;

describe('email worker: a recipient without an address', () => {
  it("skips a phone-only customer's booking confirmation: not sent, not failed, recorded as skipped", async () => {
    const { process, info } = processorWithoutIo();
    const booked = create(bookingV1.AppointmentBookedSchema, { appointment: appointment('') });
    const outcome = await process(
      job(
        'booking.appointment.booked',
        'booking.appointment.booked',
        toJson(bookingV1.AppointmentBookedSchema, booked),
      ),
    );
    expect(outcome).toBe('skipped-no-address');
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: 'e1', outcome: 'skipped-no-address' }),
      'email skipped: the recipient has no email address',
    );
  });

  it('skips the reminder of such a customer too (a delayed job, not an event)', async () => {
    const { process } = processorWithoutIo();
    const outcome = await process(
      job(
        bookingReminderJob.type,
        bookingReminderJob.type,
        toJson(bookingV1.AppointmentSchema, appointment('  ')),
      ),
    );
    expect(outcome).toBe('skipped-no-address');
  });

  it('still fails a malformed address for good (bad data, no retry)', async () => {
    const { process } = processorWithoutIo();
    const reset = create(identityV1.PasswordResetRequestedSchema, {
      email: 'not an address',
      name: 'Ravi',
      resetUrl: 'https://aranya.example/auth/reset-password/x',
    });
    await expect(
      process(
        job(
          'identity.password-reset.requested',
          'identity.password-reset.requested',
          toJson(identityV1.PasswordResetRequestedSchema, reset),
        ),
      ),
    ).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
