import { API_BASE_URL, createApiClient, get, post, put } from '../../lib/api';
import type { AccountUser, EmployeeStatus, Shift } from './account';

export interface SignedIn {
  token: string;
  user: AccountUser;
}

export interface Message {
  message: string;
}

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  phone?: string;
  role: 'user' | 'employee';
  employeeRole?: string;
  shift?: Shift;
  workingLocation?: string;
  status?: EmployeeStatus;
}

/** Sign-in answers carry { data: { token, user } } (email) or { token, user } (Google); read either. */
export function readSignedIn(body: unknown): SignedIn {
  const outer = (body ?? {}) as Record<string, unknown>;
  const inner = (outer.data && typeof outer.data === 'object' ? outer.data : outer) as Record<
    string,
    unknown
  >;
  if (typeof inner.token !== 'string' || !inner.token || !inner.user || typeof inner.user !== 'object')
    throw new Error('The sign-in answer carried no token and user');
  return { token: inner.token, user: inner.user as AccountUser };
}

export const authApi = {
  login: async (email: string, password: string) =>
    readSignedIn(await post('/auth/login', { email, password })),
  /** Answers the same for a new address and a taken one (its owner is emailed): nobody is signed in. */
  register: (form: RegistrationForm) => post<Message>('/auth/register', form),
  google: async (credential: string) => readSignedIn(await post('/auth/google', { tokenId: credential })),
  forgotPassword: (email: string) => post<Message>('/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) =>
    post<Message>(`/auth/reset-password/${encodeURIComponent(token)}`, { password }),
  verifyEmail: (token: string) => get<Message>(`/auth/verify-email/${encodeURIComponent(token)}`),
  sendVerificationEmail: () => post<Message>('/auth/send-verification-email'),
  me: async () => (await get<{ user: AccountUser }>('/auth/me')).user,
  updateProfile: async (changes: { name: string; phone: string | null }) =>
    (await put<{ user: AccountUser }>('/auth/me', changes)).user,
  changePassword: (currentPassword: string, newPassword: string) =>
    post<Message>('/auth/change-password', { currentPassword, newPassword }),
  config: () => get<{ googleClientId: string | null }>('/auth/config'),
  /** Active employee roles, for the sign-up form (no sign-in needed). */
  employeeRoles: async () =>
    (await get<{ roles: Array<{ id: string; name: string }> }>('/auth/employee-roles')).roles,
};

// Sign-out revokes the token with a client of its own: it sends the token it is given (the session is
// already cleared by then) and an already dead token (401) must not send the browser to /login.
const revocationClient = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: () => null,
  onUnauthorized: () => undefined,
});

/** POST /auth/logout: from now on the token is refused everywhere. Best effort: offline is not an error. */
export async function revokeToken(token: string): Promise<void> {
  try {
    await revocationClient.post('/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // Offline or already revoked: the local session is cleared either way.
  }
}
