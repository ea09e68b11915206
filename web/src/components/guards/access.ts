import type { Role, SessionUser } from '../../stores/session.store';

export type AccessDecision = 'allow' | 'sign-in' | 'unauthorized';

/** Bills are for staff: admins and employees (spec: "Bills list (admin and staff)"). */
export const STAFF_ROLES: readonly Role[] = ['admin', 'employee'];

/** The owner's screens (reports). */
export const ADMIN_ONLY: readonly Role[] = ['admin'];

/** The spec's guard: signed out goes to sign-in; a role outside the allowed ones goes to /unauthorized. */
export function decideAccess(
  session: { token: string | null; user: SessionUser | null },
  allowedRoles?: readonly Role[],
): AccessDecision {
  if (!session.token || !session.user) return 'sign-in';
  if (allowedRoles && !allowedRoles.includes(session.user.role)) return 'unauthorized';
  return 'allow';
}
