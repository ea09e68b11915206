import { requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  deleteUserAsAdmin,
  listUsersForAdmin,
  updateUserAsAdmin,
  USER_DELETED_MESSAGE,
} from '../accounts/admin-users.js';
import type { IdentityContext } from '../accounts/context.js';
import { decideEmployeeApplication } from '../accounts/employee-applications.js';
import type { UserFilters } from '../db/users.repository.js';
import type { AdminUserChanges } from '../domain/user-update.js';
import {
  approveApplicantSchema,
  deleteUserSchema,
  listUsersSchema,
  rejectApplicantSchema,
  updateUserSchema,
} from './admin-users.schemas.js';
import { toUserView } from './user.schemas.js';

type FilterQuery = { [K in keyof UserFilters]?: UserFilters[K] | '' };

/** Admin user management (spec section 7, Admin). */
export function adminUserRoutes(context: IdentityContext) {
  return async (app: FastifyInstance) => {
    // Checked before validation, so a caller without the role learns nothing about the request's shape.
    app.addHook('preValidation', requireRole('admin'));

    app.get<{ Querystring: FilterQuery }>('/admin/users', { schema: listUsersSchema }, async (request) => {
      const { email, shift, workingLocation, role, employeeStatus } = request.query;
      const users = await listUsersForAdmin(context, {
        email: email || undefined,
        shift: shift || undefined,
        workingLocation: workingLocation || undefined,
        role: role || undefined,
        employeeStatus: employeeStatus || undefined,
      });
      return { users: users.map(toUserView) };
    });

    app.put<{ Params: { id: string }; Body: AdminUserChanges }>(
      '/admin/users/:id',
      { schema: updateUserSchema },
      async (request) => ({
        user: toUserView(await updateUserAsAdmin(context, request.params.id, request.body)),
      }),
    );

    app.post<{ Params: { id: string } }>(
      '/admin/users/:id/approve',
      { schema: approveApplicantSchema },
      async (request) => ({
        user: toUserView(await decideEmployeeApplication(context, request.params.id, 'approve')),
      }),
    );

    app.post<{ Params: { id: string } }>(
      '/admin/users/:id/reject',
      { schema: rejectApplicantSchema },
      async (request) => ({
        user: toUserView(await decideEmployeeApplication(context, request.params.id, 'reject')),
      }),
    );

    app.delete<{ Params: { id: string } }>(
      '/admin/users/:id',
      { schema: deleteUserSchema },
      async (request) => {
        await deleteUserAsAdmin(context, request.params.id);
        return { message: USER_DELETED_MESSAGE };
      },
    );
  };
}
