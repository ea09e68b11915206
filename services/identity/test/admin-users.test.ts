import { serviceCallHeaders } from '@spa/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentityWorld,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

let world: IdentityWorld;
let tokens: Record<'user' | 'employee' | 'admin', string>;

beforeAll(async () => {
  world = await createIdentityWorld('admin_users');
  const { seed } = world.config;
  tokens = {
    admin: await world.adminToken(),
    user: await world.signIn(seed.customerEmail, seed.customerPassword),
    employee: await world.signIn('manager@spa.local', seed.staffPassword),
  };
});
afterAll(async () => world?.close());

interface ListedUser {
  id: string;
  name: string;
  email: string;
  role: string;
  shift: string | null;
  workingLocation: string | null;
  employeeId: string | null;
  employeeRole: string | null;
  status: string;
}

async function directory(query = '') {
  const response = await world.call({ method: 'GET', url: `/admin/users${query}`, token: tokens.admin });
  expect(response.statusCode).toBe(200);
  return response.json<{ users: ListedUser[] }>().users;
}

async function userByEmail(email: string) {
  return (await directory(`?email=${encodeURIComponent(email)}`)).find((user) => user.email === email)!;
}

describe('permissions: admin routes are for admins only', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { method: 'GET', url: '/admin/users' },
    { method: 'PUT', url: `/admin/users/${someId}`, payload: { status: 'occupied' } },
    { method: 'DELETE', url: `/admin/users/${someId}` },
    { method: 'GET', url: '/admin/employee-roles' },
    { method: 'POST', url: '/admin/employee-roles', payload: { name: 'Intruder' } },
    { method: 'PUT', url: `/admin/employee-roles/${someId}`, payload: { description: 'x' } },
    { method: 'DELETE', url: `/admin/employee-roles/${someId}` },
  ] as const;

  it.each(routes)('$method $url: 401 signed out, 403 for a user and an employee', async (route) => {
    const signedOut = await world.call({ ...route });
    expect(signedOut.statusCode).toBe(401);
    for (const role of ['user', 'employee'] as const) {
      const response = await world.call({ ...route, token: tokens[role] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'You do not have permission to do this',
        code: 'FORBIDDEN',
      });
    }
  });

  it('answers 403 before looking at the request, so a non-admin learns nothing from validation', async () => {
    const response = await world.call({
      method: 'PUT',
      url: '/admin/users/not-a-uuid',
      token: tokens.user,
      payload: { bogus: 1 },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets an admin through', async () => {
    expect((await world.call({ method: 'GET', url: '/admin/users', token: tokens.admin })).statusCode).toBe(
      200,
    );
    expect(
      (await world.call({ method: 'GET', url: '/admin/employee-roles', token: tokens.admin })).statusCode,
    ).toBe(200);
  });

  it('a user reads and edits only themselves: /auth/me is always the caller', async () => {
    const other = await world.register();
    const me = await world.call({ method: 'GET', url: '/auth/me', token: tokens.user });
    expect(me.json().user.email).toBe(world.config.seed.customerEmail);
    await world.call({ method: 'PUT', url: '/auth/me', token: tokens.user, payload: { name: 'Priya S.' } });
    const untouched = await world.call({ method: 'GET', url: '/auth/me', token: other.token });
    expect(untouched.json().user.name).toBe('Asha Rao');
    const viaAdmin = await world.call({
      method: 'PUT',
      url: `/admin/users/${String(other.user.id)}`,
      token: tokens.user,
      payload: { role: 'admin' },
    });
    expect(viaAdmin.statusCode).toBe(403);
    const employeeTries = await world.call({
      method: 'DELETE',
      url: `/admin/users/${String(other.user.id)}`,
      token: tokens.employee,
    });
    expect(employeeTries.statusCode).toBe(403);
  });
});

