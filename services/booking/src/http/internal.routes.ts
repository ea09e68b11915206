import type { FastifyInstance } from 'fastify';
import type { BookingContext } from '../use-cases/context.js';
import {
  cancelDependents,
  countDependents,
  releaseEmployee,
  type DependentTarget,
} from '../use-cases/dependents.js';
import { visitOf } from '../use-cases/visit-checkout.js';
import { errorResponses } from './appointments.schemas.js';

/**
 * Service-to-service routes, not routed by the gateway (internal network only). Payments are not among
 * them: an appointment becomes Paid from commerce's payment.captured event alone.
 */
/** Who may call each internal route (the kit's guard refuses everyone else with 401). */
export const internalCallers = {
  // Catalogue before deleting a room or a treatment, identity before removing an employee.
  '/internal/dependents': ['catalogue', 'identity'],
  '/internal/dependents/cancel': ['catalogue'],
  '/internal/dependents/release': ['identity'],
  // Commerce's counter, prefilling a sale from the visit.
  '/internal/visits/:appointmentId': ['commerce'],
} as const;

const nullableText = { type: ['string', 'null'] } as const;

const visitSchema = {
  type: 'object',
  properties: {
    appointmentId: { type: 'string' },
    status: { type: 'string' },
    customer: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
      },
    },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    serviceId: { type: 'string' },
    serviceName: { type: 'string' },
    optionLabel: { type: 'string', description: 'The booked option, e.g. 60 Min' },
    pricePaise: { type: 'integer', description: "The appointment's total price, tax-inclusive" },
    sacCode: { type: 'string' },
    gstBp: { type: 'integer', description: 'GST rate in basis points (1800 = 18%)' },
    employeeId: nullableText,
    employeeName: nullableText,
    roomNumber: { type: 'string' },
    checkedOutSaleId: { ...nullableText, description: 'The counter sale that checked it out' },
  },
} as const;

export function internalRoutes(app: FastifyInstance, context: BookingContext): void {
  app.get<{ Params: { appointmentId: string } }>(
    '/internal/visits/:appointmentId',
    {
      schema: {
        summary: 'An appointment as the counter prefills its sale: treatment, price, GST, therapist, room',
        params: {
          type: 'object',
          properties: { appointmentId: { type: 'string', minLength: 1, maxLength: 100 } },
          required: ['appointmentId'],
        },
        response: { 200: visitSchema, ...errorResponses },
      },
    },
    async (request) => visitOf(context, request.params.appointmentId),
  );

  // ---- future appointments that point at another service's record, asked before it is deleted ----

  const id = { type: 'string', minLength: 1, maxLength: 100 } as const;
  const targetSchema = (keys: readonly string[]) => ({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(keys.map((key) => [key, id])),
    minProperties: 1,
    maxProperties: 1,
  });
  const byActor = { type: 'string', maxLength: 200 } as const;
  const actorOfBody = (body: { byId?: string; byName?: string }) => ({
    id: body.byId || 'system',
    name: body.byName || 'An administrator',
    role: 'admin' as const,
  });

  app.get<{ Querystring: DependentTarget }>(
    '/internal/dependents',
    {
      schema: {
        summary: 'How many future active appointments use a room, a service, an employee or a customer',
        querystring: targetSchema(['roomId', 'serviceId', 'employeeId', 'customerId']),
        response: {
          200: { type: 'object', properties: { futureAppointments: { type: 'integer' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => ({ futureAppointments: await countDependents(context, request.query) }),
  );

  app.post<{ Body: ({ roomId: string } | { serviceId: string }) & { byId?: string; byName?: string } }>(
    '/internal/dependents/cancel',
    {
      schema: {
        summary: 'Cancel (and so notify) every future active appointment of a room or a service',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { roomId: id, serviceId: id, byId: byActor, byName: byActor },
          oneOf: [{ required: ['roomId'] }, { required: ['serviceId'] }],
        },
        response: {
          200: {
            type: 'object',
            properties: { cancelled: { type: 'integer' }, remaining: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { byId, byName, ...target } = request.body;
      return cancelDependents(context, target, actorOfBody({ byId, byName }));
    },
  );

  app.post<{ Body: { employeeId: string; byId?: string; byName?: string } }>(
    '/internal/dependents/release',
    {
      schema: {
        summary: "Return an employee's future assignments to the assignment pool",
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { employeeId: id, byId: byActor, byName: byActor },
          required: ['employeeId'],
        },
        response: {
          200: {
            type: 'object',
            properties: { released: { type: 'integer' }, remaining: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { employeeId, byId, byName } = request.body;
      return releaseEmployee(context, employeeId, actorOfBody({ byId, byName }));
    },
  );
}
