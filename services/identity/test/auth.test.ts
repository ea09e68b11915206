import { InvalidTokenError } from '@spa/kit';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIXED_SCRIPT_DOMAIN_MESSAGE, NON_ASCII_LOCAL_PART_MESSAGE } from '../src/domain/email.js';
import {
  BREACHED_PASSWORD_MESSAGE,
  GUESSABLE_PASSWORD_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
} from '../src/domain/password-policy.js';
import { SIGN_UP_ACCEPTED_MESSAGE } from '../src/use-cases/registration.js';
import {
  createIdentityWorld,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

let world: IdentityWorld;
beforeAll(async () => {
  world = await createIdentityWorld('auth');
});
afterAll(async () => world?.close());

const USER_FIELDS = [
  '_id',
  'id',
  'name',
  'email',
  'phone',
  'role',
  'employeeRole',
  'shift',
  'workingLocation',
  'status',
  'employeeId',
  'isEmailVerified',
];

describe('POST /auth/register', () => {
  it('creates a customer and asks for email verification, signing nobody in', async () => {
    const email = uniqueEmail('asha');
    const response = await world.call({
      method: 'POST',
      url: '/auth/register',
      payload: {
        name: ' Asha Rao ',
        email: `  ${email.toUpperCase()} `,
        password: STRONG_PASSWORD,
        role: 'user',
        phone: '+91 98765 43210',
      },
    });
    expect(response.statusCode).toBe(201);
    // Only a message: a token here would tell a new address from a registered one.
    expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED_MESSAGE });

    const token = await world.signIn(email, STRONG_PASSWORD);
    const { user } = (await world.call({ method: 'GET', url: '/auth/me', token })).json();
    expect(Object.keys(user)).toEqual(expect.arrayContaining(USER_FIELDS));
    expect(user).toMatchObject({
      name: 'Asha Rao',
      email,
      phone: '+91 98765 43210',
      role: 'user',
      status: 'free',
      employeeRole: null,
      shift: null,
      workingLocation: null,
      employeeId: null,
      isEmailVerified: false,
    });
    expect(user._id).toBe(user.id);
    expect(user).not.toHaveProperty('passwordHash');
    expect(decodeJwt(token)).toMatchObject({ sub: user.id, role: 'user', name: 'Asha Rao', email });

    const events = (await world.outbox()).filter((row) => row.key === user.id);
    expect(events.map((row) => row.event_type)).toEqual([
      'identity.user.registered',
      'identity.email-verification.requested',
    ]);
    expect(events.map((row) => row.topic)).toEqual(['identity.user.v1', 'identity.account-email.v1']);
  });

  it('makes a self-registered employee an applicant: a customer until an admin approves', async () => {
    const { user, token } = await world.register({
      role: 'employee',
      employeeRole: 'Receptionist',
      shift: 'night',
      workingLocation: 'Palasia',
      status: 'occupied',
    });
    expect(user).toMatchObject({
      role: 'user',
      employeeStatus: 'applicant',
      employeeRole: 'receptionist',
      shift: 'night',
      workingLocation: 'Palasia',
      status: 'occupied',
      employeeId: null,
    });
    expect(decodeJwt(token)).toMatchObject({ role: 'user', employeeStatus: 'applicant' });
  });

  it('treats emails case-insensitively: a second sign-up for the same mailbox makes no second account', async () => {
    const email = uniqueEmail('twice');
    const { user } = await world.register({ email });
    const response = await world.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Other', email: email.toUpperCase(), password: 'Quiet-river-77', role: 'user' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED_MESSAGE });
    // The first password still signs in; the second one does not (it was never stored).
    await world.signIn(email, STRONG_PASSWORD);
    const second = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Quiet-river-77' },
    });
    expect(second.statusCode).toBe(401);
    const events = (await world.outbox()).filter((row) => row.key === user.id);
    expect(events.map((row) => row.event_type).at(-1)).toBe('identity.account.sign-up-attempted');
  });

  const valid = () => ({
    name: 'Asha Rao',
    email: uniqueEmail('v'),
    password: STRONG_PASSWORD,
    role: 'user',
  });
  const employee = () => ({
    ...valid(),
    role: 'employee',
    employeeRole: 'manager',
    shift: 'morning',
    workingLocation: 'Vijay Nagar',
  });
  it.each([
    ['a missing name', () => ({ ...valid(), name: undefined }), 'name is required'],
    ['a missing email', () => ({ ...valid(), email: undefined }), 'email is required'],
    ['a missing password', () => ({ ...valid(), password: undefined }), 'password is required'],
    ['a missing role', () => ({ ...valid(), role: undefined }), 'role is required'],
    ['a blank name', () => ({ ...valid(), name: '   ' }), 'Name is required.'],
    ['a malformed email', () => ({ ...valid(), email: 'asha@' }), 'Please enter a valid email address.'],
    ['a short password', () => ({ ...valid(), password: 'abc123' }), PASSWORD_POLICY_MESSAGE],
    ['a password without a digit', () => ({ ...valid(), password: 'onlyletters' }), PASSWORD_POLICY_MESSAGE],
    ['a password without a letter', () => ({ ...valid(), password: '12345678' }), PASSWORD_POLICY_MESSAGE],
    [
      'a password over 128 characters',
      () => ({ ...valid(), password: `${'a'.repeat(128)}1` }),
      PASSWORD_POLICY_MESSAGE,
    ],
    ['a breached password', () => ({ ...valid(), password: 'Password123' }), BREACHED_PASSWORD_MESSAGE],
    ['a guessable password', () => ({ ...valid(), password: 'Summer2024' }), GUESSABLE_PASSWORD_MESSAGE],
    [
      "a password made of the user's name",
      () => ({ ...valid(), password: 'AshaRao2025' }),
      GUESSABLE_PASSWORD_MESSAGE,
    ],
    ['role admin', () => ({ ...valid(), role: 'admin' }), 'Role must be User or Employee.'],
    ['an unknown role', () => ({ ...valid(), role: 'owner' }), 'Role must be User or Employee.'],
    [
      'an employee without an employee role',
      () => ({ ...employee(), employeeRole: '' }),
      'Employee role is required for employees.',
    ],
    [
      'an employee without a shift',
      () => ({ ...employee(), shift: undefined }),
      'Shift is required for employees.',
    ],
    [
      'an employee without a working location',
      () => ({ ...employee(), workingLocation: ' ' }),
      'Working location is required for employees.',
    ],
    [
      'an unknown employee role',
      () => ({ ...employee(), employeeRole: 'astronaut' }),
      'Employee role must be one of: manager, receptionist, servicestaff.',
    ],
    ['an unknown shift', () => ({ ...employee(), shift: 'evening' }), 'Shift must be morning or night.'],
    ['an unknown status', () => ({ ...valid(), status: 'asleep' }), 'Status must be free or occupied.'],
    ['a malformed phone', () => ({ ...valid(), phone: 'call me' }), 'Please enter a valid phone number'],
    ['an unknown field', () => ({ ...valid(), isAdmin: true }), 'isAdmin is not an allowed field'],
    ['a number for a name', () => ({ ...valid(), name: 42 }), 'name must be string'],
  ])('refuses %s with 400', async (_case, body, message) => {
    const response = await world.call({ method: 'POST', url: '/auth/register', payload: body() });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().message).toContain(message);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await world.call({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MALFORMED_JSON');
  });
});

