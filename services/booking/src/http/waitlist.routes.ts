import { currentUser, errorResponseSchema, notFound, requireAuth, strictObject } from '@spa/kit';
import { clock24Text } from '@spa/rules';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../db/pg-errors.js';
import type { WaitlistRow } from '../db/schema.js';
import { paiseToRupees } from '../domain/pricing.js';
import { nowOf, type BookingContext } from '../use-cases/context.js';
import {
  joinWaitlist,
  leaveWaitlist,
  myWaitlist,
  paymentForHold,
  type JoinWaitlistRequest,
} from '../use-cases/waitlist.js';
import { bookedSchema, errorResponses, idParamsSchema } from './appointments.schemas.js';
import { presentOnlineBooking } from './presenters.js';

const tags = ['waitlist'];
const security = [{ bearer: [] }];
const START = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const entrySchema = {
  type: 'object',
  required: ['_id', 'serviceId', 'serviceName', 'durationMinutes', 'date', 'from', 'to', 'status', 'offer'],
  properties: {
    _id: { type: 'string' },
    serviceId: { type: 'string' },
    serviceName: { type: 'string' },
    durationMinutes: { type: 'integer' },
    date: { type: 'string', description: 'YYYY-MM-DD, local' },
    from: { type: 'string', description: 'The earliest start that suits, HH:MM' },
    to: { type: 'string', description: 'The latest start that suits, HH:MM' },
    status: {
      type: 'string',
      enum: ['waiting', 'offered', 'booked', 'expired', 'left', 'closed'],
      description: 'offered: a time is held until offer.expiresAt (pay to keep it); booked: it was paid',
    },
    createdAt: { type: 'string' },
    offer: {
      type: ['object', 'null'],
      properties: {
        appointmentId: { type: 'string' },
        appointmentCode: { type: 'string' },
        start: { type: 'string' },
        roomType: { type: 'string' },
        totalPrice: { type: 'number' },
        expiresAt: { type: ['string', 'null'] },
      },
    },
  },
} as const;

type EntryWithOffer = Awaited<ReturnType<typeof myWaitlist>>[number];

/** An entry as its owner sees it; an offer whose hold was paid for shows as booked. */
function presentEntry({
  entry,
  appointment,
}: {
  entry: WaitlistRow;
  appointment?: EntryWithOffer['appointment'];
}) {
  const status =
    entry.status === 'offered' && appointment?.paymentStatus === 'Paid'
      ? 'booked'
      : entry.status === 'offered' && appointment?.status === 'Cancelled'
        ? 'expired'
        : entry.status;
  return {
    _id: entry.id,
    serviceId: entry.serviceId,
    serviceName: entry.serviceName,
    durationMinutes: entry.durationMinutes,
    date: entry.date,
    from: clock24Text(entry.fromMinute),
    to: clock24Text(entry.toMinute),
    status,
    createdAt: entry.createdAt.toISOString(),
    offer:
      entry.appointmentId && appointment
        ? {
            appointmentId: entry.appointmentId,
            appointmentCode: appointment.appointmentCode,
            start: appointment.startsAt.toISOString(),
            roomType: appointment.roomType,
            totalPrice: paiseToRupees(appointment.totalPricePaise),
            expiresAt: entry.offerExpiresAt?.toISOString() ?? null,
          }
        : null,
  };
}

/** The waitlist: customers wait for a time on a full day; freed time is offered. */
export function waitlistRoutes(app: FastifyInstance, context: BookingContext): void {
  app.post<{ Body: JoinWaitlistRequest }>(
    '/appointments/waitlist',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Wait for a start in a window of one day; a freed time is held for you and emailed (customers)',
        body: strictObject(
          {
            serviceId: { type: 'string', minLength: 1, maxLength: 100 },
            durationMinutes: { type: 'integer', minimum: 1, maximum: 600 },
            pricingOptionId: { type: 'string', maxLength: 100 },
            date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
            from: { type: 'string', pattern: START },
            to: { type: 'string', pattern: START },
          },
          ['serviceId', 'durationMinutes', 'date', 'from', 'to'],
        ),
        response: { 201: entrySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(presentEntry({ entry: await joinWaitlist(context, request.body, currentUser(request)) })),
  );

  app.get(
    '/appointments/waitlist',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'My waitlist: the days and windows I wait for, and any time held for me',
        response: {
          200: {
            type: 'object',
            required: ['entries'],
            properties: { entries: { type: 'array', items: entrySchema } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send({
        entries: (await myWaitlist(context, currentUser(request))).map((row) =>
          presentEntry({ entry: row.entry, appointment: row.appointment ?? undefined }),
        ),
      }),
  );

  app.delete<{ Params: { id: string } }>(
    '/appointments/waitlist/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Leave the waitlist; a time held for me is let go to the next one waiting',
        params: idParamsSchema,
        response: { 200: entrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound('Waitlist entry not found');
      return reply.send(
        presentEntry({ entry: await leaveWaitlist(context, request.params.id, currentUser(request)) }),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/appointments/:id/payment',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'The payment order of my online booking that waits for payment (a time the waitlist held for me)',
        params: idParamsSchema,
        response: { 200: bookedSchema, ...errorResponses, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound('Appointment not found');
      const user = currentUser(request);
      const { view, payment } = await paymentForHold(context, request.params.id, user);
      return reply.send(
        presentOnlineBooking(view, payment, {
          viewer: user,
          now: nowOf(context),
          rules: context.config.rules,
        }),
      );
    },
  );
}
