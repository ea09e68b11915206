import { randomBytes } from 'node:crypto';
import { OutboxRelay } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTopics } from '../src/events/publishes.js';
import { SIGN_UP_ACCEPTED_MESSAGE } from '../src/use-cases/registration.js';
import {
  createIdentityWorld,
  logger,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';
import { emailsTo, startNotification, type InboxEmail } from './support/notification-process.js';

/*
 * Sign-up must not tell whether an address has an account: a taken address gets the same status, body
 * and (about) time as a new one, no second account is made, and the owner is emailed instead, with a
 * sign-in link and a password-reset link. The emails travel the real way: identity's outbox, the
 * relay, Kafka, and the real notification service (its built bundle) sending to the SMTP sink.
 */
const APP_URL = 'http://spa.test:8080';
const GOOGLE_CLIENT_ID = 'spa-sign-up-test.apps.googleusercontent.com';
const GOOGLE_KID = 'google-sign-up-key';
const OTHER_PASSWORD = 'Quiet-river-77';
const ATTEMPT_SUBJECT = /Someone tried to sign up with your email/;

let world: IdentityWorld;
let relay: OutboxRelay;
let notification: Awaited<ReturnType<typeof startNotification>>;
let google: Awaited<ReturnType<typeof generateKeyPair>>;

beforeAll(async () => {
  google = await generateKeyPair('RS256', { extractable: true });
  const googleKeys = {
    keys: [{ ...(await exportJWK(google.publicKey)), kid: GOOGLE_KID, alg: 'RS256', use: 'sig' }],
  };
  const namespace = uniqueName('signup');
  world = await createIdentityWorld('sign_up', {
    env: {
      KAFKA_NAMESPACE: namespace,
      APP_URL,
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_JSON: JSON.stringify(googleKeys),
    },
  });
  await world.deps.bus.ensureTopics(identityTopics);
  relay = new OutboxRelay({ pool: world.deps.database.pool, bus: world.deps.bus, logger });
  relay.start();
  notification = await startNotification({ namespace, appUrl: APP_URL });
});
afterAll(async () => {
  await notification?.stop();
  await relay?.stop();
  await world?.close();
});

const signUp = (payload: Record<string, unknown>) =>
  world.call({
    method: 'POST',
    url: '/auth/register',
    payload: { name: 'Someone Else', password: OTHER_PASSWORD, role: 'user', ...payload },
  });

/** What a client can tell two answers apart by: status, body, and the headers that are not per-request. */
function visible(response: Awaited<ReturnType<typeof signUp>>) {
  const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
  return { status: response.statusCode, body: response.json(), keys: Object.keys(response.json()), headers };
}

async function emailTo(address: string, subject: RegExp): Promise<InboxEmail> {
  return eventually(
    async () => {
      const found = (await emailsTo(address)).find((email) => subject.test(email.subject));
      expect(found, `an email "${subject.source}" to ${address}`).toBeDefined();
      return found!;
    },
    { timeoutMs: 60_000 },
  );
}

const resetTokenIn = (email: InboxEmail) => {
  const match = /\/auth\/reset-password\/([A-Za-z0-9_-]{43})/.exec(email.text);
  expect(match, 'a password-reset link in the email').not.toBeNull();
  return match![1]!;
};

async function accountsAt(email: string) {
  const { rows } = await world.deps.database.pool.query<{ id: string; name: string }>(
    'select id, name from users where lower(email) = lower($1)',
    [email],
  );
  return rows;
}

async function refusesPassword(email: string, password: string) {
  const response = await world.call({ method: 'POST', url: '/auth/login', payload: { email, password } });
  expect(response.statusCode).toBe(401);
}

const googleToken = (email: string) =>
  new SignJWT({ email, email_verified: true, name: 'Google Owner' })
    .setProtectedHeader({ alg: 'RS256', kid: GOOGLE_KID, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(GOOGLE_CLIENT_ID)
    .setSubject(randomBytes(10).toString('hex'))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(google.privateKey);

describe('sign-up with a taken address', () => {
  it('answers exactly as for a new address, makes no second account and emails the owner both ways in', async () => {
    const taken = uniqueEmail('owner');
    const { user: owner } = await world.register({ email: taken, name: 'Asha Owner' });

    const fresh = uniqueEmail('newcomer');
    const forNew = await signUp({ email: fresh });
    const forTaken = await signUp({ email: `  ${taken.toUpperCase()} ` });
    expect(visible(forNew)).toMatchObject({
      status: 201,
      body: { message: SIGN_UP_ACCEPTED_MESSAGE },
      keys: ['message'],
    });
    expect(visible(forTaken)).toEqual(visible(forNew));

    // One account, unchanged: its own password signs in, the sign-up's does not.
    expect(await accountsAt(taken)).toEqual([{ id: owner.id, name: 'Asha Owner' }]);
    await world.signIn(taken, STRONG_PASSWORD);
    await refusesPassword(taken, OTHER_PASSWORD);
    const events = (await world.outbox()).filter((row) => row.key === owner.id).map((row) => row.event_type);
    expect(events.at(-1)).toBe('identity.account.sign-up-attempted');

    // The owner's email: a sign-in link and a reset link that works.
    const notice = await emailTo(taken, ATTEMPT_SUBJECT);
    expect(notice.text).toContain('You already have an account with us, so no new account was made.');
    expect(notice.html).toContain(`href="${APP_URL}/login"`);
    const reset = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${resetTokenIn(notice)}`,
      payload: { password: 'Fresh-jasmine-58' },
    });
    expect(reset.statusCode).toBe(200);
    await world.signIn(taken, 'Fresh-jasmine-58');

    // The new address's path is as before: an account, signed in with its password, a verification email.
    expect(await accountsAt(fresh)).toHaveLength(1);
    await world.signIn(fresh, OTHER_PASSWORD);
    await emailTo(fresh, /Verify your email/);
    expect(await emailsTo(fresh)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringMatching(ATTEMPT_SUBJECT) }),
    );
  });

  it('does the same costly work on both paths, so the answer comes about as fast', async () => {
    const taken = uniqueEmail('timed');
    await world.register({ email: taken });
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await signUp({ email })).statusCode).toBe(201);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const forNew: number[] = [];
    const forTaken: number[] = [];
    for (let round = 0; round < 5; round++) {
      forNew.push(await timed(uniqueEmail('timed-new')));
      forTaken.push(await timed(taken));
    }
    // Without the password hash the taken path is many times faster; with it, the two are alike.
    expect(median(forTaken)).toBeGreaterThan(median(forNew) * 0.5);
  });

  it.each([
    {
      kind: 'an unverified self-registered employee (applicant), signed up for as a customer',
      make: async (email: string) => {
        await world.register({
          email,
          role: 'employee',
          employeeRole: 'receptionist',
          shift: 'morning',
          workingLocation: 'Palasia',
        });
      },
      signUpAs: {},
    },
    {
      kind: 'a customer, signed up for as an employee',
      make: async (email: string) => {
        await world.register({ email });
      },
      signUpAs: {
        role: 'employee',
        employeeRole: 'manager',
        shift: 'night',
        workingLocation: 'Vijay Nagar',
      },
    },
    {
      kind: 'a Google account without a password',
      make: async (email: string) => {
        const response = await world.call({
          method: 'POST',
          url: '/auth/google',
          payload: { tokenId: await googleToken(email) },
        });
        expect(response.statusCode, response.body).toBe(200);
      },
      signUpAs: {},
    },
    {
      kind: 'a walk-in customer the front desk made (no password until they claim it)',
      make: async (email: string) => {
        const desk = uniqueEmail('desk');
        const { user } = await world.register({ email: desk });
        const promoted = await world.call({
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
        expect(promoted.statusCode).toBe(200);
        const created = await world.call({
          method: 'POST',
          url: '/auth/walk-in-customers',
          token: await world.signIn(desk, STRONG_PASSWORD),
          payload: { name: 'Walk In', email },
        });
        expect(created.statusCode, created.body).toBe(201);
      },
      signUpAs: {},
    },
  ])('answers the same for $kind, and its owner can get in from the email', async ({ make, signUpAs }) => {
    const taken = uniqueEmail('kind');
    await make(taken);
    const [account] = await accountsAt(taken);

    const forNew = await signUp({ email: uniqueEmail('kind-new'), ...signUpAs });
    const forTaken = await signUp({ email: taken, ...signUpAs });
    expect(visible(forTaken)).toEqual(visible(forNew));

    expect(await accountsAt(taken)).toEqual([account]);
    await refusesPassword(taken, OTHER_PASSWORD);
    const notice = await emailTo(taken, ATTEMPT_SUBJECT);
    const reset = await world.call({
      method: 'POST',
      url: `/auth/reset-password/${resetTokenIn(notice)}`,
      payload: { password: 'Fresh-jasmine-58' },
    });
    expect(reset.statusCode).toBe(200);
    await world.signIn(taken, 'Fresh-jasmine-58');
  });

  it('lets the address of an erased account sign up again as a new one', async () => {
    const email = uniqueEmail('erased');
    const { token, user } = await world.register({ email });
    const erased = await world.call({
      method: 'DELETE',
      url: '/auth/me',
      token,
      payload: { password: STRONG_PASSWORD },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const again = await signUp({ email });
    expect(visible(again)).toEqual(visible(await signUp({ email: uniqueEmail('erased-new') })));
    const accounts = await accountsAt(email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.id).not.toBe(user.id);
    await world.signIn(email, OTHER_PASSWORD);
    const attempts = (await world.outbox()).filter(
      (row) => row.event_type === 'identity.account.sign-up-attempted' && row.key === user.id,
    );
    expect(attempts).toEqual([]);
  });
});
