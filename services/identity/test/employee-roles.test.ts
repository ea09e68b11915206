import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityWorld, execute, uniqueEmail, type IdentityWorld } from './support/identity-world.js';

let world: IdentityWorld;
let admin: string;
beforeAll(async () => {
  world = await createIdentityWorld('employee_roles');
  admin = await world.adminToken();
});
afterAll(async () => world?.close());

interface Role {
  id: string;
  _id: string;
  name: string;
  description: string;
  permissions: string[];
  isActive: boolean;
  isBase: boolean;
}

async function roles(): Promise<Role[]> {
  const response = await world.call({ method: 'GET', url: '/admin/employee-roles', token: admin });
  expect(response.statusCode).toBe(200);
  return response.json<{ roles: Role[] }>().roles;
}

const create = (payload: Record<string, unknown>) =>
  world.call({ method: 'POST', url: '/admin/employee-roles', token: admin, payload });
const update = (id: string, payload: Record<string, unknown>) =>
  world.call({ method: 'PUT', url: `/admin/employee-roles/${id}`, token: admin, payload });
const remove = (id: string) =>
  world.call({ method: 'DELETE', url: `/admin/employee-roles/${id}`, token: admin });

describe('employee roles', () => {
  it('start with the three base roles, announced once each', async () => {
    const list = await roles();
    expect(list.map((role) => [role.name, role.description, role.isActive, role.isBase])).toEqual([
      ['manager', 'Manager', true, true],
      ['receptionist', 'Receptionist', true, true],
      ['servicestaff', 'Service Staff', true, true],
    ]);
    expect(list[0]!._id).toBe(list[0]!.id);
    const upserts = (await world.outbox()).filter(
      (row) => row.event_type === 'identity.employee-role.upserted',
    );
    expect(upserts.map((row) => row.key).sort()).toEqual(list.map((role) => role.id).sort());
    expect(upserts.every((row) => row.topic === 'identity.employee-role.v1')).toBe(true);
  });

  it('are created with a unique name (any case) and announced', async () => {
    const response = await create({
      name: ' Spa Therapist ',
      description: 'Massage and body treatments',
      permissions: ['book'],
    });
    expect(response.statusCode).toBe(201);
    const { role } = response.json<{ role: Role }>();
    expect(role).toMatchObject({
      name: 'Spa Therapist',
      description: 'Massage and body treatments',
      permissions: ['book'],
      isActive: true,
      isBase: false,
    });
    expect((await world.outbox()).filter((row) => row.key === role.id).map((row) => row.event_type)).toEqual([
      'identity.employee-role.upserted',
    ]);
    const duplicate = await create({ name: 'SPA THERAPIST' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'An employee role with this name already exists.',
      code: 'CONFLICT',
    });
    const baseDuplicate = await create({ name: 'Manager' });
    expect(baseDuplicate.statusCode).toBe(409);
  });

  it.each([
    ['no name', {}, 'name is required'],
    ['a blank name', { name: '  ' }, 'Role name is required.'],
    ['a long name', { name: 'x'.repeat(51) }, 'Role name must be at most 50 characters.'],
    ['permissions that are not a list', { name: 'Valet', permissions: 'all' }, 'permissions must be array'],
    ['an unknown field', { name: 'Valet', level: 3 }, 'level is not an allowed field'],
  ])('refuse %s with 400', async (_case, payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('are edited; a rename follows onto the employees who hold the role', async () => {
    const { role } = (await create({ name: 'Nail Artist' })).json<{ role: Role }>();
    const { user } = await world.register({
      email: uniqueEmail('nails'),
      role: 'employee',
      employeeRole: 'nail artist',
      shift: 'morning',
      workingLocation: 'Palasia',
    });
    expect(user.employeeRole).toBe('Nail Artist');
    const response = await update(role.id, {
      name: 'Nail Technician',
      description: 'Manicures and pedicures',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toMatchObject({
      name: 'Nail Technician',
      description: 'Manicures and pedicures',
      isActive: false,
    });
    const users = (
      await world.call({ method: 'GET', url: '/admin/users?workingLocation=palasia', token: admin })
    ).json().users;
    expect(users.find((listed: { id: string }) => listed.id === user.id).employeeRole).toBe(
      'Nail Technician',
    );
    const userEvents = (await world.outbox())
      .filter((row) => row.key === user.id)
      .map((row) => row.event_type);
    expect(userEvents.at(-1)).toBe('identity.user.updated');
  });

  it('that are inactive are not offered at registration', async () => {
    const { role } = (await create({ name: 'Hair Stylist', isActive: false })).json<{ role: Role }>();
    const offered = (await world.call({ method: 'GET', url: '/auth/employee-roles' })).json().roles;
    expect(offered.map((listed: Role) => listed.name)).not.toContain('Hair Stylist');
    const response = await world.call({
      method: 'POST',
      url: '/auth/register',
      payload: {
        name: 'Ira',
        email: uniqueEmail('hair'),
        password: 'Lotus-garden-42',
        role: 'employee',
        employeeRole: 'Hair Stylist',
        shift: 'night',
        workingLocation: 'Palasia',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('employeeRole');
    expect((await update(role.id, { isActive: true })).json().role.isActive).toBe(true);
  });

  it('keep the base names: base roles cannot be renamed or deleted, only edited otherwise', async () => {
    const manager = (await roles()).find((role) => role.name === 'manager')!;
    const rename = await update(manager.id, { name: 'Boss' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe(
      'The base employee roles (manager, receptionist, servicestaff) cannot be renamed.',
    );
    const described = await update(manager.id, { description: 'Runs the branch' });
    expect(described.statusCode).toBe(200);
    const deletion = await remove(manager.id);
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json().message).toContain('cannot be deleted');
  });

  it('are deleted only when nobody holds them', async () => {
    const { role } = (await create({ name: 'Yoga Coach' })).json<{ role: Role }>();
    const { user } = await world.register({
      email: uniqueEmail('yoga'),
      role: 'employee',
      employeeRole: 'Yoga Coach',
      shift: 'morning',
      workingLocation: 'Vijay Nagar',
    });
    const held = await remove(role.id);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      'This employee role is assigned to 1 employee. Give them another role before deleting it.',
    );

    // The applicant is approved (after verifying their email), then given another role.
    await execute(world, sql`update users set is_email_verified = true where id = ${String(user.id)}`);
    const approved = await world.call({
      method: 'POST',
      url: `/admin/users/${String(user.id)}/approve`,
      token: admin,
    });
    expect(approved.statusCode).toBe(200);
    const moved = await world.call({
      method: 'PUT',
      url: `/admin/users/${String(user.id)}`,
      token: admin,
      payload: { employeeRole: 'manager' },
    });
    expect(moved.statusCode).toBe(200);
    const response = await remove(role.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Employee role deleted' });
    expect((await roles()).map((listed) => listed.id)).not.toContain(role.id);
    const events = (await world.outbox()).filter((row) => row.key === role.id).map((row) => row.event_type);
    expect(events.at(-1)).toBe('identity.employee-role.deleted');
    expect((await remove(role.id)).statusCode).toBe(404);
  });

  it('are listed in pages with their total, for the admin and for the sign-up form', async () => {
    for (let index = 0; index < 4; index++)
      expect((await create({ name: `Paged Role ${index}` })).statusCode).toBe(201);
    const everything = await roles();
    const active = everything.filter((role) => role.isActive);

    const page = await world.call({
      method: 'GET',
      url: '/admin/employee-roles?page=2&pageSize=2',
      token: admin,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(everything.length));
    expect(page.json()).toMatchObject({ total: everything.length, page: 2, pageSize: 2 });
    expect(page.json<{ roles: Role[] }>().roles.map((role) => role.id)).toEqual(
      everything.slice(2, 4).map((role) => role.id),
    );
    // Without page: the documented shape, the first page of at most 100.
    const all = await world.call({ method: 'GET', url: '/admin/employee-roles', token: admin });
    expect(all.json()).toMatchObject({ total: everything.length, page: 1, pageSize: 100 });

    const offered = await world.call({ method: 'GET', url: '/auth/employee-roles?page=1&pageSize=3' });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({ total: active.length, page: 1, pageSize: 3 });
    expect(offered.json<{ roles: Role[] }>().roles.map((role) => role.name)).toEqual(
      active.slice(0, 3).map((role) => role.name),
    );
    for (const bad of ['page=0', 'pageSize=101', 'page=x', 'size=3'])
      expect((await world.call({ method: 'GET', url: `/auth/employee-roles?${bad}` })).statusCode).toBe(400);
  });

  it('answer 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await update('00000000-0000-4000-8000-000000000000', { description: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Employee role not found', code: 'NOT_FOUND' });
    expect((await update('abc', { description: 'x' })).statusCode).toBe(400);
    expect((await remove('abc')).statusCode).toBe(400);
  });
});
