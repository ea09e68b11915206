import { EventConsumer, on, OutboxRelay } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOneTimeToken } from '../src/domain/one-time-tokens.js';
import { BREACHED_PASSWORD_MESSAGE, PASSWORD_POLICY_MESSAGE } from '../src/domain/password-policy.js';
import { identityEvents } from '../src/events/publishes.js';
import {
  createIdentityWorld,
  logger,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

// The links travel the real way: outbox -> relay -> Kafka -> a consumer, as the notification service gets them.
let world: IdentityWorld;
let relay: OutboxRelay;
let consumer: EventConsumer;
const emailedLinks: Array<{
  type: string;
  email: string;
  url: string;
  expiresInSeconds: bigint;
  userId: string;
}> = [];

beforeAll(async () => {
  world = await createIdentityWorld('recovery');
  relay = new OutboxRelay({ pool: world.deps.database.pool, bus: world.deps.bus, logger });
  relay.start();
  consumer = new EventConsumer({
    name: uniqueName('identity-test-mailbox'),
    db: world.deps.db,
    bus: world.deps.bus,
    logger,
    subscriptions: [
      on(identityEvents.passwordResetRequested, async (_tx, payload, meta) => {
        emailedLinks.push({
          type: meta.type,
          email: payload.email,
          url: payload.resetUrl,
          expiresInSeconds: payload.expiresInSeconds,
          userId: payload.userId,
        });
      }),
      on(identityEvents.emailVerificationRequested, async (_tx, payload, meta) => {
        emailedLinks.push({
          type: meta.type,
          email: payload.email,
          url: payload.verifyUrl,
          expiresInSeconds: payload.expiresInSeconds,
          userId: payload.userId,
        });
      }),
    ],
  });
  await consumer.start();
});
afterAll(async () => {
  await consumer?.stop();
  await relay?.stop();
  await world?.close();
});

/** Waits for the count-th link of a kind emailed to the address (1 = the first). */
async function linkFor(email: string, kind: 'reset' | 'verify', count = 1) {
  const type =
    kind === 'reset' ? 'identity.password-reset.requested' : 'identity.email-verification.requested';
  return eventually(
    async () => {
      const links = emailedLinks.filter((link) => link.email === email && link.type === type);
      expect(links.length).toBeGreaterThanOrEqual(count);
      return links[count - 1]!;
    },
    { timeoutMs: 45_000 },
  );
}

const tokenOf = (url: string) => url.split('/').pop()!;

async function expireToken(token: string) {
  await world.deps.db.execute(
    sql`update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashOneTimeToken(token)}`,
  );
}

describe('forgot and reset password', () => {
  it('answers the same whether or not the email is registered, and only emails real accounts', async () => {
    const email = uniqueEmail('forgot');
    const { user } = await world.register({ email });
    const known = await world.call({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: email.toUpperCase() },
    });
    const unknown = await world.call({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: uniqueEmail('ghost') },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      message: 'If an account exists for that email, a password reset link has been sent.',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const link = await linkFor(email, 'reset');
    expect(link.url).toMatch(/^http:\/\/spa\.test:8080\/auth\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(link.expiresInSeconds).toBe(3600n);
    expect(link.userId).toBe(user.id);
    const resets = (await world.outbox()).filter(
      (row) => row.event_type === 'identity.password-reset.requested',
    );
    expect(resets.map((row) => row.key)).toEqual([user.id]);
  });

  it('answers known and unknown emails identically, before any lookup, token or event', async () => {
    const email = uniqueEmail('queued');
    const { user } = await world.register({ email });
    const before = await world.outbox();
    const background = world.deps.background;
    background.pause();
    type Answer = Awaited<ReturnType<IdentityWorld['call']>>;
    let known: Answer, unknown: Answer;
    try {
      known = await world.call({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
      unknown = await world.call({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: uniqueEmail('nobody') },
      });
      // Both have been answered while the work is still held: the request path did no per-user work.
      expect(background.pending).toBe(2);
      const { rows } = await world.deps.database.pool.query(
        "select 1 from one_time_tokens where user_id = $1 and purpose = 'password-reset'",
        [user.id],
      );
      expect(rows).toHaveLength(0);
      expect(await world.outbox()).toEqual(before);
    } finally {
      background.resume();
    }
    const headersOf = (response: Answer) => {
      const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
      return rest;
    };
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(headersOf(known)).toEqual(headersOf(unknown));

    await background.drain();
    const resets = (await world.outbox()).filter(
      (row) => row.event_type === 'identity.password-reset.requested' && row.key === user.id,
    );
    expect(resets).toHaveLength(1);
    expect(await world.outbox()).toHaveLength(before.length + 1);
  });

  it('refuses a malformed or missing email', async () => {
    const malformed = await world.call({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'nope' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Please enter a valid email address.');
    expect((await world.call({ method: 'POST', url: '/auth/forgot-password', payload: {} })).statusCode).toBe(
      400,
    );
  });

  it('sets a new password once per link, signs out old sessions and verifies the email', async () => {
    const email = uniqueEmail('reset');
    const { token: oldSession } = await world.register({ email });
    await world.call({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const earlier = tokenOf((await linkFor(email, 'reset', 1)).url);
    await world.call({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const latest = tokenOf((await linkFor(email, 'reset', 2)).url);

    const weak = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${latest}`,
      payload: { password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_POLICY_MESSAGE);
    const breached = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${latest}`,
      payload: { password: 'qwerty123' },
    });
    expect(breached.statusCode).toBe(400);
    expect(breached.json().message).toBe(BREACHED_PASSWORD_MESSAGE);

    const reset = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${latest}`,
      payload: { password: 'New-lotus-2025' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Password reset successful. You can now sign in with your new password.',
    });

    const oldPassword = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await world.signIn(email, 'New-lotus-2025');
    expect((await world.call({ method: 'GET', url: '/auth/me', token: oldSession })).statusCode).toBe(401);
    const me = await world.call({ method: 'GET', url: '/auth/me', token: fresh });
    expect(me.json().user.isEmailVerified).toBe(true);

    for (const used of [latest, earlier]) {
      const again = await world.call({
        method: 'POST',
        url: `/auth/reset-password/${used}`,
        payload: { password: 'Another-one-9' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: 'This password reset link is invalid or has expired. Please request a new one.',
        code: 'INVALID_OR_EXPIRED_LINK',
      });
    }
  });

  it('lifts a sign-in lock: proving the mailbox is enough', async () => {
    const email = uniqueEmail('unlock');
    await world.register({ email });
    for (let attempt = 0; attempt < 5; attempt++)
      await world.call({ method: 'POST', url: '/auth/login', payload: { email, password: 'Wrong-guess-1' } });
    const locked = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    await world.call({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const token = tokenOf((await linkFor(email, 'reset')).url);
    const reset = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${token}`,
      payload: { password: 'New-lotus-2025' },
    });
    expect(reset.statusCode).toBe(200);
    await world.signIn(email, 'New-lotus-2025');
  });

  it('refuses an expired link and a made-up one', async () => {
    const email = uniqueEmail('expired');
    await world.register({ email });
    await world.call({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const token = tokenOf((await linkFor(email, 'reset')).url);
    await expireToken(token);
    const expired = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${token}`,
      payload: { password: 'New-lotus-2025' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('INVALID_OR_EXPIRED_LINK');
    await world.signIn(email, STRONG_PASSWORD);

    for (const madeUp of ['abc', 'A'.repeat(43)]) {
      const response = await world.call({
        method: 'POST',
        url: `/auth/reset-password/${madeUp}`,
        payload: { password: 'New-lotus-2025' },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('email verification', () => {
  it('emails a link at registration that verifies the address once', async () => {
    const email = uniqueEmail('verify');
    const { token, user } = await world.register({ email });
    const link = await linkFor(email, 'verify');
    expect(link.url).toMatch(/^http:\/\/spa\.test:8080\/auth\/verify-email\/[A-Za-z0-9_-]{43}$/);
    expect(link.expiresInSeconds).toBe(86_400n);

    const verified = await world.call({ method: 'GET', url: `/auth/verify-email/${tokenOf(link.url)}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your email address has been verified.' });
    const me = await world.call({ method: 'GET', url: '/auth/me', token });
    expect(me.json().user.isEmailVerified).toBe(true);
    const updates = (await world.outbox()).filter(
      (row) => row.key === user.id && row.event_type === 'identity.user.updated',
    );
    expect(updates).toHaveLength(1);

    const reused = await world.call({ method: 'GET', url: `/auth/verify-email/${tokenOf(link.url)}` });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'This verification link is invalid or has expired. Please request a new one.',
    );

    const again = await world.call({ method: 'POST', url: '/auth/send-verification-email', token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your email address is already verified.');
  });

  it('sends a new link on request; an expired link is refused', async () => {
    const email = uniqueEmail('resend');
    const { token } = await world.register({ email });
    const first = tokenOf((await linkFor(email, 'verify', 1)).url);
    await expireToken(first);
    const expired = await world.call({ method: 'GET', url: `/auth/verify-email/${first}` });
    expect(expired.statusCode).toBe(400);

    const resend = await world.call({ method: 'POST', url: '/auth/send-verification-email', token });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({
      message: 'Verification email sent successfully! Please check your inbox.',
    });
    const second = tokenOf((await linkFor(email, 'verify', 2)).url);
    expect((await world.call({ method: 'GET', url: `/auth/verify-email/${second}` })).statusCode).toBe(200);
  });

  it('needs a signed-in user to resend', async () => {
    expect((await world.call({ method: 'POST', url: '/auth/send-verification-email' })).statusCode).toBe(401);
  });
});
