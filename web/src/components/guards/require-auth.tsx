import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { Role } from '../../stores/session.store';
import { useSessionStore } from '../../stores/session.store';
import { decideAccess } from './access';

interface GuardProps {
  /** Defaults to the nested routes, so a guard can wrap a group of routes in the router. */
  children?: ReactNode;
}

function Guard({ roles, children }: GuardProps & { roles?: readonly Role[] }) {
  const location = useLocation();
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);

  switch (decideAccess({ token, user }, roles)) {
    case 'sign-in':
      return <Navigate to={paths.login} replace state={{ from: location }} />;
    case 'unauthorized':
      return <Navigate to={paths.unauthorized} replace />;
    case 'allow':
      return <>{children ?? <Outlet />}</>;
  }
}

/** Login guard: a signed-out visitor goes to /login, with the page they wanted in state.from. */
export function RequireAuth({ children }: GuardProps) {
  return <Guard>{children}</Guard>;
}

/** Role guard: also requires sign-in; a signed-in user with another role goes to /unauthorized. */
export function RequireRole({ roles, children }: GuardProps & { roles: readonly Role[] }) {
  return <Guard roles={roles}>{children}</Guard>;
}
