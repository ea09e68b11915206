import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import * as identity from '../gen/spa/identity/v1/events_pb.js';
import * as testing from '../gen/spa/testing/v1/probe_pb.js';

/**
 * The one list of events on the bus: the type name, the protobuf message of its payload and the topic
 * it travels on. Producers and consumers both take topics from here, so they can never disagree.
 */
export interface EventDefinition<S extends DescMessage = DescMessage> {
  type: string;
  schema: S;
  topic: string;
  /** Entity state mirrored by other services: the topic is log-compacted. */
  compacted: boolean;
}

function defineEvent<S extends DescMessage>(
  type: string,
  schema: S,
  topic: string,
  compacted = false,
): EventDefinition<S> {
  return { type, schema, topic, compacted };
}

export const events = {
  userRegistered: defineEvent(
    'identity.user.registered',
    identity.UserRegisteredSchema,
    'identity.user.v1',
    true,
  ),
  userUpdated: defineEvent('identity.user.updated', identity.UserUpdatedSchema, 'identity.user.v1', true),
  userDeleted: defineEvent('identity.user.deleted', identity.UserDeletedSchema, 'identity.user.v1', true),
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
  probeRecorded: defineEvent('testing.probe.recorded', testing.ProbeRecordedSchema, 'testing.probe.v1'),
} as const;

export type EventName = keyof typeof events;
export type EventPayload<E extends EventDefinition> = MessageShape<E['schema']>;

const byType = new Map<string, EventDefinition>(Object.values(events).map((event) => [event.type, event]));

export function eventByType(type: string): EventDefinition | undefined {
  return byType.get(type);
}
