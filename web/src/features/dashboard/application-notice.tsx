import type { SessionUser } from '../../stores/session.store';
import { employeeRoleLabel, shiftLabel } from '../auth/account';

/**
 * A self-registered employee's state on their dashboard: waiting for an admin's approval (they are a
 * customer until then), or told that the request was not approved.
 */
export function ApplicationNotice({ user }: { user: SessionUser }) {
  const details = [user.shift ? `${shiftLabel(user.shift)} shift` : '', user.workingLocation ?? ''].filter(
    Boolean,
  );
  if (user.employeeStatus === 'applicant')
    return (
      <section className="application-notice" role="status" aria-labelledby="application-title">
        <span className="eyebrow">Staff account</span>
        <h2 id="application-title" className="application-notice__title">
          Waiting for approval
        </h2>
        <p>
          You registered as <strong>{employeeRoleLabel(user.employeeRole)}</strong>
          {details.length > 0 ? ` (${details.join(', ')})` : ''}. An administrator has to approve your staff
          account before you can see appointments, bills and the staff screens. We will email you when they
          decide; then sign in again.
        </p>
        <p className="muted">
          {user.isEmailVerified === false
            ? 'Approval needs a verified email address: please verify yours with the link we sent (or send a new one below).'
            : 'Until then you can use the spa as a customer: book treatments, shop and keep your details up to date.'}
        </p>
      </section>
    );
  if (user.employeeStatus === 'rejected')
    return (
      <div className="dash-notice" role="status">
        <p>
          Your request for a staff account was not approved. Your account stays a customer account; please
          talk to the spa if you think this is a mistake.
        </p>
      </div>
    );
  return null;
}
