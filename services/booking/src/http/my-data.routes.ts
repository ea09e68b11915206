import { currentUser, errorResponseSchema, requireAuth } from '@spa/kit';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointmentHistory, appointments } from '../db/schema.js';
import type { BookingContext } from '../use-cases/context.js';

const rows = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

/**
 * GET /appointments/me/export: booking's part of "Download my data" — the caller's own appointments as
 * a customer (money in paise, times in UTC) with each one's history. Nobody else's.
 */
export function myDataRoutes(app: FastifyInstance, context: BookingContext): void {
  app.get(
    '/appointments/me/export',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['appointments'],
        security: [{ bearer: [] }],
        summary: 'Download my data: my appointments and their history (booking’s part)',
        response: {
          200: { type: 'object', required: ['appointments'], properties: { appointments: rows } },
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const own = await context.db
        .select()
        .from(appointments)
        .where(eq(appointments.customerId, currentUser(request).id))
        .orderBy(asc(appointments.startsAt));
      const history = own.length
        ? await context.db
            .select()
            .from(appointmentHistory)
            .where(
              inArray(
                appointmentHistory.appointmentId,
                own.map((row) => row.id),
              ),
            )
            .orderBy(asc(appointmentHistory.seq))
        : [];
      return {
        appointments: own.map((row) => ({
          ...row,
          history: history.filter((entry) => entry.appointmentId === row.id),
        })),
      };
    },
  );
}
