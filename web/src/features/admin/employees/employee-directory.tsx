import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/layout/modal';
import { getErrorMessage } from '../../../lib/api';
import { useSessionStore } from '../../../stores/session.store';
import { toast } from '../../../stores/toast.store';
import { useDependentsGuard } from '../../../components/admin/dependents-dialog';
import { Pager, pageCountOf } from '../../../components/pager';
import {
  employeeRoleLabel,
  ROLE_LABELS,
  SHIFTS,
  shiftLabel,
  statusLabel,
  type AccountUser,
  type Shift,
} from '../../auth/account';
import { EditIcon, FilterIcon, TrashIcon } from '../../dashboard/dashboard-icons';
import { ApplicantQueue } from './applicant-queue';
import { EditUserDialog } from './edit-user-dialog';
import {
  DIRECTORY_PAGE_SIZE,
  employeeKeys,
  employeesApi,
  NO_FILTERS,
  type DirectoryFilters,
} from './employees-api';
import { useErrorToast } from './use-error-toast';

function FilterPanel({
  applied,
  onApply,
}: {
  applied: DirectoryFilters;
  onApply: (next: DirectoryFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(applied);
  const bodyId = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    onApply(NO_FILTERS);
  };

  return (
    <div className="filters">
      <button
        type="button"
        className="filters__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon size={18} /> Search Filters <ChevronDownIcon size={18} />
      </button>
      <form id={bodyId} className="filters__body" hidden={!open} onSubmit={apply} onReset={reset}>
        <div className="filters__fields">
          <div className="field">
            <label className="field__label" htmlFor={`${bodyId}-email`}>
              Email
            </label>
            <input
              id={`${bodyId}-email`}
              className="input"
              type="search"
              placeholder="Search by email"
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${bodyId}-shift`}>
              Shift
            </label>
            <select
              id={`${bodyId}-shift`}
              className="select"
              value={draft.shift}
              onChange={(event) => setDraft({ ...draft, shift: event.target.value as Shift | '' })}
            >
              <option value="">All shifts</option>
              {SHIFTS.map((shift) => (
                <option key={shift.value} value={shift.value}>
                  {shift.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${bodyId}-location`}>
              Location
            </label>
            <input
              id={`${bodyId}-location`}
              className="input"
              type="search"
              placeholder="Search by location"
              value={draft.workingLocation}
              onChange={(event) => setDraft({ ...draft, workingLocation: event.target.value })}
            />
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary btn--sm">
            Apply
          </button>
          <button type="reset" className="btn btn--ghost btn--sm">
            Reset
          </button>
        </div>
      </form>
    </div>
  );
}

function StatusBadge({ status }: { status: AccountUser['status'] }) {
  if (!status) return <span className="muted">—</span>;
  return (
    <span className={`badge ${status === 'free' ? 'badge--green' : 'badge--amber'}`}>
      {statusLabel(status)}
    </span>
  );
}

/**
 * The Employee Directory: every account with the spec's columns, filters, edit and delete; employee
 * applicants first, with Approve and Reject.
 */
