import { currentUser, errorResponseSchema, requireRole, strictObject } from '@spa/kit';
import { clock24Text } from '@spa/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppointmentView } from '../domain/appointment-view.js';
import { specialDayNote, type SpecialDay } from '../domain/special-days.js';
import { nowOf, type BookingContext } from '../use-cases/context.js';
import {
  listSpecialDays,
  removeSpecialDay,
  setSpecialDay,
  strandedAppointments,
  type SpecialDayInput,
} from '../use-cases/manage-special-days.js';
import { errorResponses, strandedAppointmentsSchema } from './appointments.schemas.js';
import { presentAppointment } from './presenters.js';

const tags = ['special days'];
const security = [{ bearer: [] }];
const adminOnly = requireRole('admin');
const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const CLOCK = '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';

const dateParamsSchema = {
  type: 'object',
  required: ['date'],
  additionalProperties: false,
  properties: { date: { type: 'string', pattern: DATE, description: 'The local date, YYYY-MM-DD' } },
} as const;

const specialDaySchema = {
  type: 'object',
  required: ['date', 'closed', 'opens', 'closes', 'reason', 'note'],
  properties: {
    date: { type: 'string' },
    closed: { type: 'boolean' },
    opens: { type: ['string', 'null'], description: '24-hour local time; null when closed' },
    closes: { type: ['string', 'null'] },
    reason: { type: 'string' },
    note: { type: 'string', description: 'As the wizard prints it: "Closed: Diwali"' },
  },
} as const;

const strandedSchema = strandedAppointmentsSchema(
  'Open appointments of that date its hours no longer hold: to move or cancel (they are left as they are)',
);

const present = (day: SpecialDay) => ({
  date: day.date,
  closed: day.closed,
  opens: day.opensMinute === null ? null : clock24Text(day.opensMinute),
  closes: day.closesMinute === null ? null : clock24Text(day.closesMinute),
  reason: day.reason,
  note: specialDayNote(day),
});

/**
 * Closures and special hours: read by anyone (the wizard's date picker names them),
 * set and removed by an admin.
 */
export function specialDaysRoutes(app: FastifyInstance, context: BookingContext): void {
  const presentStranded = (request: FastifyRequest, views: AppointmentView[]) =>
    views.map((view) =>
      presentAppointment(view, {
        viewer: currentUser(request),
        now: nowOf(context),
        rules: context.config.rules,
      }),
    );

  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/appointments/special-days',
    {
      schema: {
        tags,
        summary: 'Closures and special hours from a date (today) for a year',
        description: 'Public, no token. A date not listed has the usual business hours.',
        querystring: strictObject({
          from: { type: 'string', pattern: DATE },
          to: { type: 'string', pattern: DATE },
        }),
        response: {
          200: {
            type: 'object',
            required: ['specialDays'],
            properties: { specialDays: { type: 'array', items: specialDaySchema } },
          },
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=0, s-maxage=5')
        .send({ specialDays: (await listSpecialDays(context, request.query)).map(present) }),
  );

  app.put<{ Params: { date: string }; Body: SpecialDayInput }>(
    '/appointments/special-days/:date',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Close the spa on a date, or set its hours that day (admin)',
        description:
          'Answers the open appointments the new hours strand, for the admin to move (reschedule) or ' +
          'cancel (refunded as any admin cancellation); nothing is cancelled by this call.',
        params: dateParamsSchema,
        body: strictObject(
          {
            closed: { type: 'boolean' },
            opens: { type: 'string', pattern: CLOCK, description: '"10:00": required when not closed' },
            closes: { type: 'string', pattern: CLOCK },
            reason: {
              type: 'string',
              minLength: 1,
              maxLength: 120,
              description: 'Customers see it: "Diwali"',
            },
          },
          ['closed', 'reason'],
        ),
        response: {
          200: {
            type: 'object',
            required: ['specialDay', 'stranded'],
            properties: { specialDay: specialDaySchema, stranded: strandedSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { specialDay, stranded } = await setSpecialDay(
        context,
        request.params.date,
        request.body,
        currentUser(request),
      );
      return { specialDay: present(specialDay), stranded: presentStranded(request, stranded) };
    },
  );

  app.get<{ Params: { date: string } }>(
    '/appointments/special-days/:date/stranded',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'The open appointments of a date that its hours no longer hold (admin)',
        params: dateParamsSchema,
        response: {
          200: { type: 'object', required: ['stranded'], properties: { stranded: strandedSchema } },
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      stranded: presentStranded(request, await strandedAppointments(context, request.params.date)),
    }),
  );

  app.delete<{ Params: { date: string } }>(
    '/appointments/special-days/:date',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'The usual hours again on a date (admin)',
        params: dateParamsSchema,
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeSpecialDay(context, request.params.date, currentUser(request));
      return reply.code(204).send();
    },
  );
}
