import { randomUUID } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { eventually, testInfra } from '@spa/kit/testing';
import { envelopeV1, events, identityV1 } from '@spa/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { emailJobId } from '../src/use-cases/email-jobs.js';
import { startFlakySmtp } from './support/flaky-smtp.js';
import { emailsTo, uniqueAddress } from './support/inbox.js';
import { APP_URL, createNotificationWorld, type NotificationWorld } from './support/notification-world.js';

let world: NotificationWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function oneEmailTo(address: string) {
  return eventually(
    async () => {
      const emails = await emailsTo(address);
      expect(emails).toHaveLength(1);
      return emails[0]!;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
}

async function sentRows(current: NotificationWorld) {
  const { rows } = await current.deps.database.pool.query<{ event_id: string; recipient: string }>(
    'select event_id, recipient from sent_emails order by sent_at',
  );
  return rows;
}

const smtpTarget = () => {
  const url = new URL(testInfra.smtpUrl);
  return { host: url.hostname, port: Number(url.port) };
};

describe('notification: identity emails through Kafka, BullMQ and SMTP', () => {
  it('sends the verification email with its link, from the brand, in HTML and text', async () => {
    world = await createNotificationWorld('verify');
    world.startWorker();
    const address = uniqueAddress('verify');
    const verifyUrl = `${APP_URL}/auth/verify-email/${randomUUID()}`;
    const published = await world.requestVerification({
      userId: randomUUID(),
      email: address,
      name: 'Meera <i>Iyer</i>',
      verifyUrl,
      expiresInSeconds: 86_400n,
    });

    const email = await oneEmailTo(address);
    expect(email.subject).toBe('Verify your email for Aranya Spa & Wellness');
    expect(email.from[0]).toEqual({ address: 'no-reply@aranyaspa.in', name: 'Aranya Spa & Wellness' });
    expect(email.to[0]).toEqual({ address, name: 'Meera <i>Iyer</i>' });
    expect(email.html).toContain(`href="${verifyUrl}"`);
    expect(email.html).toContain('Hello Meera,');
    expect(email.html).toContain('expires in 24 hours');
    expect(email.text).toContain(`Verify email address:\n${verifyUrl}`);
    expect(email.messageId).toBe(`${published.id}.email@aranyaspa.in`);
    expect(await sentRows(world)).toEqual([{ event_id: published.id, recipient: address }]);
  });

  it('sends the password reset email with its link', async () => {
    world = await createNotificationWorld('reset');
    world.startWorker();
    const address = uniqueAddress('reset');
    const resetUrl = `${APP_URL}/auth/reset-password/${randomUUID()}`;
    await world.requestPasswordReset({
      userId: randomUUID(),
      email: address,
      name: 'Arjun Rao',
      resetUrl,
      expiresInSeconds: 3_600n,
    });

    const email = await oneEmailTo(address);
    expect(email.subject).toBe('Reset your Aranya Spa & Wellness password');
    expect(email.html).toContain(`href="${resetUrl}"`);
    expect(email.text).toContain(`Set a new password:\n${resetUrl}`);
    expect(email.text).toContain('expires in 1 hour');
  });

  it('invites a walk-in customer the front desk created to set a password', async () => {
    world = await createNotificationWorld('claim');
    world.startWorker();
    const address = uniqueAddress('claim');
    const claimUrl = `${APP_URL}/auth/reset-password/${randomUUID()}`;
    await world.inviteToClaim({
      userId: randomUUID(),
      email: address,
      name: 'Ravi <b>Kumar</b>',
      claimUrl,
      expiresInSeconds: 7n * 86_400n,
    });

    const email = await oneEmailTo(address);
    expect(email.subject).toBe('Your Aranya Spa & Wellness account is ready');
    expect(email.to[0]).toEqual({ address, name: 'Ravi <b>Kumar</b>' });
    expect(email.html).toContain('Hello Ravi,');
    expect(email.html).toContain(`href="${claimUrl}"`);
    expect(email.text).toContain(`Set your password:\n${claimUrl}`);
    expect(email.text).toContain('Our front desk booked for you');
    expect(email.text).toContain('expires in 7 days');
  });

  // A dead-lettered event never gets a job (see "turns away an event..." below); this one gets a job
  // that completes at its first attempt with the outcome "skipped-no-address".
  it('skips an email whose recipient has no address: not sent, not retried, not dead-lettered', async () => {
    world = await createNotificationWorld('no-address');
    world.startWorker();
    const current = world;
    const userId = randomUUID();
    const nobody = await current.inviteToClaim({
      userId,
      email: '',
      name: 'Phone Only',
      claimUrl: `${APP_URL}/auth/reset-password/${randomUUID()}`,
      expiresInSeconds: 7n * 86_400n,
    });
    // An event after it on the same key: once its email is out, the empty one was handled.
    const marker = uniqueAddress('after-no-address');
    await current.inviteToClaim({
      userId,
      email: marker,
      name: 'Marker',
      claimUrl: `${APP_URL}/auth/reset-password/${randomUUID()}`,
      expiresInSeconds: 7n * 86_400n,
    });

    await oneEmailTo(marker);
    const skipped = await current.emailQueue.getJob(emailJobId(nobody.id));
    await eventually(async () => expect(await skipped!.isCompleted()).toBe(true));
    const done = await current.emailQueue.getJob(emailJobId(nobody.id));
    expect(done!.returnvalue).toBe('skipped-no-address');
    expect(done!.attemptsMade).toBe(1);
    // Nothing was handed to SMTP for it: the only delivery record is the marker's.
    expect((await sentRows(current)).map((row) => row.recipient)).toEqual([marker]);
  });

  it("tells an employee applicant an admin's decision, approved or rejected", async () => {
    world = await createNotificationWorld('application');
    world.startWorker();
    const approvedAddress = uniqueAddress('approved');
    const rejectedAddress = uniqueAddress('rejected');
    const signInUrl = `${APP_URL}/login`;
    await world.decideApplication('approved', {
      userId: randomUUID(),
      email: approvedAddress,
      name: 'Kavya Nair',
      employeeRole: 'receptionist',
      signInUrl,
    });
    await world.decideApplication('rejected', {
      userId: randomUUID(),
      email: rejectedAddress,
      name: 'Dev Kapoor',
      employeeRole: 'manager',
      signInUrl,
    });

    const approved = await oneEmailTo(approvedAddress);
    expect(approved.subject).toBe('Your Aranya Spa & Wellness staff account is approved');
    expect(approved.html).toContain(`href="${signInUrl}"`);
    expect(approved.text).toContain('approved your receptionist account');
    const rejected = await oneEmailTo(rejectedAddress);
    expect(rejected.subject).toBe('About your Aranya Spa & Wellness staff account request');
    expect(rejected.text).toContain('stays open as a customer account');
  });

  it('sends one email when the same event is delivered twice', async () => {
    world = await createNotificationWorld('duplicate');
    world.startWorker();
    const current = world;
    const address = uniqueAddress('duplicate');
    const eventId = randomUUID();
    const userId = randomUUID();
    const payload = create(identityV1.EmailVerificationRequestedSchema, {
      userId,
      email: address,
      name: 'Kabir',
      verifyUrl: `${APP_URL}/auth/verify-email/${randomUUID()}`,
      expiresInSeconds: 86_400n,
    });
    const envelope = create(envelopeV1.EventEnvelopeSchema, {
      id: eventId,
      type: events.emailVerificationRequested.type,
      occurredAt: timestampFromMs(Date.now()),
      aggregateId: userId,
      producer: 'identity',
      payload: toBinary(identityV1.EmailVerificationRequestedSchema, payload),
    });
    const message = {
      topic: current.topic,
      key: userId,
      value: Buffer.from(toBinary(envelopeV1.EventEnvelopeSchema, envelope)),
      headers: { 'event-id': eventId, 'event-type': envelope.type },
    };
    const producer = await current.deps.bus.producer();
    await producer.send([message]);
    await producer.send([message]);
    await producer.disconnect();
    // An event after the duplicates on the same key: once its email is out, both copies were handled.
    const marker = uniqueAddress('after-duplicate');
    await current.requestVerification({
      userId,
      email: marker,
      name: 'Kabir',
      verifyUrl: `${APP_URL}/auth/verify-email/${randomUUID()}`,
      expiresInSeconds: 86_400n,
    });

    await oneEmailTo(marker);
    expect(await emailsTo(address)).toHaveLength(1);
    expect((await sentRows(current)).filter((row) => row.event_id === eventId)).toHaveLength(1);
  });

  it('does not send again when a job for an already sent event runs again', async () => {
    world = await createNotificationWorld('resend');
    world.startWorker();
    const current = world;
    const address = uniqueAddress('resend');
    const published = await current.requestPasswordReset({
      userId: randomUUID(),
      email: address,
      name: 'Zoya',
      resetUrl: `${APP_URL}/auth/reset-password/${randomUUID()}`,
      expiresInSeconds: 3_600n,
    });
    await oneEmailTo(address);
    const first = await current.emailQueue.getJob(emailJobId(published.id));
    await eventually(async () => expect(await first!.isCompleted()).toBe(true));

    // The same job data again under another id: what a retry after a lost "completed" would run.
    const again = await current.emailQueue.add('retry', first!.data, { jobId: `${published.id}.again` });
    await eventually(async () => expect(await again.isCompleted()).toBe(true));
    const finished = await current.emailQueue.getJob(again.id!);
    expect(finished!.returnvalue).toBe('already-sent');
    expect(await emailsTo(address)).toHaveLength(1);
  });

  it('retries a failing SMTP send with exponential backoff and then sends once', async () => {
    const smtp = await startFlakySmtp({ failures: 2, target: smtpTarget() });
    try {
      world = await createNotificationWorld('flaky');
      world.startWorker(smtp.url);
      const address = uniqueAddress('flaky');
      const published = await world.requestVerification({
        userId: randomUUID(),
        email: address,
        name: 'Ishaan',
        verifyUrl: `${APP_URL}/auth/verify-email/${randomUUID()}`,
        expiresInSeconds: 86_400n,
      });

      await oneEmailTo(address);
      const job = await world.emailQueue.getJob(emailJobId(published.id));
      await eventually(async () => expect(await job!.isCompleted()).toBe(true));
      const done = await world.emailQueue.getJob(emailJobId(published.id));
      expect(done!.attemptsMade).toBe(3);
      expect(smtp.connections).toHaveLength(3);
      const [first, second, third] = smtp.connections as [number, number, number];
      // Backoff 300 ms, then 600 ms (BullMQ may add a little jitter, never less).
      expect(second - first).toBeGreaterThanOrEqual(290);
      expect(third - second).toBeGreaterThanOrEqual(590);
      expect(await sentRows(world)).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('turns away an event that cannot make an email, and carries on with the next one', async () => {
    world = await createNotificationWorld('invalid');
    world.startWorker();
    const current = world;
    const broken = await current.requestVerification({
      userId: randomUUID(),
      email: 'not an address',
      name: 'Nobody',
      verifyUrl: `${APP_URL}/auth/verify-email/x`,
    });
    const badLink = uniqueAddress('bad-link');
    const withBadLink = await current.requestPasswordReset({
      userId: randomUUID(),
      email: badLink,
      name: 'Nobody',
      resetUrl: 'javascript:alert(document.cookie)',
    });
    const address = uniqueAddress('after-invalid');
    await current.requestVerification({
      userId: randomUUID(),
      email: address,
      name: 'Tara',
      verifyUrl: `${APP_URL}/auth/verify-email/${randomUUID()}`,
    });

    await oneEmailTo(address);
    expect(await current.emailQueue.getJob(emailJobId(broken.id))).toBeUndefined();
    const failed = await current.emailQueue.getJob(emailJobId(withBadLink.id));
    await eventually(async () => expect(await failed!.isFailed()).toBe(true));
    const final = await current.emailQueue.getJob(emailJobId(withBadLink.id));
    // Bad data is not retried: one attempt, and nothing sent.
    expect(final!.attemptsMade).toBe(1);
    expect(final!.failedReason).toContain('reset_url');
    expect(await emailsTo(badLink)).toHaveLength(0);
    expect(await sentRows(current)).toHaveLength(1);
  });
});
