import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api';
import { useSessionStore } from '../../../stores/session.store';
import { toast } from '../../../stores/toast.store';
import { useDependentsGuard } from '../../../components/admin/dependents-dialog';
import { pageCountOf } from '../../../components/pager';
import { AdminBanner, AdminSection, AdminTable, NameCell } from '../../../components/ui/admin-table';
import {
  employeeRoleLabel,
  ROLE_LABELS,
  SHIFTS,
  shiftLabel,
  statusLabel,
  type AccountUser,
  type Shift,
} from '../../auth/account';
import { FilterIcon } from '../../dashboard/dashboard-icons';
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
  const isApplicant = (user: AccountUser) => user.employeeStatus === 'applicant';
  return (
    <AdminSection
      title="Employee Directory"
      description={
        <span aria-live="polite">{users.isSuccess && `${total} ${total === 1 ? 'person' : 'people'}`}</span>
      }
    >
      <ApplicantQueue applicants={applicants} />
      <FilterPanel applied={filters} onApply={setFilters} />
      {users.isError ? (
        <AdminBanner>{getErrorMessage(users.error, 'Could not fetch users')}</AdminBanner>
      ) : (
        <AdminTable
          list={{
            isPending: users.isPending,
            page,
            pageCount,
            total,
            setPage: (next) => setPaging({ filters, page: next }),
          }}
          rows={list}
          rowKey={(user) => user.id}
          noun="people"
          empty={{ title: 'No users match these filters.' }}
          columns={[
            { header: 'Name', cell: (user) => <NameCell name={user.name} /> },
            { header: 'Email', cell: (user) => user.email },
            {
              header: 'Role',
              cell: (user) =>
                isApplicant(user) ? (
                  <span className="role-pill role-pill--applicant">Applicant</span>
                ) : (
                  <span className={`role-pill role-pill--${user.role}`}>
                    {ROLE_LABELS[user.role] ?? user.role}
                  </span>
                ),
            },
            {
              header: 'Emp Role',
              cell: (user) =>
                user.role === 'employee' || isApplicant(user) ? employeeRoleLabel(user.employeeRole) : '—',
            },
            { header: 'Shift', cell: (user) => shiftLabel(user.shift) },
            { header: 'Location', cell: (user) => user.workingLocation || '—' },
            { header: 'Status', cell: (user) => <StatusBadge status={user.status} /> },
            { header: 'Emp ID', cell: (user) => user.employeeId || '—' },
          ]}
          actions={[
            {
              kind: 'edit',
              label: (user) => `Edit ${user.name}`,
              title: (user) => (isApplicant(user) ? 'Approve or reject the application first' : 'Edit'),
              disabled: isApplicant,
              onClick: setEditing,
            },
            {
              kind: 'delete',
              label: (user) => `Delete ${user.name}`,
              title: (user) =>
                user.id === currentUserId ? 'You cannot delete your own account here' : 'Delete',
              disabled: (user) => user.id === currentUserId,
              onClick: setDeleting,
            },
          ]}
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
    </AdminSection>
  );
}
