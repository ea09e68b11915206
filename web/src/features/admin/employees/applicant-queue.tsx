import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminTable, NameCell } from '../../../components/ui/admin-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import { employeeRoleLabel, shiftLabel, type AccountUser } from '../../auth/account';
import { employeeKeys, employeesApi } from './employees-api';

type Decision = 'approve' | 'reject';

const DIALOG = {
  approve: {
    title: 'Approve employee',
    message: (user: AccountUser) =>
      `Approve ${user.name} as ${employeeRoleLabel(user.employeeRole)}? They get staff access (bills, appointments) the next time they sign in, and are emailed.`,
    confirm: 'Approve',
    busy: 'Approving...',
    tone: 'primary',
    done: (user: AccountUser) => `${user.name} is now an employee`,
  },
  reject: {
    title: 'Reject application',
    message: (user: AccountUser) =>
      `Reject ${user.name}'s request for a staff account? Their account stays a customer account, and they are emailed.`,
    confirm: 'Reject',
    busy: 'Rejecting...',
    tone: 'danger',
    done: (user: AccountUser) => `${user.name}'s application was rejected`,
  },
} as const;

/** The queue is never paged: the applicants are the first rows of the directory's page. */
const ONE_PAGE = { isPending: false, page: 1, pageCount: 1, total: 0, setPage: () => undefined };

/**
 * Self-registered employees waiting for a decision, on the admin table (a card per row at 390 px) with
 * Approve and Reject at the end of each row.
 */
export function ApplicantQueue({ applicants }: { applicants: AccountUser[] }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ user: AccountUser; decision: Decision } | null>(null);
  const decide = useMutation({
    mutationFn: ({ user, decision }: { user: AccountUser; decision: Decision }) =>
      decision === 'approve' ? employeesApi.approveUser(user.id) : employeesApi.rejectUser(user.id),
    onSuccess: async (_answer, { user, decision }) => {
      toast.success(DIALOG[decision].done(user));
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: employeeKeys.allUsers });
    },
    onError: (error) => {
      toast.error(getErrorMessage(error, 'The decision could not be saved'));
      setPending(null);
    },
  });

  if (applicants.length === 0) return null;
  const dialog = pending ? DIALOG[pending.decision] : null;
  return (
    <section className="applicants" aria-labelledby="applicants-title">
      <h4 id="applicants-title" className="applicants__title">
        Waiting for approval ({applicants.length})
      </h4>
      <p className="muted applicants__hint">
        People who registered as employees. Until you approve them they are customers; approval needs a
        verified email.
      </p>
      <AdminTable
        list={{ ...ONE_PAGE, total: applicants.length }}
        rows={applicants}
        rowKey={(user) => user.id}
        noun="applicants"
        empty={{ title: 'Nobody is waiting for approval.' }}
        stacked
        columns={[
          { header: 'Applicant', cell: (user) => <NameCell name={user.name} sub={user.email} /> },
          { header: 'Role', cell: (user) => employeeRoleLabel(user.employeeRole) },
          { header: 'Shift', cell: (user) => shiftLabel(user.shift) },
          { header: 'Location', cell: (user) => user.workingLocation || '—' },
          {
            header: 'Email',
            cell: (user) =>
              user.isEmailVerified ? (
                <span className="badge badge--green">Verified</span>
              ) : (
                <>
                  <span className="badge badge--amber">Not verified</span>
                  <span className="cat-table__sub">
                    Approval needs a verified email: ask them to open the link we sent.
                  </span>
                </>
              ),
          },
          { header: 'Applied', cell: (user) => (user.createdAt ? formatDate(user.createdAt) : '—') },
        ]}
        actions={[
          {
            kind: 'approve',
            label: (user) => `Approve ${user.name}`,
            title: () => 'Approve',
            onClick: (user) => setPending({ user, decision: 'approve' }),
          },
          {
            kind: 'decline',
            label: (user) => `Reject ${user.name}`,
            title: () => 'Reject',
            onClick: (user) => setPending({ user, decision: 'reject' }),
          },
        ]}
      />
      <ConfirmDialog
        open={pending !== null}
        title={dialog?.title ?? ''}
        message={pending && dialog ? dialog.message(pending.user) : ''}
        confirmLabel={dialog?.confirm ?? ''}
        busyLabel={dialog?.busy}
        tone={dialog?.tone}
        busy={decide.isPending}
        onConfirm={() => pending && decide.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
