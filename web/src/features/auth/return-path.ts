import { isSignInPath, paths } from '../../app/paths';

interface LocationLike {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

/**
 * Where to go after signing in: the page the guard or a 401 came from (navigation state `from`), or
 * /dashboard. Only paths of this app, never the sign-in page itself, never another origin.
 */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: LocationLike } | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || isSignInPath(pathname))
    return paths.dashboard;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