export function EmployeeDirectory() {
  const queryClient = useQueryClient();
  const currentUserId = useSessionStore((state) => state.user?.id);
  const [paging, setPaging] = useState({ filters: NO_FILTERS, page: 1 });
  const { filters, page } = paging;
  const setFilters = (next: DirectoryFilters) => setPaging({ filters: next, page: 1 });
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const [deleting, setDeleting] = useState<AccountUser | null>(null);
  const users = useQuery({
    queryKey: employeeKeys.users(filters, page),
    queryFn: () => employeesApi.listUsers(filters, page),
  });
  useErrorToast(users.error, 'Could not fetch users');

  const { guard, dialog: dependentsDialog } = useDependentsGuard();
  // Booking may refuse while appointments depend on the user: an employee's assignments go back to the
  // assignment pool, a customer's own bookings are cancelled (emailed, refunded); the admin decides
  // knowing how many, and the answer says what happened.
  const remove = useMutation({
    mutationFn: async (user: AccountUser) => {
      let answer: { message?: string } | undefined;
      setDeleting(null);
      const isEmployee = user.role === 'employee';
      const appointments = (count: number) => (count === 1 ? 'the appointment' : `${count} appointments`);
      const choice = await guard(
        async () => {
          answer = await employeesApi.deleteUser(user.id);
        },
        {
          force: (count) =>
            isEmployee
              ? `Delete and return ${appointments(count)} to the pool`
              : `Cancel ${appointments(count)} and delete`,
        },
      );
      if (choice === 'force')
        answer = await employeesApi.deleteUser(
          user.id,
          isEmployee ? { releaseFuture: true } : { cancelFuture: true },
        );
      return choice === 'cancel' ? undefined : answer;
    },
    onSuccess: async (answer) => {
      if (!answer) return;
      toast.success(answer.message || 'User deleted successfully');
      await queryClient.invalidateQueries({ queryKey: employeeKeys.allUsers });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Delete failed')),
  });

  const list = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  const pageCount = pageCountOf(total, DIRECTORY_PAGE_SIZE);
  // The service lists applicants first; they get their own cards with Approve and Reject too.
  const applicants = list.filter((user) => user.employeeStatus === 'applicant');
  return (
    <section className="staff-panel" aria-labelledby="directory-title">
      <div className="staff-panel__header">
        <h2 id="directory-title" className="staff-panel__title">
          Employee Directory
        </h2>
        {users.isSuccess && (
          <p className="staff-panel__count" aria-live="polite">
            {total} {total === 1 ? 'person' : 'people'}
          </p>
        )}
      </div>
      <ApplicantQueue applicants={applicants} />
      <FilterPanel applied={filters} onApply={setFilters} />
      <div className="data-table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Emp Role</th>
              <th scope="col">Shift</th>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">Emp ID</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.isPending && (
              <tr>
                <td colSpan={9} className="data-table__empty">
                  Loading the directory...
                </td>
              </tr>
            )}
            {users.isError && (
              <tr>
                <td colSpan={9} className="data-table__empty">
                  {getErrorMessage(users.error, 'Could not fetch users')}
                </td>
              </tr>
            )}
            {users.isSuccess && list.length === 0 && (
              <tr>
                <td colSpan={9} className="data-table__empty">
                  No users match these filters.
                </td>
              </tr>
            )}
            {list.map((user) => (
              <tr key={user.id}>
                <td className="data-table__name data-table__text">{user.name}</td>
                <td className="data-table__text">{user.email}</td>
                <td>
                  {user.employeeStatus === 'applicant' ? (
                    <span className="role-pill role-pill--applicant">Applicant</span>
                  ) : (
                    <span className={`role-pill role-pill--${user.role}`}>
                      {ROLE_LABELS[user.role] ?? user.role}
                    </span>
                  )}
                </td>
                <td>
                  {user.role === 'employee' || user.employeeStatus === 'applicant'
                    ? employeeRoleLabel(user.employeeRole)
                    : '—'}
                </td>
                <td>{shiftLabel(user.shift)}</td>
                <td className="data-table__text">{user.workingLocation || '—'}</td>
                <td>
                  <StatusBadge status={user.status} />
                </td>
                <td>{user.employeeId || '—'}</td>
                <td>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="icon-action"
                      aria-label={`Edit ${user.name}`}
                      title={
                        user.employeeStatus === 'applicant'
                          ? 'Approve or reject the application first'
                          : 'Edit'
                      }
                      disabled={user.employeeStatus === 'applicant'}
                      onClick={() => setEditing(user)}
                    >
                      <EditIcon size={18} />
                    </button>
                    <button
                      type="button"
                      className="icon-action icon-action--danger"
                      aria-label={`Delete ${user.name}`}
                      title={user.id === currentUserId ? 'You cannot delete your own account here' : 'Delete'}
                      disabled={user.id === currentUserId}
                      onClick={() => setDeleting(user)}
                    >
                      <TrashIcon size={18} />
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {pageCount > 1 && (
        <Pager
          page={page}
          pageCount={pageCount}
          total={total}
          noun="people"
          onPageChange={(next) => setPaging({ filters, page: Math.min(Math.max(1, next), pageCount) })}
        />
      )}
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        message="Are you sure you want to delete this user?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
      {dependentsDialog}
    </section>
  );
}
