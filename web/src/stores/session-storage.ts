/** Persistence of the session in the two local storage keys the spec names. Plain functions, no DOM needed. */

export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

export type Role = 'admin' | 'employee' | 'user';
const ROLES: readonly Role[] = ['admin', 'employee', 'user'];

export interface SessionUser {
  id: string;
  /** The spec keeps a copy of id under _id, as the server's documents use it. */
  _id: string;
  name: string;
  email: string;
  role: Role;
  phone?: string;
  employeeRole?: string;
  shift?: string;
  workingLocation?: string;
  status?: string;
  employeeId?: string;
  isEmailVerified?: boolean;
  /** A self-registered employee: applicant (a customer until an admin approves), approved or rejected. */
  employeeStatus?: string;
}

/** What sign-in and registration answers carry: an id under id, _id or both. */
export type SessionUserInput = Partial<SessionUser> & Record<string, unknown>;

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const OPTIONAL_STRING_FIELDS = [
  'phone',
  'employeeRole',
  'shift',
  'workingLocation',
  'status',
  'employeeId',
  'employeeStatus',
] as const;

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** Returns null when the value cannot be a signed-in user (no id), so a corrupt entry signs the user out. */
export function normalizeUser(raw: unknown): SessionUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const input = raw as Record<string, unknown>;
  const id = asString(input.id) ?? asString(input._id);
  if (!id) return null;

  const user: SessionUser = {
    id,
    _id: id,
    name: asString(input.name) ?? '',
    email: asString(input.email) ?? '',
    // The spec treats user as the default role.
    role: isRole(input.role) ? input.role : 'user',
  };
  for (const field of OPTIONAL_STRING_FIELDS) {
    const value = asString(input[field]);
    if (value !== undefined) user[field] = value;
  }
  if (typeof input.isEmailVerified === 'boolean') user.isEmailVerified = input.isEmailVerified;
  return user;
}

export function readStoredSession(storage: KeyValueStorage | null): StoredSession | null {
  if (!storage) return null;
  try {
    const token = storage.getItem(TOKEN_STORAGE_KEY);
    const rawUser = storage.getItem(USER_STORAGE_KEY);
    if (!token || !rawUser) return null;
    const user = normalizeUser(JSON.parse(rawUser));
    return user ? { token, user } : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(storage: KeyValueStorage | null, session: StoredSession): void {
  if (!storage) return;
  try {
    storage.setItem(TOKEN_STORAGE_KEY, session.token);
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
  } catch {
    // Storage can be full or disabled (private browsing); the session then lives in memory only.
  }
}

export function clearStoredSession(storage: KeyValueStorage | null): void {
  if (!storage) return;
  try {
    storage.removeItem(TOKEN_STORAGE_KEY);
    storage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** The browser's local storage, or null where there is none (tests, disabled storage). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
