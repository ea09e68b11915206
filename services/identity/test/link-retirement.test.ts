import { randomBytes } from 'node:crypto';
import { EventConsumer, on, OutboxRelay } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOneTimeToken } from '../src/domain/one-time-tokens.js';
import { identityEvents, identityTopics } from '../src/events/publishes.js';
import {
  createIdentityWorld,
  execute,
  logger,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

/*
 * A link mailed before the account's password changed must not work after it: an old reset link would
 * set yet another password and sign the owner out. Every change of the password (a change while signed
 * in, a completed reset or claim, a password dropped when the mailbox's owner arrives through Google)
 * retires every open reset, claim and verification link of the account, which then answers exactly as
 * an expired link. The links travel the real way: outbox, relay, Kafka, a consumer.
 */
const GOOGLE_CLIENT_ID = 'spa-link-retirement-test.apps.googleusercontent.com';
const GOOGLE_KID = 'google-link-retirement-key';
const NEW_PASSWORD = 'Quiet-river-77';

type LinkKind = 'reset' | 'verify' | 'claim';

let world: IdentityWorld;
let relay: OutboxRelay;
let consumer: EventConsumer;
let google: Awaited<ReturnType<typeof generateKeyPair>>;
let deskToken: string;
const emailedLinks: Array<{ kind: LinkKind; email: string; url: string }> = [];

beforeAll(async () => {
  google = await generateKeyPair('RS256', { extractable: true });
  const googleKeys = {
    keys: [{ ...(await exportJWK(google.publicKey)), kid: GOOGLE_KID, alg: 'RS256', use: 'sig' }],
  };
  world = await createIdentityWorld('link_retirement', {
    env: {
      KAFKA_NAMESPACE: uniqueName('links'),
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_JSON: JSON.stringify(googleKeys),
    },
  });
  await world.deps.bus.ensureTopics(identityTopics);
  relay = new OutboxRelay({ pool: world.deps.database.pool, bus: world.deps.bus, logger });
  relay.start();
  consumer = new EventConsumer({
    name: uniqueName('identity-test-link-retirement'),
    db: world.deps.db,
    bus: world.deps.bus,
    logger,
    subscriptions: [
      on(identityEvents.passwordResetRequested, async (_tx, payload) => {
        emailedLinks.push({ kind: 'reset', email: payload.email, url: payload.resetUrl });
      }),
      on(identityEvents.emailVerificationRequested, async (_tx, payload) => {
        emailedLinks.push({ kind: 'verify', email: payload.email, url: payload.verifyUrl });
      }),
      on(identityEvents.accountClaimInvited, async (_tx, payload) => {
        emailedLinks.push({ kind: 'claim', email: payload.email, url: payload.claimUrl });
      }),
    ],
  });
  await consumer.start();

  // A receptionist, to create walk-in customers (whose claim links are the third kind of link).
  const deskEmail = uniqueEmail('desk');
  const { user } = await world.register({ email: deskEmail, name: 'Desk Person' });
  const made = await world.call({
    method: 'PUT',
    url: `/admin/users/${String(user.id)}`,
    token: await world.adminToken(),
    payload: {
      role: 'employee',
      employeeRole: 'receptionist',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
    },
  });
  expect(made.statusCode).toBe(200);
  deskToken = await world.signIn(deskEmail, STRONG_PASSWORD);
});
afterAll(async () => {
  await consumer?.stop();
  await relay?.stop();
  await world?.close();
});

/** The token of the count-th link of a kind emailed to the address (1 = the first). */
async function linkFor(email: string, kind: LinkKind, count = 1): Promise<string> {
  return eventually(
    async () => {
      const links = emailedLinks.filter((link) => link.email === email && link.kind === kind);
      expect(links.length).toBeGreaterThanOrEqual(count);
      return links[count - 1]!.url.split('/').pop()!;
    },
    { timeoutMs: 45_000 },
  );
}

async function requestReset(email: string, count: number): Promise<string> {
  const response = await world.call({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
  expect(response.statusCode).toBe(200);
  await world.deps.background.drain();
  return linkFor(email, 'reset', count);
}

const usePasswordLink = (token: string, password = NEW_PASSWORD) =>
  world.call({ method: 'POST', url: `/auth/reset-password/${token}`, payload: { password } });
const useVerificationLink = (token: string) =>
  world.call({ method: 'GET', url: `/auth/verify-email/${token}` });

/**
 * What a reset link answers once it has expired: a fresh one, asked for now and moved into the past.
 * A retired link must answer exactly the same.
 */
async function expiredResetAnswer(email: string, count: number) {
  const token = await requestReset(email, count);
  await execute(
    world,
    sql`update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashOneTimeToken(token)}`,
  );
  return answerOf(usePasswordLink(token));
}

async function answerOf(response: ReturnType<IdentityWorld['call']>) {
  const answer = await response;
  return { status: answer.statusCode, body: answer.json() };
}

async function createWalkIn(email: string): Promise<string> {
  const response = await world.call({
    method: 'POST',
    url: '/auth/walk-in-customers',
    token: deskToken,
    payload: { name: 'Walk In', email },
  });
  expect(response.statusCode, response.body).toBe(201);
  return String(response.json().user.id);
}

const googleToken = (email: string) =>
  new SignJWT({ email, email_verified: true, name: 'Mailbox Owner' })
    .setProtectedHeader({ alg: 'RS256', kid: GOOGLE_KID, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(GOOGLE_CLIENT_ID)
    .setSubject(randomBytes(10).toString('hex'))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(google.privateKey);

describe('a password change retires every open link of the account', () => {
  it('an earlier reset link and verification link answer as expired ones once the password is changed', async () => {
    const email = uniqueEmail('change');
    const { token: session } = await world.register({ email });
    const verification = await linkFor(email, 'verify');
    const reset = await requestReset(email, 1);

    const changed = await world.call({
      method: 'POST',
      url: '/auth/change-password',
      token: session,
      payload: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);

    const expiredReset = await expiredResetAnswer(email, 2);
    expect(expiredReset).toMatchObject({ status: 400, body: { code: 'INVALID_OR_EXPIRED_LINK' } });
    expect(await answerOf(usePasswordLink(reset, 'Another-lotus-31'))).toEqual(expiredReset);
    const resend = () => world.call({ method: 'POST', url: '/auth/send-verification-email', token: session });
    expect((await resend()).statusCode).toBe(200);
    const expiring = await linkFor(email, 'verify', 2);
    await execute(
      world,
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashOneTimeToken(expiring)}`,
    );
    const expiredVerification = await answerOf(useVerificationLink(expiring));
    expect(expiredVerification).toMatchObject({ status: 400, body: { code: 'INVALID_OR_EXPIRED_LINK' } });
    expect(await answerOf(useVerificationLink(verification))).toEqual(expiredVerification);

    // The old link neither set a password nor signed the owner out: the changed password holds.
    expect((await world.call({ method: 'GET', url: '/auth/me', token: session })).statusCode).toBe(200);
    await world.signIn(email, NEW_PASSWORD);

    // Links asked for after the change work as ever.
    expect((await resend()).statusCode).toBe(200);
    expect((await useVerificationLink(await linkFor(email, 'verify', 3))).statusCode).toBe(200);
    const fresh = await requestReset(email, 3);
    expect((await usePasswordLink(fresh, 'Fresh-jasmine-58')).statusCode).toBe(200);
    await world.signIn(email, 'Fresh-jasmine-58');
  });
});

describe('a completed reset or claim retires every other open link of the account', () => {
  it('an earlier reset link and the sign-up verification link die with the reset', async () => {
    const email = uniqueEmail('reset');
    await world.register({ email });
    const verification = await linkFor(email, 'verify');
    const earlier = await requestReset(email, 1);
    const used = await requestReset(email, 2);

    expect((await usePasswordLink(used)).statusCode).toBe(200);

    const expiredReset = await expiredResetAnswer(email, 3);
    expect(await answerOf(usePasswordLink(earlier, 'Another-lotus-31'))).toEqual(expiredReset);
    expect(await answerOf(useVerificationLink(verification))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_OR_EXPIRED_LINK' },
    });
    await world.signIn(email, NEW_PASSWORD);
  });

  it("a walk-in customer's claim link dies when a reset link sets the password first", async () => {
    const email = uniqueEmail('walkin-reset');
    await createWalkIn(email);
    const claim = await linkFor(email, 'claim');
    const reset = await requestReset(email, 1);

    expect((await usePasswordLink(reset)).statusCode).toBe(200);

    const expired = await expiredResetAnswer(email, 2);
    expect(await answerOf(usePasswordLink(claim, 'Another-lotus-31'))).toEqual(expired);
    await world.signIn(email, NEW_PASSWORD);
  });

  it("a claim link that sets the password retires the customer's reset links", async () => {
    const email = uniqueEmail('walkin-claim');
    await createWalkIn(email);
    const claim = await linkFor(email, 'claim');
    const reset = await requestReset(email, 1);

    expect((await usePasswordLink(claim)).statusCode).toBe(200);

    const expired = await expiredResetAnswer(email, 2);
    expect(await answerOf(usePasswordLink(reset, 'Another-lotus-31'))).toEqual(expired);
    await world.signIn(email, NEW_PASSWORD);
  });
});

describe('a password dropped by a Google sign-in retires every open link of the account', () => {
  it("the unverified sign-up's reset and verification links die when the mailbox's owner arrives through Google", async () => {
    const email = uniqueEmail('google');
    await world.register({ email });
    const verification = await linkFor(email, 'verify');
    const reset = await requestReset(email, 1);

    const signedIn = await world.call({
      method: 'POST',
      url: '/auth/google',
      payload: { tokenId: await googleToken(email) },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { rows } = await world.deps.database.pool.query<{ password_hash: string | null }>(
      'select password_hash from users where email = $1',
      [email],
    );
    expect(rows[0]!.password_hash).toBeNull();

    const expired = await expiredResetAnswer(email, 2);
    expect(await answerOf(usePasswordLink(reset, 'Another-lotus-31'))).toEqual(expired);
    expect(await answerOf(useVerificationLink(verification))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_OR_EXPIRED_LINK' },
    });
    // A link asked for afterwards sets a password as ever.
    const fresh = await requestReset(email, 3);
    expect((await usePasswordLink(fresh)).statusCode).toBe(200);
    await world.signIn(email, NEW_PASSWORD);
  });
});
