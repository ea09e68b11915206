import { PassThrough } from 'node:stream';
import { currentUser, errorResponseSchema, strictObject, tooManyRequests } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { calendarChanges } from '../db/calendar-changes.js';
import {
  CALENDAR_FOR_THE_DESK,
  calendarView,
  CALENDAR_DAYS,
  forgetCalendarAnswers,
} from '../use-cases/calendar.js';
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
          checkedOutSaleId: { type: ['string', 'null'], description: 'The counter sale of the visit' },
        },
      },
    },
  },
} as const;

/** A comment line this often keeps every hop (the gateway's 10 s body timeout, an Ingress) from closing an idle stream. */
const KEEP_ALIVE_MS = 5_000;
/** A stream ends after this long and the desk opens another, so a revoked token or role stops it. */
const STREAM_LIFETIME_MS = 10 * 60_000;
/** One desk may have this many calendars open (tabs, a tablet); more is refused. */
export const STREAMS_PER_USER = 5;

const event = (name: string, data: object = {}) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The front desk's calendar read and its change stream. */
export function calendarRoutes(app: FastifyInstance, context: BookingContext, databaseUrl: string): void {
  const changes = calendarChanges({
    databaseUrl,
    logger: context.logger,
    beforeTelling: () => forgetCalendarAnswers(context),
  });
  const open = new Map<string, number>();
  const ends = new Set<() => void>();
  // Open streams would keep a closing server waiting: they end first (each desk reconnects elsewhere).
  app.addHook('preClose', (done) => {
    for (const end of [...ends]) end();
    done();
  });
  app.addHook('onClose', async () => changes.stop());

  app.get(
    '/appointments/calendar/changes',
    {
      preValidation: deskOnly(context, CALENDAR_FOR_THE_DESK),
      schema: {
        tags: ['calendar'],
        security: [{ bearer: [] }],
        summary:
          'Server-sent events: "changed" whenever an appointment, closure, schedule, time off or room changes (admin, manager, receptionist)',
        description:
          'A text/event-stream. "ready" once changes are followed, then "changed" after each change (read the calendar again), comment lines every 5 s, and "renew" before it ends after 10 minutes (open another).',
        response: { 429: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const mine = open.get(user.id) ?? 0;
      if (mine >= STREAMS_PER_USER)
        throw tooManyRequests(
          `At most ${STREAMS_PER_USER} calendars may follow changes at once for one person.`,
        );
      open.set(user.id, mine + 1);

      const stream = new PassThrough();
      const subscription = changes.subscribe(() =>
        stream.write(event('changed', { at: new Date().toISOString() })),
      );
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      let ended = false;
      const end = (last?: string) => {
        if (ended) return;
        ended = true;
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        subscription.unsubscribe();
        ends.delete(end);
        const left = (open.get(user.id) ?? 1) - 1;
        if (left > 0) open.set(user.id, left);
        else open.delete(user.id);
        stream.end(last);
      };
      const lifetime = setTimeout(() => end(event('renew')), STREAM_LIFETIME_MS);
      ends.add(end);
      reply.raw.once('close', () => end());

      void subscription.ready.then(() => {
        if (!ended) stream.write(event('ready'));
      });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'private, no-store')
          // An nginx in front (the Ingress) would otherwise hold the events back in its buffer.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );

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
