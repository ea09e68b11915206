import { randomUUID } from 'node:crypto';
import { eventually } from '@spa/kit/testing';
import { events } from '@spa/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailJobId } from '../src/use-cases/email-jobs.js';
import { emailsTo, uniqueAddress } from './support/inbox.js';
import { APP_URL, createNotificationWorld, type NotificationWorld } from './support/notification-world.js';

let world: NotificationWorld;
beforeAll(async () => {
  world = await createNotificationWorld('review');
  world.startWorker();
}, 60_000);
afterAll(async () => world?.close());

/** catalogue.review.hidden as catalogue's outbox puts it on Kafka. */
function hidden(authorEmail: string, reviewId = randomUUID()) {
  return {
    review: {
      id: reviewId,
      sourceId: `order:${randomUUID()}:p1`,
      userId: 'u1',
      subjectKind: 'product',
      subjectId: 'p1',
      subjectName: 'Lavender Oil',
      rating: 1,
      text: 'Terrible, call me on 98xxxxxx',
      status: 'hidden',
      hiddenReason: 'It carries a phone number',
    },
    reason: 'It carries a phone number',
    authorEmail,
    authorName: 'Priya Sharma',
    subjectName: 'Lavender Oil',
  };
}

describe('notification: a hidden review, through Kafka, BullMQ and SMTP', () => {
  it('emails the author which product, why, and the link to My Reviews; nothing without an address', async () => {
    // On one key, so the author without an address is handled before the one with it.
    const reviewId = randomUUID();
    const nobody = await world.publish(events.reviewHidden, reviewId, hidden('', reviewId));
    const address = uniqueAddress('review-hidden');
    await world.publish(events.reviewHidden, reviewId, hidden(address, reviewId));

    const email = await eventually(
      async () => {
        const emails = await emailsTo(address);
        expect(emails).toHaveLength(1);
        return emails[0]!;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(email.subject).toBe('Your review was hidden');
    expect(email.to[0]).toEqual({ address, name: 'Priya Sharma' });
    expect(email.text).toContain('We have hidden your 1-star review of Lavender Oil');
    expect(email.text).toContain('The reason: It carries a phone number');
    expect(email.html).toContain(`href="${APP_URL}/reviews"`);
    // The empty address was never queued (wanted: false): the only delivery record is the author's.
    expect(await world.emailQueue.getJob(emailJobId(nobody.id))).toBeUndefined();
    const { rows } = await world.deps.database.pool.query<{ recipient: string; event_type: string }>(
      'select recipient, event_type from sent_emails',
    );
    expect(rows).toEqual([{ recipient: address, event_type: 'catalogue.review.hidden' }]);
  });
});

describe('notification: a review request, through Kafka, BullMQ and SMTP', () => {
  it('asks how the treatment was, with the one-use link to /review/<token>', async () => {
    const sourceId = `appointment:${randomUUID()}`;
    const address = uniqueAddress('review-requested');
    const token = `${Buffer.from(`${sourceId}.1795000000000`).toString('base64url')}.c2lnbmF0dXJl`;
    await world.publish(events.reviewRequested, sourceId, {
      sourceId,
      userId: 'u1',
      authorEmail: address,
      authorName: 'Priya Sharma',
      subjectKind: 'service',
      subjectId: 's1',
      subjectName: 'Deep Tissue Massage',
      token,
      expiresAtMs: 1_795_000_000_000n,
      visitedAtMs: BigInt(Date.parse('2026-11-27T06:00:00Z')),
    });
    const email = await eventually(
      async () => {
        const emails = await emailsTo(address);
        expect(emails).toHaveLength(1);
        return emails[0]!;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(email.subject).toBe('How was your Deep Tissue Massage?');
    expect(email.to[0]).toEqual({ address, name: 'Priya Sharma' });
    expect(email.text).toContain('How was your Deep Tissue Massage on 27 Nov 2026?');
    expect(email.text).toContain(`${APP_URL}/review/${token}`);
    expect(email.text).toContain('The link works once and for 30 days.');
    expect(email.html).toContain(`href="${APP_URL}/review/${token}"`);
  });

  it('asks once per visit: the same request announced again (a rebuilt catalogue) sends nothing', async () => {
    const sourceId = `appointment:${randomUUID()}`;
    const address = uniqueAddress('review-once');
    const request = (token: string) => ({
      sourceId,
      userId: 'u2',
      authorEmail: address,
      authorName: 'Kabir Rao',
      subjectKind: 'service',
      subjectId: 's1',
      subjectName: 'Swedish Massage',
      token,
      expiresAtMs: 1_795_000_000_000n,
      visitedAtMs: BigInt(Date.parse('2026-11-27T06:00:00Z')),
    });
    const first = await world.publish(events.reviewRequested, sourceId, request('first-token.c2ln'));
    await eventually(async () => expect(await emailsTo(address)).toHaveLength(1), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    // Catalogue's database rebuilt from the topics: the visit is asked about again, as a new event.
    const again = await world.publish(events.reviewRequested, sourceId, request('second-token.c2ln'));
    expect(again.id).not.toBe(first.id);
    await eventually(
      async () => expect(await world.emailQueue.getJobState(emailJobId(again.id))).toBe('completed'),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const job = await world.emailQueue.getJob(emailJobId(again.id));
    expect(job?.returnvalue).toBe('already-sent');
    const emails = await emailsTo(address);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('first-token');
  });
});
