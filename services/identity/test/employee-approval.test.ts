import { EventConsumer, InvalidTokenError, on, OutboxRelay } from '@spa/kit';
import { eventually, uniqueName } from '@spa/kit/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICANT_EDIT_MESSAGE,
  APPROVAL_NEEDS_VERIFIED_EMAIL_MESSAGE,
  NOT_AN_APPLICANT_MESSAGE,
} from '../src/use-cases/employee-applications.js';
import { identityEvents } from '../src/events/publishes.js';
import {
  createIdentityWorld,
  logger,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

// Events travel the real way (outbox -> relay -> Kafka -> a consumer), as booking and notification get them.
let world: IdentityWorld;
let relay: OutboxRelay;
let consumer: EventConsumer;
let admin: string;
const received: Array<{ type: string; userId: string; payload: Record<string, unknown> }> = [];

beforeAll(async () => {
  world = await createIdentityWorld('employee_approval');
  admin = await world.adminToken();
  relay = new OutboxRelay({ pool: world.deps.database.pool, bus: world.deps.bus, logger });
  relay.start();
  const record = (type: string, userId: string, payload: object) => {
    received.push({ type, userId, payload: payload as Record<string, unknown> });
  };
  consumer = new EventConsumer({
    name: uniqueName('identity-test-approval'),
    db: world.deps.db,
    bus: world.deps.bus,
    logger,
    subscriptions: [
      on(identityEvents.emailVerificationRequested, async (_tx, payload, meta) =>
        record(meta.type, payload.userId, payload),
      ),
      on(identityEvents.userRegistered, async (_tx, payload, meta) =>
        record(meta.type, payload.user?.id ?? '', payload),
      ),
      on(identityEvents.userUpdated, async (_tx, payload, meta) =>
        record(meta.type, payload.user?.id ?? '', payload),
      ),
      on(identityEvents.employeeApplicationApproved, async (_tx, payload, meta) =>
        record(meta.type, payload.userId, payload),
      ),
      on(identityEvents.employeeApplicationRejected, async (_tx, payload, meta) =>
        record(meta.type, payload.userId, payload),
      ),
    ],
  });
  await consumer.start();
});
afterAll(async () => {
  await consumer?.stop();
  await relay?.stop();
  await world?.close();
});

function eventFor(userId: string, type: string, count = 1) {
  return eventually(
    async () => {
      const found = received.filter((event) => event.userId === userId && event.type === type);
      expect(found.length).toBeGreaterThanOrEqual(count);
      return found[count - 1]!.payload;
    },
    { timeoutMs: 45_000 },
  );
}

async function apply(label: string) {
  const email = uniqueEmail(label);
  const { token, user } = await world.register({
    email,
    role: 'employee',
    employeeRole: 'servicestaff',
    shift: 'night',
    workingLocation: 'Palasia',
  });
  return { email, token, id: String(user.id), user };
}

async function verifyEmail(userId: string) {
  const request = await eventFor(userId, 'identity.email-verification.requested');
  const token = String(request.verifyUrl).split('/').pop()!;
  const verified = await world.call({ method: 'GET', url: `/auth/verify-email/${token}` });
  expect(verified.statusCode).toBe(200);
}

const decide = (id: string, decision: 'approve' | 'reject', token = admin) =>
  world.call({ method: 'POST', url: `/admin/users/${id}/${decision}`, token });

describe('a self-registered employee is an applicant', () => {
  it('is a customer in the token, /auth/me and the mirrored user until approved', async () => {
    const { token, id, user } = await apply('applicant');
    expect(user).toMatchObject({
      role: 'user',
      employeeStatus: 'applicant',
      employeeRole: 'servicestaff',
      shift: 'night',
      workingLocation: 'Palasia',
      employeeId: null,
    });
    expect(decodeJwt(token)).toMatchObject({ sub: id, role: 'user', employeeStatus: 'applicant' });
    await expect((await world.platformVerifier()).verify(token)).resolves.toMatchObject({ role: 'user' });

    const me = await world.call({ method: 'GET', url: '/auth/me', token });
    expect(me.json().user).toMatchObject({ role: 'user', employeeStatus: 'applicant' });
    // Staff and admin reads are refused.
    expect((await world.call({ method: 'GET', url: '/admin/users', token })).statusCode).toBe(403);
    expect((await decide(id, 'approve', token)).statusCode).toBe(403);

    // Other services (booking's assignment pool) see a customer.
    const registered = await eventFor(id, 'identity.user.registered');
    expect(registered.user).toMatchObject({ role: 'user', employeeStatus: 'applicant' });
  });

  it('comes first in the admin directory, with its state', async () => {
    const first = await apply('queue-a');
    const second = await apply('queue-b');
    const users = (await world.call({ method: 'GET', url: '/admin/users', token: admin })).json()
      .users as Array<{
      id: string;
      employeeStatus: string | null;
    }>;
    const applicants = users.filter((listed) => listed.employeeStatus === 'applicant');
    expect(users.slice(0, applicants.length)).toEqual(applicants);
    const order = applicants.map((listed) => listed.id);
    expect(order.indexOf(first.id)).toBeLessThan(order.indexOf(second.id));
    expect(users.find((listed) => listed.id === first.id)).toMatchObject({ employeeStatus: 'applicant' });

    const filtered = (
      await world.call({ method: 'GET', url: '/admin/users?employeeStatus=applicant', token: admin })
    ).json().users as Array<{ employeeStatus: string }>;
    expect(filtered.length).toBeGreaterThanOrEqual(2);
    expect(filtered.every((listed) => listed.employeeStatus === 'applicant')).toBe(true);
    // The seed's employees are approved.
    const manager = users.find((listed) => (listed as { email?: string }).email === 'manager@spa.local');
    expect(manager).toMatchObject({ role: 'employee', employeeStatus: 'approved' });
  });

  it('cannot be approved before the email is verified, nor turned into staff by an edit', async () => {
    const { id } = await apply('unverified');
    const refused = await decide(id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: APPROVAL_NEEDS_VERIFIED_EMAIL_MESSAGE, code: 'CONFLICT' });
    const edit = await world.call({
      method: 'PUT',
      url: `/admin/users/${id}`,
      token: admin,
      payload: { role: 'employee' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(APPLICANT_EDIT_MESSAGE);
    const me = await world.call({
      method: 'GET',
      url: `/admin/users?employeeStatus=applicant`,
      token: admin,
    });
    expect(me.json().users.map((listed: { id: string }) => listed.id)).toContain(id);
  });
});

describe('POST /admin/users/:id/approve', () => {
  it('makes a verified applicant an employee: old tokens stop working, a new sign-in has the rights', async () => {
    const { email, token, id } = await apply('approved');
    const second = await world.signIn(email, STRONG_PASSWORD);
    await verifyEmail(id);
    const platform = await world.platformVerifier();

    const approved = await decide(id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().user).toMatchObject({
      id,
      role: 'employee',
      employeeStatus: 'approved',
      employeeRole: 'servicestaff',
      shift: 'night',
      workingLocation: 'Palasia',
    });
    expect(approved.json().user.employeeId).toMatch(/^EMP-\d{4}$/);

    for (const old of [token, second]) {
      expect((await world.call({ method: 'GET', url: '/auth/me', token: old })).statusCode).toBe(401);
      await expect(platform.verify(old)).rejects.toBeInstanceOf(InvalidTokenError);
    }
    const fresh = await world.signIn(email, STRONG_PASSWORD);
    expect(decodeJwt(fresh)).toMatchObject({ role: 'employee', employeeStatus: 'approved' });
    await expect(platform.verify(fresh)).resolves.toMatchObject({ id, role: 'employee' });

    const mail = await eventFor(id, 'identity.employee-application.approved');
    expect(mail).toMatchObject({
      email,
      employeeRole: 'servicestaff',
      signInUrl: 'http://spa.test:8080/login',
    });
    // The first update is the verification; the second announces the approval.
    const mirrored = await eventFor(id, 'identity.user.updated', 2);
    expect(mirrored.user).toMatchObject({ role: 'employee', employeeStatus: 'approved' });

    const again = await decide(id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_AN_APPLICANT_MESSAGE);
  });

  it('answers 404 for an unknown user, 409 for a customer, 400 for a malformed id, 401 signed out', async () => {
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    const customer = await world.register({ email: uniqueEmail('plain') });
    const notApplicant = await decide(String(customer.user.id), 'approve');
    expect(notApplicant.statusCode).toBe(409);
    expect(notApplicant.json().code).toBe('CONFLICT');
    const malformed = await decide('not-a-uuid', 'reject');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBeDefined();
    const signedOut = await world.call({ method: 'POST', url: `/admin/users/${customer.user.id}/approve` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /admin/users/:id/reject', () => {
  it('keeps a plain customer account, revokes old tokens and emails the applicant', async () => {
    const { email, token, id } = await apply('rejected');
    const rejected = await decide(id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().user).toMatchObject({
      id,
      role: 'user',
      employeeStatus: 'rejected',
      employeeRole: null,
      shift: null,
      workingLocation: null,
      employeeId: null,
    });
    expect((await world.call({ method: 'GET', url: '/auth/me', token })).statusCode).toBe(401);
    const fresh = await world.signIn(email, STRONG_PASSWORD);
    expect(decodeJwt(fresh)).toMatchObject({ role: 'user', employeeStatus: 'rejected' });
    const me = await world.call({ method: 'GET', url: '/auth/me', token: fresh });
    expect(me.json().user).toMatchObject({ role: 'user', employeeStatus: 'rejected' });

    const mail = await eventFor(id, 'identity.employee-application.rejected');
    expect(mail).toMatchObject({ email, employeeRole: 'servicestaff' });
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    expect((await decide(id, 'reject')).statusCode).toBe(409);
  });
});

describe('admin role changes that remove staff rights', () => {
  it('revoke the tokens of an approved employee who is made a customer', async () => {
    const { email, id } = await apply('demoted');
    await verifyEmail(id);
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const staffToken = await world.signIn(email, STRONG_PASSWORD);
    const demoted = await world.call({
      method: 'PUT',
      url: `/admin/users/${id}`,
      token: admin,
      payload: { role: 'user' },
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().user).toMatchObject({ role: 'user', employeeStatus: null });
    expect((await world.call({ method: 'GET', url: '/auth/me', token: staffToken })).statusCode).toBe(401);
    expect(decodeJwt(await world.signIn(email, STRONG_PASSWORD)).role).toBe('user');
  });
});
