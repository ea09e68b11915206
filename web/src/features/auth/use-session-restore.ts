import { useEffect } from 'react';
import { getSessionToken, useSessionStore } from '../../stores/session.store';
import { toSessionUser } from './account';
import { authApi } from './auth-api';

/**
 * On load, a stored session is refreshed from GET /auth/me, so the menu, the role and the verified
 * flag are current. A 401 (expired or revoked token) signs out through the API client; any other
 * failure (offline, a server hiccup) keeps the stored session for the next call to decide.
 */
export function useSessionRestore(): void {
  useEffect(() => {
    if (!getSessionToken()) return;
    authApi
      .me()
      .then((user) => useSessionStore.getState().updateUser(toSessionUser(user)))
      .catch(() => undefined);
  }, []);
}
