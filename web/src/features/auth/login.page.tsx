import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ComingSoon } from '../../components/coming-soon';

interface SignInState {
  from?: { pathname?: string };
}

/** /login and /auth/login. Guards and 401 answers land here with the wanted page in state.from. */
export default function LoginPage() {
  const location = useLocation();
  const returnPath = (location.state as SignInState | null)?.from?.pathname;

  return (
    <ComingSoon
      title="Sign in"
      description="Sign in with your email and password, or with Google, to book treatments and follow your orders."
    >
      {returnPath && returnPath !== paths.home && (
        <p className="muted">Please sign in to continue to {returnPath}.</p>
      )}
      <p className="muted">
        New here? <Link to={paths.register}>Create your account</Link>
      </p>
    </ComingSoon>
  );
}
