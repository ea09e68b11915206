import type { UserRow } from '../db/schema.js';
import type { IdentityContext } from './context.js';

/** What a successful sign-in, Google sign-in or registration answers: a fresh token and the user. */
export interface SignedIn {
  token: string;
  user: UserRow;
}

export async function startSession(context: IdentityContext, user: UserRow): Promise<SignedIn> {
  const { token } = await context.tokens.issue({
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    employeeStatus: user.employeeStatus,
    emailVerified: user.isEmailVerified,
  });
  return { token, user };
}
