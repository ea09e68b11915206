import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { PASSWORD_HINT, passwordProblem } from './account';
import { authApi } from './auth-api';
import { AuthShell, FormError } from './auth-shell';
import { PasswordInput } from './password-input';

/** Spec section 9: the success message stays 2 s before the sign-in page opens. */
const RESET_REDIRECT_DELAY_MS = 2000;
const SUCCESS_MESSAGE = 'Password reset successful! Redirecting to sign in...';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setError('Passwords do not match');
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      toast.success(SUCCESS_MESSAGE);
      setDone(true);
    } catch (failure) {
      setError(getErrorMessage(failure, 'Failed to reset password'));
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title="Set a New Password"
      intro="Choose a new password for your account."
      footer={
        <>
          Need a new link? <Link to={paths.forgotPassword}>Request another</Link>
        </>
      }
    >
      {done ? (
        <p className="form-alert form-alert--success" role="status">
          {SUCCESS_MESSAGE}
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <FormError message={error} />
          <div className="field">
            <label className="field__label" htmlFor="reset-password">
              New password
            </label>
            <PasswordInput
              id="reset-password"
              autoComplete="new-password"
              required
              maxLength={128}
              aria-describedby="reset-password-hint"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p id="reset-password-hint" className="field__hint">
              {PASSWORD_HINT}
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="reset-confirmation">
              Confirm new password
            </label>
            <PasswordInput
              id="reset-confirmation"
              autoComplete="new-password"
              required
              maxLength={128}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Saving...' : 'Reset password'}
          </button>
        </form>
      )}
    </AuthShell>
  );
}
