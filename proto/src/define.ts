import type { DescMessage, MessageShape } from '@bufbuild/protobuf';

/** One event on the bus: its type name, the protobuf message of its payload and its topic. */
export interface EventDefinition<S extends DescMessage = DescMessage> {
  type: string;
  schema: S;
  topic: string;
  /** Entity state mirrored by other services: the topic is log-compacted. */
  compacted: boolean;
}

export type EventPayload<E extends EventDefinition> = MessageShape<E['schema']>;

export function defineEvent<S extends DescMessage>(
  type: string,
  schema: S,
  topic: string,
  compacted = false,
): EventDefinition<S> {
  return { type, schema, topic, compacted };
}
