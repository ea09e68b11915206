import { pageRequest, requireRole, setPageHeaders } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../use-cases/context.js';
import {
  createRole,
  deleteRole,
  listRoles,
  ROLE_DELETED_MESSAGE,
  updateRole,
} from '../use-cases/employee-roles.js';
import type { EmployeeRoleRow } from '../db/schema.js';
import type { EmployeeRoleInput } from '../domain/employee-role.js';
import { isBaseEmployeeRole } from '../domain/user.js';
import {
  createRoleSchema,
  deleteRoleSchema,
  listRolesSchema,
  updateRoleSchema,
} from './employee-roles.schemas.js';

function toRoleView(role: EmployeeRoleRow) {
  return {
    _id: role.id,
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions,
    isActive: role.isActive,
    isBase: isBaseEmployeeRole(role.name),
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}

/** Employee roles CRUD (spec section 7, Admin), admins only. */
export function employeeRoleRoutes(context: IdentityContext) {
  return (app: FastifyInstance) => {
    // Checked before validation, so a caller without the role learns nothing about the request's shape.
    app.addHook('preValidation', requireRole('admin'));

    app.get<{ Querystring: { page?: number; pageSize?: number } }>(
      '/admin/employee-roles',
      { schema: listRolesSchema },
      async (request, reply) => {
        const page = pageRequest(request.query);
        const { roles, total } = await listRoles(context, {}, page);
        setPageHeaders(reply, page, total);
        return { roles: roles.map(toRoleView), total, page: page.number, pageSize: page.size };
      },
    );

    app.post<{ Body: EmployeeRoleInput & { name: string } }>(
      '/admin/employee-roles',
      { schema: createRoleSchema },
      async (request, reply) =>
        reply.status(201).send({ role: toRoleView(await createRole(context, request.body)) }),
    );

    app.put<{ Params: { id: string }; Body: EmployeeRoleInput }>(
      '/admin/employee-roles/:id',
      { schema: updateRoleSchema },
      async (request) => ({ role: toRoleView(await updateRole(context, request.params.id, request.body)) }),
    );

    app.delete<{ Params: { id: string } }>(
      '/admin/employee-roles/:id',
      { schema: deleteRoleSchema },
      async (request) => {
        await deleteRole(context, request.params.id);
        return { message: ROLE_DELETED_MESSAGE };
      },
    );
  };
}
