import { create } from 'zustand';
import {
  browserStorage,
  clearStoredSession,
  normalizeUser,
  readStoredSession,
  writeStoredSession,
  type KeyValueStorage,
  type Role,
  type SessionUser,
  type SessionUserInput,
} from './session-storage';

export type { Role, SessionUser, SessionUserInput } from './session-storage';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** Stores the token and user (id copied into _id) in memory and local storage. */
  signIn: (token: string, user: SessionUserInput) => void;
  /** Replaces the stored user, for example after GET /auth/me or email verification. */
  updateUser: (changes: Partial<SessionUserInput>) => void;
  /** Clears memory and local storage. Navigation is the caller's choice. */
  signOut: () => void;
}

export function createSessionStore(storage: KeyValueStorage | null) {
  const restored = readStoredSession(storage);
  // A half-written or corrupt entry would otherwise send a token without a user on every request.
  if (!restored) clearStoredSession(storage);

  return create<SessionState>()((set, get) => ({
    token: restored?.token ?? null,
    user: restored?.user ?? null,

    signIn: (token, input) => {
      const user = normalizeUser(input);
      if (!token || !user) throw new Error('signIn needs a token and a user with an id');
      writeStoredSession(storage, { token, user });
      set({ token, user });
    },

    updateUser: (changes) => {
      const { token, user } = get();
      if (!token || !user) return;
      const next = normalizeUser({ ...user, ...changes, id: user.id });
      if (!next) return;
      writeStoredSession(storage, { token, user: next });
      set({ user: next });
    },

    signOut: () => {
      clearStoredSession(storage);
      set({ token: null, user: null });
    },
  }));
}

export const useSessionStore = createSessionStore(browserStorage());

export const selectIsSignedIn = (state: SessionState): boolean => Boolean(state.token && state.user);

export const selectHasRole =
  (roles: readonly Role[]) =>
  (state: SessionState): boolean =>
    Boolean(state.user && roles.includes(state.user.role));

/** For code outside React (the API client). */
export function getSessionToken(): string | null {
  return useSessionStore.getState().token;
}
