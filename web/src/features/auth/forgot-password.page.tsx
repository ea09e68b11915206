import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { authApi } from './auth-api';
import { AuthShell, FormError } from './auth-shell';

const SENT_MESSAGE = 'A password reset link has been sent to your email.';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await authApi.forgotPassword(email.trim());
      toast.success(SENT_MESSAGE);
      setSent(true);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to send reset email'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title="Forgot Your Password"
      intro="Enter the email address of your account and we will send you a link to set a new password."
      footer={
        <>
          Remembered it? <Link to={paths.login}>Back to sign in</Link>
        </>
      }
    >
      {sent ? (
        <div className="form">
          <p className="form-alert form-alert--success" role="status">
            {SENT_MESSAGE}
          </p>
          <p className="muted">
            The link works once and expires in 1 hour. If it does not arrive within a few minutes, check your
            spam folder or send it again.
          </p>
          <button type="button" className="btn btn--secondary" onClick={() => setSent(false)}>
            Send it again
          </button>
        </div>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <FormError message={error} />
          <div className="field">
            <label className="field__label" htmlFor="forgot-email">
              Email
            </label>
            <input
              id="forgot-email"
              className="input"
              type="email"
              autoComplete="email"
              required
              maxLength={320}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthShell>
  );
}