describe('GET /admin/users', () => {
  it('lists every user with the employee columns of the directory', async () => {
    const users = await directory();
    const manager = users.find((user) => user.email === 'manager@spa.local')!;
    expect(manager).toMatchObject({
      role: 'employee',
      employeeRole: 'manager',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
      status: 'free',
      employeeId: 'EMP-0001',
    });
    expect(users.map((user) => user.email)).toEqual(
      expect.arrayContaining([world.adminEmail, world.config.seed.customerEmail]),
    );
  });

  it('filters by email (part, any case), shift and working location (part, any case)', async () => {
    expect((await directory('?email=THERAPIST@SPA')).map((user) => user.email)).toEqual([
      'therapist@spa.local',
    ]);
    const night = await directory('?shift=night');
    expect(night.every((user) => user.shift === 'night')).toBe(true);
    expect(night.map((user) => user.email)).toContain('therapist@spa.local');
    const vijay = await directory('?workingLocation=vijay');
    expect(vijay.map((user) => user.email).sort()).toEqual(['manager@spa.local', 'reception@spa.local']);
    expect(await directory('?shift=morning&workingLocation=palasia')).toEqual([]);
    expect((await directory('?email=&shift=&workingLocation=')).length).toBeGreaterThanOrEqual(5);
    expect(await directory('?email=%25')).toEqual([]);
  });

  it('refuses unknown filters, shifts and page numbers', async () => {
    for (const query of ['?shift=evening', '?limit=2', '?page=0']) {
      const response = await world.call({ method: 'GET', url: `/admin/users${query}`, token: tokens.admin });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('PUT /admin/users/:id', () => {
  it("changes an employee's shift and announces it", async () => {
    const therapist = await userByEmail('therapist@spa.local');
    const response = await world.call({
      method: 'PUT',
      url: `/admin/users/${therapist.id}`,
      token: tokens.admin,
      payload: { shift: 'morning', status: 'occupied' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: therapist.id,
      shift: 'morning',
      status: 'occupied',
      employeeId: therapist.employeeId,
    });
    expect((await userByEmail('therapist@spa.local')).shift).toBe('morning');
    const updated = (await world.outbox()).filter(
      (row) => row.key === therapist.id && row.event_type === 'identity.user.updated',
    );
    expect(updated).toHaveLength(1);
  });

  it('makes a customer an employee with the next employee id, and back, keeping the id', async () => {
    const { user } = await world.register();
    const id = String(user.id);
    const incomplete = await world.call({
      method: 'PUT',
      url: `/admin/users/${id}`,
      token: tokens.admin,
      payload: { role: 'employee' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Employee role is required for employees.');
    expect(incomplete.json().details.map((issue: { field: string }) => issue.field)).toEqual([
      'employeeRole',
      'shift',
      'workingLocation',
    ]);

    const promoted = await world.call({
      method: 'PUT',
      url: `/admin/users/${id}`,
      token: tokens.admin,
      payload: { role: 'employee', employeeRole: 'servicestaff', shift: 'night', workingLocation: 'Palasia' },
    });
    expect(promoted.statusCode).toBe(200);
    const employeeId = promoted.json().user.employeeId;
    expect(employeeId).toMatch(/^EMP-\d{4}$/);
    expect(Number(employeeId.slice(4))).toBeGreaterThan(3);

    const demoted = await world.call({
      method: 'PUT',
      url: `/admin/users/${id}`,
      token: tokens.admin,
      payload: { role: 'user' },
    });
    expect(demoted.json().user).toMatchObject({
      role: 'user',
      employeeRole: null,
      shift: null,
      workingLocation: null,
      employeeId,
    });
  });

  it('signs the user out everywhere when their role changes (their token carries the old role)', async () => {
    const email = uniqueEmail('promoted');
    const { token, user } = await world.register({ email });
    const response = await world.call({
      method: 'PUT',
      url: `/admin/users/${String(user.id)}`,
      token: tokens.admin,
      payload: { role: 'admin' },
    });
    expect(response.json().user.role).toBe('admin');
    expect((await world.call({ method: 'GET', url: '/auth/me', token })).statusCode).toBe(401);
    const fresh = await world.signIn(email, STRONG_PASSWORD);
    expect((await world.call({ method: 'GET', url: '/admin/users', token: fresh })).statusCode).toBe(200);
    await world.call({
      method: 'PUT',
      url: `/admin/users/${String(user.id)}`,
      token: tokens.admin,
      payload: { role: 'user' },
    });
  });

  it('refuses bad input with 400 and unknown users with 404', async () => {
    const therapist = await userByEmail('therapist@spa.local');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/admin/users/not-a-uuid', { status: 'free' }, 'id must match format "uuid"'],
      [
        `/admin/users/${therapist.id}`,
        { status: 'asleep' },
        'status must be equal to one of the allowed values',
      ],
      [`/admin/users/${therapist.id}`, { shift: 'evening' }, 'Shift must be morning or night.'],
      [`/admin/users/${therapist.id}`, { employeeRole: 'astronaut' }, 'Employee role must be one of'],
      [`/admin/users/${therapist.id}`, { email: 'x@y.z' }, 'email is not an allowed field'],
      [`/admin/users/${therapist.id}`, { role: 'owner' }, 'role must be equal to one of the allowed values'],
    ];
    for (const [url, payload, message] of cases) {
      const response = await world.call({ method: 'PUT', url, token: tokens.admin, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const missing = await world.call({
      method: 'PUT',
      url: '/admin/users/00000000-0000-4000-8000-000000000000',
      token: tokens.admin,
      payload: { status: 'free' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
  });
});

describe('the last admin', () => {
  it('cannot be demoted or deleted while alone, and can once another admin exists', async () => {
    const admin = await userByEmail(world.adminEmail);
    const demote = await world.call({
      method: 'PUT',
      url: `/admin/users/${admin.id}`,
      token: tokens.admin,
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      message: 'You cannot change the role of the last admin. Make another user an admin first.',
      code: 'CONFLICT',
    });
    const remove = await world.call({
      method: 'DELETE',
      url: `/admin/users/${admin.id}`,
      token: tokens.admin,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('You cannot delete the last admin. Make another user an admin first.');

    const email = uniqueEmail('second-admin');
    const { user } = await world.register({ email });
    await world.call({
      method: 'PUT',
      url: `/admin/users/${String(user.id)}`,
      token: tokens.admin,
      payload: { role: 'admin' },
    });
    const secondAdmin = await world.signIn(email, STRONG_PASSWORD);
    const demoteFirst = await world.call({
      method: 'PUT',
      url: `/admin/users/${admin.id}`,
      token: secondAdmin,
      payload: { role: 'user' },
    });
    expect(demoteFirst.statusCode).toBe(200);
    const demoteSelf = await world.call({
      method: 'PUT',
      url: `/admin/users/${String(user.id)}`,
      token: secondAdmin,
      payload: { role: 'user' },
    });
    expect(demoteSelf.statusCode).toBe(409);

    // Put things back for the other tests: the original admin is admin again (and signs in anew).
    await world.call({
      method: 'PUT',
      url: `/admin/users/${admin.id}`,
      token: secondAdmin,
      payload: { role: 'admin' },
    });
    tokens.admin = await world.adminToken();
  });
});

describe('DELETE /admin/users/:id', () => {
  it('deletes the user, announces it and signs them out', async () => {
    const email = uniqueEmail('leaving');
    const { token, user } = await world.register({ email });
    const response = await world.call({
      method: 'DELETE',
      url: `/admin/users/${String(user.id)}`,
      token: tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted' });
    expect(await directory(`?email=${encodeURIComponent(email)}`)).toEqual([]);
    expect((await world.call({ method: 'GET', url: '/auth/me', token })).statusCode).toBe(401);
    const events = (await world.outbox()).filter((row) => row.key === user.id).map((row) => row.event_type);
    expect(events.at(-1)).toBe('identity.user.deleted');
    const again = await world.call({
      method: 'DELETE',
      url: `/admin/users/${String(user.id)}`,
      token: tokens.admin,
    });
    expect(again.statusCode).toBe(404);
    const login = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a malformed id', async () => {
    const response = await world.call({ method: 'DELETE', url: '/admin/users/42', token: tokens.admin });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /admin/users pages', () => {
  it('answers one page by name with the total beside the users, and refuses a page size over 100', async () => {
    const tag = `pager${Date.now().toString(36)}`;
    for (const name of ['Charu', 'Anil', 'Bela'])
      await world.register({ name: `${name} ${tag}`, email: `${name.toLowerCase()}.${tag}@spa.test` });
    const first = await world.call({
      method: 'GET',
      url: `/admin/users?email=${tag}&page=1&pageSize=2`,
      token: tokens.admin,
    });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ users: ListedUser[]; total: number; page: number; pageSize: number }>();
    expect(body.users.map((user) => user.name)).toEqual([`Anil ${tag}`, `Bela ${tag}`]);
    expect({ total: body.total, page: body.page, pageSize: body.pageSize }).toEqual({
      total: 3,
      page: 1,
      pageSize: 2,
    });
    expect(first.headers['x-total-count']).toBe('3');
    const second = await world.call({
      method: 'GET',
      url: `/admin/users?email=${tag}&page=2&pageSize=2`,
      token: tokens.admin,
    });
    expect(second.json<{ users: ListedUser[] }>().users.map((user) => user.name)).toEqual([`Charu ${tag}`]);
    const tooMany = await world.call({
      method: 'GET',
      url: '/admin/users?pageSize=101',
      token: tokens.admin,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('account counts for the admin dashboard', () => {
  it('answers only the gateway, signed: anything else gets a 401', async () => {
    for (const headers of [
      {},
      await serviceCallHeaders('commerce', 'identity'),
      await serviceCallHeaders('gateway', 'booking'),
    ]) {
      const response = await world.app.inject({ method: 'GET', url: '/internal/stats', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'This internal route needs a valid service credential.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('counts customers, employees and admins, and follows a new sign-up', async () => {
    const stats = async () => (await world.call({ method: 'GET', url: '/internal/stats' })).json();
    const before = await stats();
    // The seeded demo accounts: one admin, one customer, three staff.
    expect(before.totalAdmins).toBeGreaterThanOrEqual(1);
    expect(before.totalEmployees).toBeGreaterThanOrEqual(3);
    expect(before.totalUsers).toBeGreaterThanOrEqual(1);
    await world.register();
    expect((await stats()).totalUsers).toBe(before.totalUsers + 1);
  });
});
