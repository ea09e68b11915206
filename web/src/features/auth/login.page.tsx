import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getErrorMessage } from '../../lib/api';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import { toSessionUser } from './account';
import { authApi, type SignedIn } from './auth-api';
import { AuthShell, FormError } from './auth-shell';
import { GoogleSignIn } from './google-sign-in';
import { PasswordInput } from './password-input';
import { returnPathFrom } from './return-path';

/** /login and /auth/login. Guards and 401 answers land here with the wanted page in state.from. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSessionStore((state) => state.signIn);
  const isSignedIn = useSessionStore(selectIsSignedIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const returnPath = returnPathFrom(location.state);
  const [arrived] = useState(isSignedIn);

  // Someone already signed in who opens the sign-in page goes straight on.
  if (arrived) return <Navigate to={returnPath} replace />;

  const finish = ({ token, user }: SignedIn) => {
    signIn(token, toSessionUser(user));
    void navigate(returnPath, { replace: true });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      finish(await authApi.login(email.trim(), password));
    } catch (failure) {
      setError(getErrorMessage(failure, 'Login failed'));
      setBusy(false);
    }
  };

  const signInWithGoogle = async (credential: string) => {
    setError(null);
    try {
      finish(await authApi.google(credential));
    } catch (failure) {
      setError(getErrorMessage(failure, 'Google login failed'));
    }
  };

  return (
    <AuthShell
      title="Sign in"
      intro={
        returnPath !== paths.dashboard
          ? 'Please sign in to continue where you left off.'
          : 'Welcome back. Sign in to book treatments and follow your orders.'
      }
      footer={
        <>
          Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
        </>
      }
    >
      <GoogleSignIn
        onCredential={(credential) => void signInWithGoogle(credential)}
        onError={() => setError('Google login failed')}
      />
      <div className="auth-divider">or sign in with email</div>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <FormError message={error} />
        <div className="field">
          <label className="field__label" htmlFor="login-email">
            Email
          </label>
          <input
            id="login-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <div className="auth-label-row">
            <label className="field__label" htmlFor="login-password">
              Password
            </label>
            <Link to={paths.forgotPassword}>Forgot your password</Link>
          </div>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AuthShell>
  );
}
