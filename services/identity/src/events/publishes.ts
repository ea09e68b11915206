import { emailHash, type Publish, type Queryable, type TopicSpec } from '@spa/kit';
import { events } from '@spa/proto';
import type { EmployeeRoleRow, UserRow } from '../db/schema.js';

/** The identity events, by name; every publish in this service takes its definition from here. */
export const identityEvents = {
  userRegistered: events.userRegistered,
  userUpdated: events.userUpdated,
  userDeleted: events.userDeleted,
  userErased: events.userErased,
  recipientErased: events.recipientErased,
  employeeRoleUpserted: events.employeeRoleUpserted,
  employeeRoleDeleted: events.employeeRoleDeleted,
  emailVerificationRequested: events.emailVerificationRequested,
  passwordResetRequested: events.passwordResetRequested,
  accountClaimInvited: events.accountClaimInvited,
  signUpAttempted: events.signUpAttempted,
  employeeApplicationApproved: events.employeeApplicationApproved,
  employeeApplicationRejected: events.employeeApplicationRejected,
} as const;

/** The topics identity writes to, created at start with their cleanup policy (entity state is compacted). */
export const identityTopics: TopicSpec[] = [
  ...new Map(
    Object.values(identityEvents).map((event) => [
      event.topic,
      { topic: event.topic, compacted: event.compacted },
    ]),
  ).values(),
];

/**
 * identity.recipient.erased, published with identity.user.erased: the erased address's hash is both
 * the key on the compacted topic (so each address's latest erasure is what stays) and the payload.
 */
export function publishRecipientErased(publish: Publish, tx: Queryable, email: string) {
  const hash = emailHash(email);
  return publish(tx, identityEvents.recipientErased, hash, { emailSha256: hash });
}

/** spa.identity.v1.User: a user as other services mirror it (no secrets, empty text for absent fields). */
export interface MirroredUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  employeeRole: string;
  shift: string;
  workingLocation: string;
  status: string;
  employeeId: string;
  isEmailVerified: boolean;
  employeeStatus: string;
}

export function userMessage(user: UserRow): MirroredUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    role: user.role,
    employeeRole: user.employeeRole ?? '',
    shift: user.shift ?? '',
    workingLocation: user.workingLocation ?? '',
    status: user.status,
    employeeId: user.employeeId ?? '',
    isEmailVerified: user.isEmailVerified,
    employeeStatus: user.employeeStatus ?? '',
  };
}

export function employeeRoleMessage(role: EmployeeRoleRow) {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions,
    isActive: role.isActive,
  };
}

/** The user fields other services mirror; a change to any of them is announced as user.updated. */
export function mirroredFieldsDiffer(before: UserRow, after: UserRow): boolean {
  const a = userMessage(before);
  const b = userMessage(after);
  return (Object.keys(a) as (keyof typeof a)[]).some((key) => a[key] !== b[key]);
}
