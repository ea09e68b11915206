import { currentUser, pageRequest, requireRole, setPageHeaders } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import {
  deleteUserAsAdmin,
  listUsersForAdmin,
  updateUserAsAdmin,
  USER_DELETED_MESSAGE,
} from '../use-cases/admin-users.js';
import type { IdentityContext } from '../use-cases/context.js';
import { decideEmployeeApplication } from '../use-cases/employee-applications.js';
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

type FilterQuery = { [K in keyof UserFilters]?: UserFilters[K] | '' } & { page?: number; pageSize?: number };

/** Admin user management (spec section 7, Admin). */
export function adminUserRoutes(context: IdentityContext) {
  return (app: FastifyInstance) => {
    // Checked before validation, so a caller without the role learns nothing about the request's shape.
    app.addHook('preValidation', requireRole('admin'));

    app.get<{ Querystring: FilterQuery }>(
      '/admin/users',
      { schema: listUsersSchema },
      async (request, reply) => {
        const { email, shift, workingLocation, role, employeeStatus } = request.query;
        const page = pageRequest(request.query);
        const { users, total } = await listUsersForAdmin(
          context,
          {
            email: email || undefined,
            shift: shift || undefined,
            workingLocation: workingLocation || undefined,
            role: role || undefined,
            employeeStatus: employeeStatus || undefined,
          },
          page,
        );
        setPageHeaders(reply, page, total);
        return { users: users.map(toUserView), total, page: page.number, pageSize: page.size };
      },
    );

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

    app.delete<{ Params: { id: string }; Querystring: { releaseFuture?: boolean; cancelFuture?: boolean } }>(
      '/admin/users/:id',
      { schema: deleteUserSchema },
      async (request) => {
        const admin = currentUser(request);
        const { releasedAppointments, cancelledAppointments } = await deleteUserAsAdmin(
          context,
          request.params.id,
          {
            releaseFuture: request.query.releaseFuture === true,
            cancelFuture: request.query.cancelFuture === true,
            by: { id: admin.id, name: admin.name },
          },
        );
        if (releasedAppointments > 0)
          return {
            message: `${USER_DELETED_MESSAGE}; ${releasedAppointments} future appointment${releasedAppointments === 1 ? ' is' : 's are'} back in the assignment pool — assign ${releasedAppointments === 1 ? 'it' : 'them'} from the appointments tab`,
            releasedAppointments,
          };
        if (cancelledAppointments > 0)
          return {
            message: `${USER_DELETED_MESSAGE}; ${cancelledAppointments} upcoming appointment${cancelledAppointments === 1 ? ' is' : 's are'} being cancelled, and the customer emailed`,
            cancelledAppointments,
          };
        return { message: USER_DELETED_MESSAGE };
      },
    );
  };
}
