import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/icons';
import { getErrorMessage } from '../../lib/api';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import { authApi } from './auth-api';
import { AuthShell } from './auth-shell';
import { useSendVerificationEmail } from './use-send-verification';

const FAILURE_FALLBACK = 'This verification link is invalid or has expired.';

/** The landing page of the emailed link: confirms the address once (the token is single-use). */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const isSignedIn = useSessionStore(selectIsSignedIn);
  const alreadyVerified = useSessionStore((state) => state.user?.isEmailVerified === true);
  const updateUser = useSessionStore((state) => state.updateUser);
  // A query, not an effect: it runs once per token even when React mounts the page twice.
  const verification = useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => authApi.verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const resend = useSendVerificationEmail();

  useEffect(() => {
    if (verification.isSuccess) updateUser({ isEmailVerified: true });
  }, [verification.isSuccess, updateUser]);

  if (verification.isPending) {
    return (
      <AuthShell title="Verifying your email">
        <div className="auth-status" role="status">
          <div className="page-loader__dot" aria-hidden="true" />
          <p className="muted">One moment while we confirm your email address...</p>
        </div>
      </AuthShell>
    );
  }

  if (verification.isSuccess || alreadyVerified) {
    return (
      <AuthShell title="Email verified">
        <div className="auth-status" role="status">
          <span className="auth-status__icon">
            <CheckCircleIcon size={30} />
          </span>
          <p className="lead">Thank you! Your email address is confirmed.</p>
          <Link className="btn btn--primary" to={isSignedIn ? paths.dashboard : paths.login}>
            {isSignedIn ? 'Go to your dashboard' : 'Sign in'}
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="We could not verify your email">
      <div className="auth-status" role="alert">
        <span className="auth-status__icon auth-status__icon--error">
          <AlertCircleIcon size={30} />
        </span>
        <p className="lead">{getErrorMessage(verification.error, FAILURE_FALLBACK)}</p>
        {isSignedIn ? (
          <>
            <p className="muted">Links work once and expire after 24 hours. We can send you a fresh one.</p>
            <button
              type="button"
              className="btn btn--primary"
              disabled={resend.isPending || resend.isSuccess}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Email sent' : 'Send Verification Email'}
            </button>
          </>
        ) : (
          <>
            <p className="muted">Sign in and we will offer to send you a fresh link.</p>
            <Link className="btn btn--primary" to={paths.login}>
              Sign in
            </Link>
          </>
        )}
      </div>
    </AuthShell>
  );
}
