import { currentUser, errorResponseSchema, requireAuth, type Database } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { exportMyEmails } from '../use-cases/my-data.js';

/**
 * GET /notifications/me/export: notification's part of "Download my data" — the emails sent to the
 * caller's address (when, what for, subject; bodies are never stored). Only for a token whose email
 * identity had verified: an unverified account may have been registered with someone else's address.
 */
export function myDataRoutes(app: FastifyInstance, db: Database): void {
  app.get(
    '/notifications/me/export',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['notifications'],
        security: [{ bearer: [] }],
        summary: 'Download my data: the emails sent to my verified address (notification’s part)',
        response: {
          200: {
            type: 'object',
            required: ['emails'],
            properties: {
              emails: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    sentAt: { type: 'string', format: 'date-time' },
                    eventType: { type: 'string' },
                    recipient: { type: 'string' },
                    subject: { type: 'string' },
                  },
                },
              },
            },
          },
          401: errorResponseSchema,
        },
      },
    },
    async (request) => exportMyEmails(db, currentUser(request)),
  );
}
