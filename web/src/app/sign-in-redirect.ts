import type { createBrowserRouter } from 'react-router-dom';
import { isSignInPath, paths } from './paths';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * After a 401: go to /login, remembering where the user was going (a navigation in progress wins over
 * the page being left), unless already there (no loops).
 */
export function redirectToSignIn(router: AppRouter): void {
  const { location, navigation } = router.state;
  const destination = navigation.location ?? location;
  if (isSignInPath(destination.pathname)) return;
  void router.navigate(paths.login, { state: { from: destination } });
}
