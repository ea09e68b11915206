import { currentUser, strictObject } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { CALENDAR_FOR_THE_DESK, calendarView, CALENDAR_DAYS } from '../use-cases/calendar.js';
import { deskOnly } from './guards.js';
import type { BookingContext } from '../use-cases/context.js';
import { errorResponses } from './appointments.schemas.js';

const clockPair = { opens: { type: 'string' }, closes: { type: 'string' } } as const;

const calendarSchema = {
  type: 'object',
  required: ['timeZone', 'days', 'rooms', 'employees', 'appointments'],
  properties: {
    timeZone: { type: 'string' },
    days: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'closed', 'opens', 'closes'],
        properties: {
          date: { type: 'string' },
          closed: { type: 'boolean' },
          ...clockPair,
          note: { type: 'string' },
        },
      },
    },
    rooms: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          roomNumber: { type: 'string' },
          type: { type: 'string' },
          capacity: { type: 'string' },
          status: { type: 'string' },
        },
      },
    },
    employees: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          employeeRole: { type: 'string' },
          hours: {
            type: 'array',
            description: 'Per day: { date, opens, closes } or { date, off: true }',
            items: {
              type: 'object',
              properties: { date: { type: 'string' }, off: { type: 'boolean' }, ...clockPair },
            },
          },
        },
      },
    },
    appointments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          appointmentId: { type: 'string' },
          status: { type: 'string' },
          paymentStatus: { type: 'string' },
          paymentMethod: { type: 'string', description: 'cash or online' },
          start: { type: 'string', format: 'date-time' },
          end: { type: 'string', format: 'date-time' },
          cleanupUntil: { type: 'string', format: 'date-time' },
          roomId: { type: 'string' },
          roomNumber: { type: 'string' },
          employeeId: { type: ['string', 'null'] },
          employeeName: { type: ['string', 'null'] },
          customerName: { type: 'string' },
          customerNoShows: { type: 'integer', description: "The customer's no-shows so far" },
          serviceName: { type: 'string' },
          arrivedAt: { type: ['string', 'null'] },
          startedAt: { type: ['string', 'null'] },
          completedAt: { type: ['string', 'null'] },
          noShowAt: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

/** The front desk's calendar read (issue #15, item 1). */
export async function calendarRoutes(app: FastifyInstance, context: BookingContext): Promise<void> {
  app.get<{ Querystring: { date: string; days: number } }>(
    '/appointments/calendar',
    {
      preValidation: deskOnly(context, CALENDAR_FOR_THE_DESK),
      schema: {
        tags: ['calendar'],
        security: [{ bearer: [] }],
        summary:
          'A day or a week at the desk: hours, rooms, employees and appointments (admin, manager, receptionist)',
        querystring: strictObject(
          {
            date: {
              type: 'string',
              pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
              description: 'The first local day',
            },
            days: { type: 'integer', enum: [...CALENDAR_DAYS], default: 1 },
          },
          ['date'],
        ),
        response: { 200: calendarSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await calendarView(context, request.query, currentUser(request))),
  );
}
