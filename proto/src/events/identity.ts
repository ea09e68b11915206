import * as identity from '../../gen/spa/identity/v1/events_pb.js';
import { defineEvent } from '../define.js';

export const identityEvents = {
  userRegistered: defineEvent(
    'identity.user.registered',
    identity.UserRegisteredSchema,
    'identity.user.v1',
    true,
  ),
  userUpdated: defineEvent('identity.user.updated', identity.UserUpdatedSchema, 'identity.user.v1', true),
  userDeleted: defineEvent('identity.user.deleted', identity.UserDeletedSchema, 'identity.user.v1', true),
  userErased: defineEvent('identity.user.erased', identity.UserErasedSchema, 'identity.user-erasure.v1'),
  // Compacted, keyed by the address's hash: the suppression list of erased addresses, kept for good.
  recipientErased: defineEvent(
    'identity.recipient.erased',
    identity.RecipientErasedSchema,
    'identity.erased-recipient.v1',
    true,
  ),
  employeeRoleUpserted: defineEvent(
    'identity.employee-role.upserted',
    identity.EmployeeRoleUpsertedSchema,
    'identity.employee-role.v1',
    true,
  ),
  employeeRoleDeleted: defineEvent(
    'identity.employee-role.deleted',
    identity.EmployeeRoleDeletedSchema,
    'identity.employee-role.v1',
    true,
  ),
  emailVerificationRequested: defineEvent(
    'identity.email-verification.requested',
    identity.EmailVerificationRequestedSchema,
    'identity.account-email.v1',
  ),
  passwordResetRequested: defineEvent(
    'identity.password-reset.requested',
    identity.PasswordResetRequestedSchema,
    'identity.account-email.v1',
  ),
  accountClaimInvited: defineEvent(
    'identity.account.claim-invited',
    identity.AccountClaimInvitedSchema,
    'identity.account-email.v1',
  ),
  signUpAttempted: defineEvent(
    'identity.account.sign-up-attempted',
    identity.SignUpAttemptedSchema,
    'identity.account-email.v1',
  ),
  employeeApplicationApproved: defineEvent(
    'identity.employee-application.approved',
    identity.EmployeeApplicationDecidedSchema,
    'identity.account-email.v1',
  ),
  employeeApplicationRejected: defineEvent(
    'identity.employee-application.rejected',
    identity.EmployeeApplicationDecidedSchema,
    'identity.account-email.v1',
  ),
} as const;
