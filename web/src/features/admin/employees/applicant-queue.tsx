import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

/** Self-registered employees waiting for a decision, as cards (they fit 390 px) with Approve and Reject. */
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
      <ul className="applicants__list">
        {applicants.map((user) => (
          <li key={user.id} className="applicant-card" aria-label={`Application from ${user.name}`}>
            <div className="applicant-card__who">
              <strong>{user.name}</strong>
              <span className="applicant-card__email">{user.email}</span>
            </div>
            <dl className="applicant-card__facts">
              <div>
                <dt>Role</dt>
                <dd>{employeeRoleLabel(user.employeeRole)}</dd>
              </div>
              <div>
                <dt>Shift</dt>
                <dd>{shiftLabel(user.shift)}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{user.workingLocation || '—'}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  {user.isEmailVerified ? (
                    <span className="badge badge--green">Verified</span>
                  ) : (
                    <span className="badge badge--amber">Not verified</span>
                  )}
                </dd>
              </div>
              {user.createdAt && (
                <div>
                  <dt>Applied</dt>
                  <dd>{formatDate(user.createdAt)}</dd>
                </div>
              )}
            </dl>
            <div className="applicant-card__actions">
              <button
                type="button"
                className="btn btn--primary btn--sm"
                aria-label={`Approve ${user.name}`}
                onClick={() => setPending({ user, decision: 'approve' })}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={`Reject ${user.name}`}
                onClick={() => setPending({ user, decision: 'reject' })}
              >
                Reject
              </button>
            </div>
            {!user.isEmailVerified && (
              <p className="applicant-card__note muted">
                Approval needs a verified email: ask them to open the link we sent.
              </p>
            )}
          </li>
        ))}
      </ul>
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
