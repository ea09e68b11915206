import * as testing from '../../gen/spa/testing/v1/probe_pb.js';
import { defineEvent } from '../define.js';

export const testingEvents = {
  probeRecorded: defineEvent('testing.probe.recorded', testing.ProbeRecordedSchema, 'testing.probe.v1'),
} as const;
