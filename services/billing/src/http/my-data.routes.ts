import { AppError, currentUser, errorResponseSchema, notFound, requireAuth, type AuthUser } from '@spa/kit';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findBill } from '../db/bills.repository.js';
import { bills } from '../db/schema.js';
import { invoiceFileName } from '../domain/invoice-number.js';
import { invoicePdfForDownload } from '../use-cases/invoice-pdf.js';
import { presentBill } from './bill-presenter.js';
import type { BillsRouteDeps } from './bills.routes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const security = [{ bearer: [] }];

/**
 * Bills are typed in by staff and carry no account id: a customer's bills are those issued to their
 * email. Only a token whose email identity had verified sees them (an unverified account could have
 * been registered with someone else's address); everyone else gets an empty list.
 */
function ownerEmail(user: AuthUser): string | undefined {
  return user.emailVerified && user.email ? user.email.trim().toLowerCase() : undefined;
}

const ownBill = (email: string) => sql`lower(${bills.email}) = ${email}`;

/** Billing's part of "Download my data": the bills issued to the caller, and each one's PDF. */
export function myDataRoutes(app: FastifyInstance, deps: BillsRouteDeps): void {
  app.get(
    '/bills/me/export',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['bills'],
        security,
        summary: 'Download my data: the bills issued to my verified email (billing’s part)',
        response: {
          200: {
            type: 'object',
            required: ['bills', 'matchedBy'],
            properties: {
              bills: { type: 'array', items: { type: 'object', additionalProperties: true } },
              matchedBy: { type: 'string', nullable: true },
            },
          },
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const email = ownerEmail(currentUser(request));
      if (!email) return { bills: [], matchedBy: null };
      const rows = await deps.db
        .select({ id: bills.id })
        .from(bills)
        .where(ownBill(email))
        .orderBy(asc(bills.createdAt));
      const found = await Promise.all(rows.map((row) => findBill(deps.db, row.id)));
      return { bills: found.flatMap((bill) => (bill ? [presentBill(bill)] : [])), matchedBy: 'email' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bills/me/export/:id/pdf',
    {
      preValidation: requireAuth,
      schema: {
        tags: ['bills'],
        security,
        summary: 'The PDF of one bill issued to my verified email',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 64 } },
        },
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'application/pdf',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!UUID.test(id)) throw new AppError(400, 'VALIDATION_ERROR', 'Invalid bill id');
      const email = ownerEmail(currentUser(request));
      const [mine] = email
        ? await deps.db
            .select({ id: bills.id })
            .from(bills)
            .where(and(eq(bills.id, id), ownBill(email)))
        : [];
      // Another customer's bill is answered exactly like a missing one.
      if (!mine) throw notFound('Bill not found');
      const { bill, pdf } = await invoicePdfForDownload(deps, id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(bill.invoiceNumber)}"`)
        .send(pdf);
    },
  );
}
