import { currentUser, errorResponseSchema, requireAuth } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { BookingContext } from '../use-cases/context.js';
import { exportMyAppointments } from '../use-cases/my-data.js';

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
    async (request) => exportMyAppointments(context, currentUser(request).id),
  );
}
