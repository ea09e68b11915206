import { AppError, currentUser, errorResponseSchema, requireRole } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import { findBillHistory, incomeSummary, listBills } from '../db/bills.repository.js';
import type { BillInput } from '../domain/bill-input.js';
import { fromHundredths } from '@spa/rules';
import type { Actor } from '../domain/bill.js';
import { invoiceFileName } from '../domain/invoice-number.js';
import { getBill, issueBill, reviseBill } from '../use-cases/bills.js';
import type { BillingContext } from '../use-cases/context.js';
import { invoicePdfForDownload } from '../use-cases/invoice-pdf.js';
import { presentBill } from './bill-presenter.js';
import {
  billIdParamsSchema,
  billInputSchema,
  billListQuerySchema,
  billListSchema,
  billSchema,
  errorResponses,
} from './bills.schemas.js';

interface BillListQuery {
  search?: string;
  startDate?: string;
  endDate?: string;
  page: number;
  pageSize: number;
}

// Bills are staff work: admins and employees. A customer is refused (403), a visitor asked to sign in
// (401), before the request is even validated.
const staffOnly = requireRole('admin', 'employee');
/** An issued invoice is changed by an admin only; employees issue and read. */
const adminOnly = requireRole('admin');
const tags = ['bills'];
const security = [{ bearer: [] }];

function actorOf(request: Parameters<typeof currentUser>[0]): Actor {
  const user = currentUser(request);
  return { id: user.id, name: user.name, role: user.role };
}

export function billsRoutes(app: FastifyInstance, deps: BillingContext): void {
  app.get<{ Querystring: BillListQuery }>(
    '/bills',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Bills, newest first, with income summaries',
        querystring: billListQuerySchema,
        response: { 200: billListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { search, startDate, endDate, page, pageSize } = request.query;
      if (startDate && endDate && endDate < startDate) {
        throw badDateRange();
      }
      const range = startDate || endDate ? { startDate, endDate } : undefined;
      const [found, summary] = await Promise.all([
        listBills(deps.db, { search: searchText(search), startDate, endDate, page, pageSize }),
        incomeSummary(deps.db, range),
      ]);
      return {
        bills: found.bills.map((bill) => presentBill(bill)),
        total: found.total,
        page,
        pageSize,
        summary: Object.fromEntries(
          Object.entries(summary).map(([window, paise]: [string, number]) => [window, fromHundredths(paise)]),
        ),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bills/:id',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security,
        summary: 'One bill with its change history',
        params: billIdParamsSchema,
        response: { 200: billSchema, ...errorResponses, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const bill = await getBill(deps.db, request.params.id);
      return presentBill(bill, await findBillHistory(deps.db, bill.id));
    },
  );

  app.post<{ Body: BillInput }>(
    '/bills',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Issue a bill (the invoice number is assigned here)',
        description:
          '503 INVOICE_NUMBERING_UNCONFIRMED while billing has not yet checked its invoice series against the ' +
          'numbers already issued on Kafka (after a start without Kafka); edits and reads go on.',
        body: billInputSchema,
        response: { 201: billSchema, ...errorResponses, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const bill = await issueBill(deps, request.body, actorOf(request));
      return reply.status(201).send(presentBill(bill));
    },
  );

  app.put<{ Params: { id: string }; Body: BillInput }>(
    '/bills/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary:
          'Save an edited bill, admins only (same invoice number; the change is recorded with who made it)',
        params: billIdParamsSchema,
        body: billInputSchema,
        response: { 200: billSchema, ...errorResponses, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const bill = await reviseBill(deps, request.params.id, request.body, actorOf(request));
      return presentBill(bill, await findBillHistory(deps.db, bill.id));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/bills/:id/download',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security,
        summary: 'The tax invoice PDF (attachment)',
        params: billIdParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: {
            description:
              'application/pdf; Content-Disposition: attachment; filename="Invoice_INV-26-27-000123.pdf"',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { bill, pdf, source } = await invoicePdfForDownload(deps, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(bill.invoiceNumber)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-invoice-pdf', source)
        .send(pdf);
    },
  );
}

/** What to look for: control characters (which no name or ID holds, and Postgres refuses) are dropped. */
function searchText(search: string | undefined): string | undefined {
  return search?.replace(/\p{Cc}/gu, '').trim() || undefined;
}

function badDateRange() {
  return new AppError(400, 'VALIDATION_FAILED', 'The end date cannot be before the start date', [
    { field: 'endDate', message: 'The end date cannot be before the start date' },
  ]);
}
