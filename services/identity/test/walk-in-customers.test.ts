import { randomBytes } from 'node:crypto';
import { EventConsumer, on, OutboxRelay } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnverifiedAccounts } from '../src/use-cases/erasure.js';
import { createIdentityContext } from '../src/app.js';
import { hashOneTimeToken } from '../src/domain/one-time-tokens.js';
import { identityEvents, identityTopics, type MirroredUser } from '../src/events/publishes.js';
import {
  createIdentityWorld,
  execute,
  logger,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';
import { emailsTo, startNotification } from './support/notification-process.js';

/*
 * The front desk creates customers for walk-ins and phone bookings. The emails travel the real way:
 * identity's outbox, the relay, Kafka, and the real notification service (its built bundle in its own
 * process) sending to the SMTP sink; the link in the delivered email is then used as the customer would.
 */
const APP_URL = 'http://spa.test:8080';
const GOOGLE_CLIENT_ID = 'spa-walk-in-test.apps.googleusercontent.com';
const GOOGLE_KID = 'google-walk-in-key';
const ROUTE = '/auth/walk-in-customers';
const EMAIL_TAKEN = 'An account with this email already exists: find the customer by their email.';

let world: IdentityWorld;
let relay: OutboxRelay;
let consumer: EventConsumer;
let notification: Awaited<ReturnType<typeof startNotification>>;
let google: Awaited<ReturnType<typeof generateKeyPair>>;
const registered: MirroredUser[] = [];
const claimInvitations: Array<{ userId: string; email: string; claimUrl: string; expiresInSeconds: bigint }> =
  [];
const tokens: Record<'admin' | 'receptionist' | 'manager' | 'therapist' | 'customer' | 'applicant', string> =
  {
    admin: '',
    receptionist: '',
    manager: '',
    therapist: '',
    customer: '',
    applicant: '',
  };

/** A customer made an employee by the admin (approved, as admin-made employees are), signed in anew. */
async function employee(employeeRole: string): Promise<{ id: string; token: string; email: string }> {
  const email = uniqueEmail(employeeRole);
  const { user } = await world.register({ email, name: `${employeeRole} at the spa` });
  const made = await world.call({
    method: 'PUT',
    url: `/admin/users/${String(user.id)}`,
    token: tokens.admin,
    payload: { role: 'employee', employeeRole, shift: 'morning', workingLocation: 'Vijay Nagar' },
  });
  expect(made.statusCode).toBe(200);
  return { id: String(user.id), token: await world.signIn(email, STRONG_PASSWORD), email };
}

beforeAll(async () => {
  google = await generateKeyPair('RS256', { extractable: true });
  const googleKeys = {
    keys: [{ ...(await exportJWK(google.publicKey)), kid: GOOGLE_KID, alg: 'RS256', use: 'sig' }],
  };
  const namespace = uniqueName('walkin');
  world = await createIdentityWorld('walk_in', {
    env: {
      KAFKA_NAMESPACE: namespace,
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_JSON: JSON.stringify(googleKeys),
    },
  });
  await world.deps.bus.ensureTopics(identityTopics);
  relay = new OutboxRelay({ pool: world.deps.database.pool, bus: world.deps.bus, logger });
  relay.start();
  consumer = new EventConsumer({
    name: uniqueName('identity-test-walk-in'),
    db: world.deps.db,
    bus: world.deps.bus,
    logger,
    subscriptions: [
      on(identityEvents.userRegistered, async (_tx, payload) => {
        if (payload.user) registered.push(payload.user);
      }),
      on(identityEvents.accountClaimInvited, async (_tx, payload) => {
        claimInvitations.push(payload);
      }),
    ],
  });
  await consumer.start();
  notification = await startNotification({ namespace, appUrl: APP_URL });

  tokens.admin = await world.adminToken();
  tokens.customer = (await world.register()).token;
  const receptionist = await employee('receptionist');
  // Employee roles compare in any case: a receptionist stored as "Receptionist" runs the desk too.
  await execute(world, sql`update users set employee_role = 'Receptionist' where id = ${receptionist.id}`);
  tokens.receptionist = receptionist.token;
  tokens.manager = (await employee('manager')).token;
  tokens.therapist = (await employee('servicestaff')).token;
  // A self-registered receptionist waiting for approval is a customer until an admin decides.
  tokens.applicant = (
    await world.register({
      role: 'employee',
      employeeRole: 'receptionist',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
    })
  ).token;
});
afterAll(async () => {
  await notification?.stop();
  await consumer?.stop();
  await relay?.stop();
  await world?.close();
});

const createWalkIn = (token: string | undefined, payload: Record<string, unknown>) =>
  world.call({ method: 'POST', url: ROUTE, token, payload });

const phone = () => `+91 98${randomBytes(4).readUInt32BE(0).toString().padStart(8, '0').slice(0, 8)}`;

async function userRow(id: string) {
  const { rows } = await world.deps.database.pool.query<{
    email: string;
    phone: string | null;
    password_hash: string | null;
    google_subject: string | null;
    is_email_verified: boolean;
    walk_in: boolean;
    role: string;
  }>(
    'select email, phone, password_hash, google_subject, is_email_verified, walk_in, role from users where id = $1',
    [id],
  );
  return rows[0];
}

describe('POST /auth/walk-in-customers: who may', () => {
  it('answers 401 without a token', async () => {
    const response = await createWalkIn(undefined, { name: 'Ravi Kumar', phone: phone() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.each(['admin', 'receptionist', 'manager'] as const)(
    'lets the desk create a customer: %s',
    async (who) => {
      const number = phone();
      const response = await createWalkIn(tokens[who], { name: `  Walk-in   of ${who} `, phone: number });
      expect(response.statusCode).toBe(201);
      const { user } = response.json();
      expect(user).toMatchObject({
        name: `Walk-in of ${who}`,
        email: '',
        phone: number,
        role: 'user',
        isEmailVerified: false,
        hasPassword: false,
        employeeStatus: null,
      });
      expect(user._id).toBe(user.id);
      expect(await userRow(user.id)).toMatchObject({ walk_in: true, password_hash: null, role: 'user' });
    },
  );

  it.each(['therapist', 'customer', 'applicant'] as const)(
    'refuses anyone else with 403, before reading the body: %s',
    async (who) => {
      for (const payload of [{ name: 'Ravi Kumar', phone: phone() }, { bogus: true }]) {
        const response = await createWalkIn(tokens[who], payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          code: 'FORBIDDEN',
          message: 'Creating a customer at the front desk is for admins, managers and receptionists.',
        });
      }
    },
  );
});

describe('POST /auth/walk-in-customers: what it accepts', () => {
  it.each([
    ['no phone and no email', { name: 'Ravi Kumar' }, "Give the customer's phone number or email address"],
    ['blank phone and email', { name: 'Ravi Kumar', phone: ' ', email: '' }, "Give the customer's phone"],
    ['a bad email', { name: 'Ravi Kumar', email: 'ravi@' }, 'Please enter a valid email address.'],
    ['a bad phone', { name: 'Ravi Kumar', phone: 'call me' }, 'Please enter a valid phone number'],
    ['a name too long', { name: 'R'.repeat(101), phone: '9876543210' }, 'Name must be at most 100'],
    ['a blank name', { name: '   ', phone: '9876543210' }, 'Name is required.'],
    ['an unknown field', { name: 'Ravi Kumar', phone: '9876543210', password: 'x' }, ''],
    ['no name', { phone: '9876543210' }, ''],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_what, payload, message) => {
    const response = await createWalkIn(tokens.receptionist, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain(message);
  });

  it('refuses an email any account already has (any case) with 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail('taken');
    await world.register({ email });
    const response = await createWalkIn(tokens.receptionist, {
      name: 'Ravi Kumar',
      email: email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'EMAIL_TAKEN', message: EMAIL_TAKEN });

    // A walk-in's own address counts too: a second walk-in with it is the same person.
    const walkInEmail = uniqueEmail('walk-in-twice');
    expect((await createWalkIn(tokens.receptionist, { name: 'Ravi', email: walkInEmail })).statusCode).toBe(
      201,
    );
    const again = await createWalkIn(tokens.manager, { name: 'Ravi K', email: ` ${walkInEmail} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });

  it('creates any number of phone-only customers (the unique index leaves empty emails out)', async () => {
    const first = await createWalkIn(tokens.receptionist, { name: 'Phone One', phone: phone() });
    const second = await createWalkIn(tokens.receptionist, { name: 'Phone Two', phone: phone() });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().user.id).not.toBe(second.json().user.id);
    const { rows } = await world.deps.database.pool.query<{ total: number }>(
      "select count(*)::int as total from users where email = ''",
    );
    expect(rows[0]!.total).toBeGreaterThanOrEqual(2);
  });
});

describe('walk-in customers: events and emails', () => {
  it('announces the customer as identity.user.registered, in the same transaction', async () => {
    const number = phone();
    const { user } = (await createWalkIn(tokens.manager, { name: 'Kabir Shah', phone: number })).json();
    const outbox = (await world.outbox()).filter((row) => row.key === user.id);
    // Phone only: the registration and nothing else (no claim, no verification email).
    expect(outbox).toEqual([
      { event_type: 'identity.user.registered', key: user.id, topic: 'identity.user.v1' },
    ]);
    const mirrored = await eventually(
      async () => {
        const found = registered.find((candidate) => candidate.id === user.id);
        expect(found).toBeDefined();
        return found!;
      },
      { timeoutMs: 30_000 },
    );
    expect(mirrored).toMatchObject({
      id: user.id,
      name: 'Kabir Shah',
      email: '',
      phone: number,
      role: 'user',
      isEmailVerified: false,
      employeeStatus: '',
    });
  });

  it('emails a customer with an address a link that sets their password; then they sign in', async () => {
    const email = uniqueEmail('claim');
    const response = await createWalkIn(tokens.receptionist, { name: 'Ravi Kumar', email, phone: phone() });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({ email, role: 'user', hasPassword: false, isEmailVerified: false });
    expect((await world.outbox()).filter((row) => row.key === user.id).map((row) => row.event_type)).toEqual([
      'identity.user.registered',
      'identity.account.claim-invited',
    ]);

    // The email the real notification service sent to the SMTP sink.
    const delivered = await eventually(
      async () => {
        const emails = await emailsTo(email);
        expect(emails).toHaveLength(1);
        return emails[0]!;
      },
      { timeoutMs: 45_000, intervalMs: 250 },
    ).catch((error: unknown) => {
      throw new Error(`no claim email: ${String(error)}\nnotification said:\n${notification.output()}`);
    });
    expect(delivered.subject).toBe('Your Aranya Spa & Wellness account is ready');
    expect(delivered.html).toContain('Hello Ravi,');
    expect(delivered.text).toContain('Our front desk booked for you');
    const link = /Set your password:\n(\S+)/.exec(delivered.text)?.[1];
    expect(link).toMatch(/^http:\/\/spa\.test:8080\/auth\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(delivered.html).toContain(`href="${link}"`);
    const invitation = claimInvitations.find((candidate) => candidate.userId === user.id);
    expect(invitation).toMatchObject({ email, claimUrl: link, expiresInSeconds: 7n * 86_400n });

    // The link is a password-reset token that lives 7 days (config.claimTokenTtlSeconds).
    const token = link!.split('/').pop()!;
    const { rows } = await world.deps.database.pool.query<{ purpose: string; seconds: number }>(
      'select purpose, extract(epoch from expires_at - created_at)::int as seconds from one_time_tokens where token_hash = $1',
      [hashOneTimeToken(token)],
    );
    expect(rows).toEqual([{ purpose: 'password-reset', seconds: expect.closeTo(7 * 86_400, -1) }]);

    // Nobody can sign in before the password is set.
    const before = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(before.statusCode).toBe(401);
    // What the web's /auth/reset-password/<token> page sends.
    const set = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${token}`,
      payload: { password: STRONG_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await world.signIn(email, STRONG_PASSWORD);
    const me = (await world.call({ method: 'GET', url: '/auth/me', token: signedIn })).json().user;
    expect(me).toMatchObject({ id: user.id, email, hasPassword: true, isEmailVerified: true, role: 'user' });
    // Single use, like any reset link.
    const reused = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${token}`,
      payload: { password: 'Another-garden-77' },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('sends a phone-only customer nothing: no claim, no verification email', async () => {
    const before = claimInvitations.length;
    const { user } = (await createWalkIn(tokens.admin, { name: 'No Email', phone: phone() })).json();
    // An event published after it: once that one has arrived, the relay had sent everything before it.
    const marker = uniqueEmail('marker');
    await createWalkIn(tokens.admin, { name: 'Marker', email: marker });
    await eventually(async () => expect(claimInvitations.some((c) => c.email === marker)).toBe(true), {
      timeoutMs: 30_000,
    });
    expect(claimInvitations.slice(before).map((c) => c.email)).toEqual([marker]);
    expect((await world.outbox()).filter((row) => row.key === user.id).map((row) => row.event_type)).toEqual([
      'identity.user.registered',
    ]);
  });
});

describe('an empty email is nobody’s', () => {
  let walkInId: string;
  beforeAll(async () => {
    walkInId = (await createWalkIn(tokens.receptionist, { name: 'Phone Only', phone: phone() })).json().user
      .id;
  });

  const googleToken = (email: string) =>
    new SignJWT({ email, email_verified: true, name: 'Squatter' })
      .setProtectedHeader({ alg: 'RS256', kid: GOOGLE_KID, typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT_ID)
      .setSubject(randomBytes(10).toString('hex'))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(google.privateKey);

  it('sign-in with an empty or blank email never reaches a walk-in account', async () => {
    // Refused before the throttle: however many tries, always the same 401, never a 429.
    for (const [email, password] of [
      ['', ''],
      ['', STRONG_PASSWORD],
      ['   ', STRONG_PASSWORD],
      ['\u3000', STRONG_PASSWORD], // an ideographic space: NFKC makes it a plain one, then trimmed
      ['', 'x'],
    ]) {
      const response = await world.call({ method: 'POST', url: '/auth/login', payload: { email, password } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
  });

  it('forgot-password, registration and Google refuse an empty email', async () => {
    const forgot = await world.call({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: ' ' },
    });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const register = await world.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Squatter', email: '', password: STRONG_PASSWORD, role: 'user' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().details).toEqual(
      expect.arrayContaining([{ field: 'email', message: 'Please enter a valid email address.' }]),
    );

    const blank = await world.call({
      method: 'POST',
      url: '/auth/google',
      payload: { tokenId: await googleToken(' ') },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'UNSUPPORTED_EMAIL' });
    const empty = await world.call({
      method: 'POST',
      url: '/auth/google',
      payload: { tokenId: await googleToken('') },
    });
    expect(empty.statusCode).toBe(401);

    await world.deps.background.drain();
    expect(await userRow(walkInId)).toMatchObject({
      email: '',
      password_hash: null,
      google_subject: null,
      is_email_verified: false,
    });
    const { rows } = await world.deps.database.pool.query(
      'select 1 from one_time_tokens where user_id = $1',
      [walkInId],
    );
    expect(rows).toHaveLength(0);
  });

  it('the retention sweep of unverified sign-ups leaves walk-in customers alone', async () => {
    const context = await createIdentityContext(world.deps);
    const abandoned = await world.register({ email: uniqueEmail('abandoned') });
    await world.deps.database.pool.query(
      `update users set created_at = now() - interval '31 days' where id = any($1::uuid[])`,
      [[walkInId, abandoned.user.id]],
    );
    expect(await sweepUnverifiedAccounts(context)).toBeGreaterThanOrEqual(1);
    expect(await userRow(String(abandoned.user.id))).toBeUndefined();
    expect(await userRow(walkInId)).toMatchObject({ walk_in: true });
  });
});
