import { describe, it, expect } from 'vitest';
import { createSessionStore, selectHasRole, selectIsSignedIn } from './session.store';
import {
  normalizeUser,
  readStoredSession,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  type KeyValueStorage,
} from './session-storage';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const asha = { id: 'u1', name: 'Asha Verma', email: 'asha@example.com', role: 'admin' as const };

describe('normalizeUser', () => {
  it('copies id into _id', () => {
    expect(normalizeUser(asha)).toMatchObject({ id: 'u1', _id: 'u1' });
  });

  it('accepts a user that only has _id', () => {
    expect(
      normalizeUser({ _id: 'u2', name: 'Ravi', email: 'r@example.com', role: 'employee' }),
    ).toMatchObject({
      id: 'u2',
      _id: 'u2',
      role: 'employee',
    });
  });

  it("keeps an employee applicant's state, so the dashboard can show the waiting screen", () => {
    expect(
      normalizeUser({ id: 'u4', role: 'user', employeeStatus: 'applicant', employeeRole: 'manager' }),
    ).toMatchObject({ role: 'user', employeeStatus: 'applicant', employeeRole: 'manager' });
    expect(normalizeUser({ id: 'u5', role: 'user', employeeStatus: null })).not.toHaveProperty(
      'employeeStatus',
    );
  });

  it('defaults an unknown role to user and keeps known optional fields', () => {
    const user = normalizeUser({
      id: 'u3',
      role: 'superuser',
      isEmailVerified: false,
      shift: 'night',
      extra: 1,
    });
    expect(user).toEqual({
      id: 'u3',
      _id: 'u3',
      name: '',
      email: '',
      role: 'user',
      isEmailVerified: false,
      shift: 'night',
    });
  });

  it('rejects values without an id', () => {
    expect(normalizeUser({ name: 'No id' })).toBeNull();
    expect(normalizeUser('user')).toBeNull();
    expect(normalizeUser(null)).toBeNull();
  });
});

describe('session store', () => {
  it('starts signed out with empty storage', () => {
    const store = createSessionStore(memoryStorage());
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });

  it('signIn stores the token and the user JSON under the spec keys', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.getState().signIn('jwt-1', asha);

    expect(storage.data.get(TOKEN_STORAGE_KEY)).toBe('jwt-1');
    expect(JSON.parse(storage.data.get(USER_STORAGE_KEY) ?? '')).toMatchObject({
      id: 'u1',
      _id: 'u1',
      role: 'admin',
    });
    expect(store.getState().user?._id).toBe('u1');
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(selectHasRole(['admin', 'employee'])(store.getState())).toBe(true);
    expect(selectHasRole(['user'])(store.getState())).toBe(false);
  });

  it('restores the session on load', () => {
    const storage = memoryStorage({ token: 'jwt-2', user: JSON.stringify(asha) });
    const store = createSessionStore(storage);
    expect(store.getState().token).toBe('jwt-2');
    expect(store.getState().user).toMatchObject({ name: 'Asha Verma', _id: 'u1' });
  });

  it('clears a corrupt or half-written session on load', () => {
    const corrupt = memoryStorage({ token: 'jwt-3', user: '{not json' });
    expect(createSessionStore(corrupt).getState().token).toBeNull();
    expect(corrupt.data.size).toBe(0);

    const tokenOnly = memoryStorage({ token: 'jwt-4' });
    expect(createSessionStore(tokenOnly).getState().token).toBeNull();
    expect(tokenOnly.data.size).toBe(0);
  });

  it('signOut clears memory and storage', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.getState().signIn('jwt-5', asha);
    store.getState().signOut();

    expect(store.getState()).toMatchObject({ token: null, user: null });
    expect(readStoredSession(storage)).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('updateUser merges changes and keeps the id', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.getState().signIn('jwt-6', asha);
    store.getState().updateUser({ isEmailVerified: true, id: 'other' });

    expect(store.getState().user).toMatchObject({ id: 'u1', _id: 'u1', isEmailVerified: true });
    expect(readStoredSession(storage)?.user.isEmailVerified).toBe(true);
  });

  it('refuses to sign in without a token or user id', () => {
    const store = createSessionStore(memoryStorage());
    expect(() => store.getState().signIn('', asha)).toThrow();
    expect(() => store.getState().signIn('jwt', { name: 'x' })).toThrow();
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });

  it('keeps working in memory when storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createSessionStore(broken);
    store.getState().signIn('jwt-7', asha);
    expect(store.getState().token).toBe('jwt-7');
  });
});
