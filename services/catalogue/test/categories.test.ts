import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeRoles } from '../src/db/schema.js';
import {
  createCategory,
  createService,
  startCatalogue,
  type CatalogueWorld,
} from './support/catalogue-world.js';

let world: CatalogueWorld;
beforeAll(async () => {
  world = await startCatalogue('categories', {}, { booking: true });
});
afterAll(async () => world?.close());

describe('service categories', () => {
  it('creates a category with defaults and lists it publicly', async () => {
    const response = await world.request('POST', '/admin/categories', {
      token: world.tokens.admin,
      body: { name: '  Massage Therapies ', description: 'Full body', assignedEmployeeRole: 'ServiceStaff' },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Massage Therapies',
      description: 'Full body',
      order: 0,
      isActive: true,
      assignedEmployeeRole: 'servicestaff',
    });
    expect(created._id).toBe(created.id);

    const list = await world.request('GET', '/admin/categories');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((category: { name: string }) => category.name)).toContain('Massage Therapies');
  });

  it.each([
    [{ assignedEmployeeRole: 'manager' }, 'Category name is required'],
    [{ name: '   ', assignedEmployeeRole: 'manager' }, 'Category name is required'],
    [{ name: 'Facials' }, 'Assigned Employee Role is required'],
    [{ name: 'Facials', assignedEmployeeRole: null }, 'Assigned Employee Role is required'],
    [{ name: 'Facials', assignedEmployeeRole: 'manager', order: -1 }, 'Display order cannot be negative'],
    [
      { name: 'Facials', assignedEmployeeRole: 'astronaut' },
      'Assigned Employee Role must be one of the employee roles: manager, receptionist, servicestaff',
    ],
    [{ name: 'Facials', assignedEmployeeRole: 'manager', order: '2' }, 'order must be integer,null'],
    [{ name: 'Facials', assignedEmployeeRole: 'manager', colour: 'red' }, 'colour is not an allowed field'],
  ])('refuses %o with "%s"', async (body, message) => {
    const response = await world.request('POST', '/admin/categories', { token: world.tokens.admin, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a second category of the same name, whatever the case', async () => {
    await createCategory(world, 'Body Scrubs');
    const response = await world.request('POST', '/admin/categories', {
      token: world.tokens.admin,
      body: { name: 'body scrubs', assignedEmployeeRole: 'manager' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'A category named "body scrubs" already exists',
      code: 'CONFLICT',
    });
  });

  it('lets only admins write', async () => {
    const body = { name: 'Nails', assignedEmployeeRole: 'manager' };
    expect((await world.request('POST', '/admin/categories', { body })).statusCode).toBe(401);
    for (const token of [world.tokens.user, world.tokens.employee]) {
      const response = await world.request('POST', '/admin/categories', { token, body });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const category = await createCategory(world, 'Nails');
    expect(
      (await world.request('PUT', `/admin/categories/${category._id}`, { token: world.tokens.user, body }))
        .statusCode,
    ).toBe(403);
    expect((await world.request('DELETE', `/admin/categories/${category._id}`)).statusCode).toBe(401);
  });

  it('updates only the fields sent and keeps the order rule', async () => {
    const category = await createCategory(world, 'Aromatherapy', { order: 3, description: 'Oils' });
    const toggled = await world.admin('PUT', `/admin/categories/${category._id}`, { isActive: false });
    expect(toggled).toMatchObject({ name: 'Aromatherapy', order: 3, description: 'Oils', isActive: false });
    const renamed = await world.admin('PUT', `/admin/categories/${category._id}`, {
      name: 'Aroma Rituals',
      description: 'Essential oils',
      order: 5,
      isActive: true,
      assignedEmployeeRole: 'manager',
    });
    expect(renamed).toMatchObject({
      name: 'Aroma Rituals',
      order: 5,
      isActive: true,
      assignedEmployeeRole: 'manager',
    });
    const blank = await world.request('PUT', `/admin/categories/${category._id}`, {
      token: world.tokens.admin,
      body: { name: '' },
    });
    expect(blank.json().message).toBe('Category name is required');
    const missing = await world.request('PUT', '/admin/categories/7d4e7a52-5d3a-4c8e-9d36-4f1b3e2a9c10', {
      token: world.tokens.admin,
      body: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Category not found');
  });

  it('hides inactive categories from the public but not from admins, ordered by display order', async () => {
    const hidden = await createCategory(world, 'Hidden Rituals', { isActive: false, order: 0 });
    const first = await createCategory(world, 'Zen First', { order: 1 });
    const publicNames = (await world.request('GET', '/admin/categories'))
      .json()
      .map((c: { name: string }) => c.name);
    expect(publicNames).not.toContain('Hidden Rituals');
    const adminList = (await world.request('GET', '/admin/categories', { token: world.tokens.admin })).json();
    expect(adminList.map((c: { _id: string }) => c._id)).toContain(hidden._id);
    const orders = adminList.map((c: { order: number }) => c.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    // Display order first (Massage Therapies has 0, Zen First 1), then name.
    expect(publicNames.indexOf('Massage Therapies')).toBeLessThan(publicNames.indexOf(first.name));
  });

  it('refuses to delete a category that services use, and deletes an empty one', async () => {
    const category = await createCategory(world, 'Ayurveda');
    const service = await createService(world, category._id, 'Abhyanga');
    const refused = await world.request('DELETE', `/admin/categories/${category._id}`, {
      token: world.tokens.admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cannot delete the category "Ayurveda": 1 service still uses it. Move or delete them first.',
    );
    await world.admin('DELETE', `/admin/services/${service._id}`);
    expect(await world.admin('DELETE', `/admin/categories/${category._id}`)).toEqual({
      message: 'Category deleted successfully',
    });
    const again = await world.request('DELETE', `/admin/categories/${category._id}`, {
      token: world.tokens.admin,
    });
    expect(again.statusCode).toBe(404);
    const garbage = await world.request('DELETE', '/admin/categories/not-an-id', {
      token: world.tokens.admin,
    });
    expect(garbage.statusCode).toBe(404);
  });
});

describe('roles for the category form', () => {
  it('answers the base roles before identity has announced any, to admins only', async () => {
    expect((await world.request('GET', '/admin/categories/roles/list')).statusCode).toBe(401);
    expect(
      (await world.request('GET', '/admin/categories/roles/list', { token: world.tokens.user })).statusCode,
    ).toBe(403);
    const response = await world.request('GET', '/admin/categories/roles/list', {
      token: world.tokens.admin,
    });
    expect(response.json().map((role: { name: string }) => role.name)).toEqual([
      'manager',
      'receptionist',
      'servicestaff',
    ]);
  });

  it("answers identity's active roles once they are mirrored, and checks categories against them", async () => {
    await world.deps.db.insert(employeeRoles).values([
      { id: 'role-1', name: 'manager' },
      { id: 'role-2', name: 'Senior Therapist' },
      { id: 'role-3', name: 'Retired Role', isActive: false },
    ]);
    const response = await world.request('GET', '/admin/categories/roles/list', {
      token: world.tokens.admin,
    });
    expect(response.json()).toEqual([
      { _id: 'role-1', id: 'role-1', name: 'manager' },
      { _id: 'role-2', id: 'role-2', name: 'Senior Therapist' },
    ]);
    const created = await world.admin('POST', '/admin/categories', {
      name: 'Signature',
      assignedEmployeeRole: 'senior therapist',
    });
    expect(created.assignedEmployeeRole).toBe('Senior Therapist');
    const refused = await world.request('POST', '/admin/categories', {
      token: world.tokens.admin,
      body: { name: 'Other', assignedEmployeeRole: 'receptionist' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Assigned Employee Role must be one of the employee roles: manager, Senior Therapist',
    );
  });
});