describe('POST /auth/login', () => {
  it('signs in with any spelling of the email and answers data with token and user', async () => {
    const email = uniqueEmail('login');
    await world.register({ email });
    const response = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: ` ${email.toUpperCase()}`, password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json().data;
    expect(user.email).toBe(email);
    const verified = await (await world.platformVerifier()).verify(token);
    expect(verified).toMatchObject({ id: user.id, role: 'user', email, name: 'Asha Rao' });
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('EdDSA');
    const claims = decodeJwt(token);
    expect(claims.iss).toBe('spa-identity');
    expect(claims.aud).toBe('spa-platform');
    expect(claims.exp! - claims.iat!).toBe(86_400);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const email = uniqueEmail('wrong');
    await world.register({ email });
    const wrongPassword = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Not-the-one-1' },
    });
    const unknownEmail = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email: uniqueEmail('nobody'), password: STRONG_PASSWORD },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it.each([
    ['no password', { email: 'a@b.co' }],
    ['no email', { password: 'x' }],
    ['an extra field', { email: 'a@b.co', password: 'x', remember: true }],
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await world.call({ method: 'POST', url: '/auth/login', payload });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /auth/me and PUT /auth/me', () => {
  it('needs a token', async () => {
    expect((await world.call({ method: 'GET', url: '/auth/me' })).statusCode).toBe(401);
    expect((await world.call({ method: 'PUT', url: '/auth/me', payload: { name: 'X' } })).statusCode).toBe(
      401,
    );
    const forged = await world.call({ method: 'GET', url: '/auth/me', token: 'not.a.token' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('UNAUTHORIZED');
  });

  it("answers the caller's own user", async () => {
    const { token, user } = await world.register();
    const response = await world.call({ method: 'GET', url: '/auth/me', token });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      _id: user.id,
      email: user.email,
      hasPassword: true,
    });
  });

  it('edits name and phone, announces the change, and cannot touch role or email', async () => {
    const { token, user } = await world.register();
    const response = await world.call({
      method: 'PUT',
      url: '/auth/me',
      token,
      payload: { name: 'Asha R. Rao', phone: '0731-2345678' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Asha R. Rao',
      phone: '0731-2345678',
      email: user.email,
    });
    const cleared = await world.call({ method: 'PUT', url: '/auth/me', token, payload: { phone: '' } });
    expect(cleared.json().user.phone).toBeNull();
    const updates = (await world.outbox()).filter(
      (row) => row.key === user.id && row.event_type === 'identity.user.updated',
    );
    expect(updates).toHaveLength(2);

    for (const payload of [{ role: 'admin' }, { email: 'other@spa.test' }]) {
      const refused = await world.call({ method: 'PUT', url: '/auth/me', token, payload });
      expect(refused.statusCode).toBe(400);
    }
    const blank = await world.call({ method: 'PUT', url: '/auth/me', token, payload: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Name is required.');
    const badPhone = await world.call({ method: 'PUT', url: '/auth/me', token, payload: { phone: '12' } });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().details[0].field).toBe('phone');
  });
});

describe('emails: one spelling per mailbox, no look-alikes', () => {
  const register = (email: string) =>
    world.call({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Asha Rao', email, password: STRONG_PASSWORD, role: 'user' },
    });

  it('refuses a second "customer" spelt with a Cyrillic letter, and says why', async () => {
    const email = uniqueEmail('customer');
    expect((await register(email)).statusCode).toBe(201);
    const response = await register(email.replace('c', '\u0441'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: NON_ASCII_LOCAL_PART_MESSAGE,
      details: [{ field: 'email', message: NON_ASCII_LOCAL_PART_MESSAGE }],
    });
  });

  it('treats a full-width spelling as the same address (NFKC): not a second account', async () => {
    const email = uniqueEmail('wide');
    const first = await register(email);
    expect(first.statusCode).toBe(201);
    const fullWidth = email.replace(/[a-z@.]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
    const second = await register(fullWidth);
    expect({ status: second.statusCode, body: second.json() }).toEqual({
      status: first.statusCode,
      body: first.json(),
    });
    const { rows } = await world.deps.database.pool.query('select id from users where email = $1', [email]);
    expect(rows).toHaveLength(1);
    const token = await world.signIn(fullWidth, STRONG_PASSWORD);
    expect(decodeJwt(token).sub).toBe(rows[0].id);
  });

  it('refuses a domain mixing Latin and Cyrillic letters', async () => {
    const response = await register(`asha.${Date.now()}@sp\u0430.test`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MIXED_SCRIPT_DOMAIN_MESSAGE);
  });

  it('accepts an internationalised domain, stores its ASCII form and signs in with either spelling', async () => {
    const local = `asha.${Date.now()}`;
    const created = await register(`${local}@München.test`);
    expect(created.statusCode).toBe(201);
    const token = await world.signIn(`${local}@münchen.test`, STRONG_PASSWORD);
    expect(decodeJwt(token).email).toBe(`${local}@xn--mnchen-3ya.test`);
    await world.signIn(`${local}@xn--mnchen-3ya.test`, STRONG_PASSWORD);
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password given the current one and signs out the other sessions only', async () => {
    const email = uniqueEmail('change');
    const { token } = await world.register({ email });
    const otherSession = await world.signIn(email, STRONG_PASSWORD);
    const response = await world.call({
      method: 'POST',
      url: '/auth/change-password',
      token,
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Quiet-river-77' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed.' });

    expect((await world.call({ method: 'GET', url: '/auth/me', token })).statusCode).toBe(200);
    expect((await world.call({ method: 'GET', url: '/auth/me', token: otherSession })).statusCode).toBe(401);
    const oldPassword = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    await world.signIn(email, 'Quiet-river-77');
  });

  it('refuses a wrong current password, a weak new one and an unchanged one', async () => {
    const { token } = await world.register();
    const attempt = (currentPassword: string, newPassword: string) =>
      world.call({
        method: 'POST',
        url: '/auth/change-password',
        token,
        payload: { currentPassword, newPassword },
      });
    const wrong = await attempt('Not-mine-123', 'Quiet-river-77');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Your current password is incorrect.',
      code: 'WRONG_CURRENT_PASSWORD',
    });
    const weak = await attempt(STRONG_PASSWORD, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_POLICY_MESSAGE);
    const breached = await attempt(STRONG_PASSWORD, 'iloveyou1');
    expect(breached.statusCode).toBe(400);
    expect(breached.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: BREACHED_PASSWORD_MESSAGE });
    const same = await attempt(STRONG_PASSWORD, STRONG_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Your new password must be different from your current password.');
    const missing = await world.call({
      method: 'POST',
      url: '/auth/change-password',
      token,
      payload: { newPassword: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    const signedOut = await world.call({
      method: 'POST',
      url: '/auth/change-password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Quiet-river-77' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token at once for identity and for every kit verifier, and only that token', async () => {
    const email = uniqueEmail('logout');
    const { token } = await world.register({ email });
    const second = await world.signIn(email, STRONG_PASSWORD);
    const platform = await world.platformVerifier();
    await expect(platform.verify(token)).resolves.toMatchObject({ email });

    const response = await world.call({ method: 'POST', url: '/auth/logout', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'You have been signed out.' });

    const me = await world.call({ method: 'GET', url: '/auth/me', token });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('This session has been signed out. Please sign in again.');
    await expect(platform.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(platform.verify(second)).resolves.toMatchObject({ email });
    expect((await world.call({ method: 'POST', url: '/auth/logout', token })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    expect((await world.call({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });
});

describe('public endpoints', () => {
  it('publishes the signing key as a JWKS without its private part', async () => {
    const response = await world.call({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keys[0].kid).toEqual(expect.any(String));
    expect(keys[0]).not.toHaveProperty('d');
    const openapi = (await world.call({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(openapi.paths)).not.toContain('/.well-known/jwks.json');
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/auth/register', '/admin/users/{id}']),
    );
  });

  it('says whether Google sign-in is on', async () => {
    const response = await world.call({ method: 'GET', url: '/auth/config' });
    expect(response.json()).toEqual({ googleClientId: null });
    const google = await world.call({ method: 'POST', url: '/auth/google', payload: { tokenId: 'x.y.z' } });
    expect(google.statusCode).toBe(422);
    expect(google.json().code).toBe('GOOGLE_SIGN_IN_DISABLED');
  });

  it('lists the active employee roles for the registration form', async () => {
    const response = await world.call({ method: 'GET', url: '/auth/employee-roles' });
    expect(response.statusCode).toBe(200);
    expect(response.json().roles.map((role: { name: string }) => role.name)).toEqual(
      expect.arrayContaining(['manager', 'receptionist', 'servicestaff']),
    );
  });
});

describe('odd input is a 4xx, never a server error', () => {
  it.each([
    {
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'A\u0000B', email: 'nul@spa.test', password: STRONG_PASSWORD, role: 'user' },
    },
    { method: 'POST', url: '/auth/login', payload: { email: 'a\u0000@spa.test', password: 'x' } },
    { method: 'POST', url: '/auth/login', payload: { email: 'x'.repeat(321), password: 'x' } },
    { method: 'POST', url: '/auth/login', payload: { email: ['a@b.co'], password: 'x' } },
    {
      method: 'POST',
      url: '/auth/login',
      payload: 'email=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    { method: 'POST', url: '/auth/forgot-password', payload: { email: 'a\u0000@spa.test' } },
    {
      method: 'POST',
      url: `/auth/reset-password/${'x'.repeat(300)}`,
      payload: { password: STRONG_PASSWORD },
    },
    { method: 'GET', url: '/auth/verify-email/%00%00' },
    { method: 'POST', url: '/auth/google', payload: { tokenId: 'a.b.c' } },
    { method: 'PUT', url: '/auth/me', payload: null },
  ] as const)('$method $url', async (request) => {
    const { token } = await world.register();
    const response = await world.call({
      ...request,
      token: request.url === '/auth/me' ? token : undefined,
    } as never);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual(
      expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
    );
  });

  it('refuses NUL characters in filters and profile edits', async () => {
    const { token } = await world.register();
    const profile = await world.call({
      method: 'PUT',
      url: '/auth/me',
      token,
      payload: { name: 'Asha\u0000' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe('Text must not contain NUL characters.');
    const admin = await world.adminToken();
    const filter = await world.call({ method: 'GET', url: '/admin/users?email=%00', token: admin });
    expect(filter.statusCode).toBe(400);
  });
});
