import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { getSessionToken, useSessionStore } from '../../stores/session.store';
import { revokeToken } from './auth-api';

/**
 * Sign out: go home, clear the session, then revoke the token so it stops working everywhere. In
 * this order no request of the app carries the token once it is revoked (which would answer 401 and
 * send the browser to /login), and no guard sees a signed-out user on the page being left.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSessionStore((state) => state.signOut);
  return useCallback(async () => {
    const token = getSessionToken();
    // flushSync: the home page is on screen (not merely scheduled) before the session goes.
    await navigate(paths.home, { flushSync: true });
    signOut();
    queryClient.clear();
    if (token) await revokeToken(token);
  }, [navigate, queryClient, signOut]);
}
