import { currentUser, errorResponseSchema, requireAuth, strictObject } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../use-cases/context.js';
import { deleteOwnAccount, exportOwnAccount } from '../use-cases/erasure.js';
import { clientAddress } from './client-address.js';
import { messageSchema, toUserView, userSchema } from './user.schemas.js';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));

const exportMeSchema = {
  tags: ['Authentication'],
  summary: "Download my data: identity's part (the account as stored, without secrets)",
  description:
    'One part of the "Download my data" fan-out: each service answers GET /<its prefix>/me/export for the caller only.',
  security: [{ bearer: [] }],
  response: {
    200: {
      type: 'object',
      required: ['account', 'signInMethods'],
      properties: {
        account: userSchema,
        signInMethods: { type: 'array', items: { type: 'string' } },
      },
    },
    ...errors(401),
  },
} as const;

const deleteMeSchema = {
  tags: ['Authentication'],
  summary: 'Delete my account: signs out everywhere and erases my data in every service',
  description:
    'Confirm with your password (an account that only signs in with Google sends confirm: "DELETE"). ' +
    'GST invoices are kept for 72 months (CGST rules) with only the name printed on them.',
  security: [{ bearer: [] }],
  body: strictObject({
    password: { type: 'string', maxLength: 1024 },
    confirm: { type: 'string', maxLength: 16 },
  }),
  response: { 200: messageSchema, ...errors(400, 401, 409, 429) },
} as const;

/** The caller's own data: export (GET /auth/me/export) and deletion (DELETE /auth/me). */
export function myDataRoutes(context: IdentityContext) {
  return (app: FastifyInstance) => {
    app.get('/auth/me/export', { schema: exportMeSchema, preValidation: requireAuth }, async (request) => {
      const user = await exportOwnAccount(context, currentUser(request));
      return {
        account: toUserView(user),
        signInMethods: [
          ...(user.passwordHash ? ['password'] : []),
          ...(user.googleSubject ? ['google'] : []),
        ],
      };
    });

    app.delete<{ Body: { password?: string; confirm?: string } | undefined }>(
      '/auth/me',
      { schema: deleteMeSchema, preValidation: requireAuth },
      async (request) => ({
        message: await deleteOwnAccount(
          context,
          currentUser(request),
          request.body ?? {},
          clientAddress(request),
        ),
      }),
    );
  };
}
