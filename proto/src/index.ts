export * from './registry.js';
export * as envelopeV1 from '../gen/spa/events/v1/envelope_pb.js';
export * as billingV1 from '../gen/spa/billing/v1/events_pb.js';
export * as bookingV1 from '../gen/spa/booking/v1/events_pb.js';
export * as catalogueV1 from '../gen/spa/catalogue/v1/events_pb.js';
export * as commerceV1 from '../gen/spa/commerce/v1/events_pb.js';
export * as identityV1 from '../gen/spa/identity/v1/events_pb.js';
export * as testingV1 from '../gen/spa/testing/v1/probe_pb.js';
