import { del, get, post, put } from '../../../lib/api';
import type { AccountUser, EmployeeStatus, Shift } from '../../auth/account';
import type { Role } from '../../../stores/session.store';

export interface DirectoryFilters {
  email: string;
  shift: Shift | '';
  workingLocation: string;
}

export const NO_FILTERS: DirectoryFilters = { email: '', shift: '', workingLocation: '' };

export interface UserChanges {
  role: Role;
  employeeRole?: string;
  shift?: Shift;
  workingLocation?: string;
  status?: EmployeeStatus;
}

export interface EmployeeRole {
  _id: string;
  id: string;
  name: string;
  description: string;
  permissions: string[];
  isActive: boolean;
  /** manager, receptionist and servicestaff: the service refuses to rename or delete them. */
  isBase?: boolean;
}

export interface RoleForm {
  name: string;
  description: string;
  isActive: boolean;
}

export const employeesApi = {
  /** GET /admin/users?email&shift&workingLocation&page&pageSize (empty filters are left out): one page, by name. */
  listUsers: async (filters: DirectoryFilters, page = 1, pageSize = DIRECTORY_PAGE_SIZE) => {
    const answer = await get<{ users: AccountUser[]; total?: number }>('/admin/users', {
      query: {
        email: filters.email.trim(),
        shift: filters.shift,
        workingLocation: filters.workingLocation.trim(),
        page,
        pageSize,
      },
    });
    return { users: answer.users, total: answer.total ?? answer.users.length };
  },
  updateUser: async (id: string, changes: UserChanges) =>
    (await put<{ user: AccountUser }>(`/admin/users/${encodeURIComponent(id)}`, changes)).user,
  /**
   * With releaseFuture, booking first returns an employee's future appointments to the assignment pool;
   * with cancelFuture, a customer's upcoming appointments are cancelled by the account's erasure.
   */
  deleteUser: (id: string, options: { releaseFuture?: boolean; cancelFuture?: boolean } = {}) =>
    del<{ message?: string; releasedAppointments?: number; cancelledAppointments?: number }>(
      `/admin/users/${encodeURIComponent(id)}`,
      {
        query: {
          releaseFuture: options.releaseFuture || undefined,
          cancelFuture: options.cancelFuture || undefined,
        },
      },
    ),
  /** POST /admin/users/:id/approve: the applicant becomes an employee (needs a verified email). */
  approveUser: async (id: string) =>
    (await post<{ user: AccountUser }>(`/admin/users/${encodeURIComponent(id)}/approve`)).user,
  /** POST /admin/users/:id/reject: the applicant stays a plain customer. */
  rejectUser: async (id: string) =>
    (await post<{ user: AccountUser }>(`/admin/users/${encodeURIComponent(id)}/reject`)).user,

  listRoles: async () => (await get<{ roles: EmployeeRole[] }>('/admin/employee-roles')).roles,
  createRole: async (form: RoleForm) =>
    (await post<{ role: EmployeeRole }>('/admin/employee-roles', form)).role,
  updateRole: async (id: string, form: RoleForm) =>
    (await put<{ role: EmployeeRole }>(`/admin/employee-roles/${encodeURIComponent(id)}`, form)).role,
  deleteRole: (id: string) => del<{ message?: string }>(`/admin/employee-roles/${encodeURIComponent(id)}`),
};

/** People a page of the directory (the server's maximum is 100). */
export const DIRECTORY_PAGE_SIZE = 50;

export const employeeKeys = {
  users: (filters: DirectoryFilters, page = 1) => ['admin', 'users', filters, page] as const,
  allUsers: ['admin', 'users'] as const,
  roles: ['admin', 'employee-roles'] as const,
};
