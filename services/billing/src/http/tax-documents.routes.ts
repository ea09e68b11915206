import {
  assertOwnerOr,
  currentUser,
  errorResponseSchema,
  notFound,
  requireAuth,
  unprocessable,
} from '@spa/kit';
import { gstStateName } from '@spa/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findDocument, listDocuments } from '../db/documents.repository.js';
import { isCalendarDate } from '../domain/calendar.js';
import { documentFileName, type DocumentKind, type TaxDocument } from '../domain/tax-document.js';
import type { BillingContext } from '../use-cases/context.js';
import { documentPdf, documentReceipt } from '../use-cases/tax-document-pdf.js';

const tags = ['tax-documents'];
const security = [{ bearer: [] }];
const STAFF = ['admin', 'employee'] as const;
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const paise = { type: 'integer' } as const;
const text = { type: 'string' } as const;

const lineSchema = {
  type: 'object',
  properties: {
    position: { type: 'integer' },
    kind: text,
    name: text,
    taxCode: text,
    gstBp: { type: 'integer' },
    quantity: { type: 'integer' },
    unitPricePaise: paise,
    discountPaise: paise,
    taxablePaise: paise,
    cgstPaise: paise,
    sgstPaise: paise,
    igstPaise: paise,
    totalPaise: paise,
    employeeName: text,
    sourceLineId: text,
  },
} as const;

const summaryProperties = {
  id: text,
  kind: { type: 'string', enum: ['invoice', 'credit_note'] },
  number: text,
  financialYear: text,
  issueDate: text,
  sourceKind: text,
  sourceId: text,
  originalDocumentId: { type: 'string', nullable: true },
  originalNumber: { type: 'string', nullable: true },
  customer: {
    type: 'object',
    properties: { id: text, name: text, email: text, phone: text, gstin: text },
  },
  b2b: { type: 'boolean' },
  supplierGstin: text,
  supplierStateCode: text,
  placeOfSupply: text,
  placeOfSupplyName: text,
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
  tipPaise: paise,
  totalPaise: paise,
  balancePaise: paise,
  irn: { type: 'string', nullable: true },
  createdAt: { type: 'string', format: 'date-time' },
} as const;

const summarySchema = { type: 'object', properties: summaryProperties } as const;
const documentSchema = {
  type: 'object',
  properties: {
    ...summaryProperties,
    lines: { type: 'array', items: lineSchema },
    payments: {
      type: 'array',
      items: { type: 'object', properties: { method: text, amountPaise: paise, reference: text } },
    },
  },
} as const;

export const documentIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: UUID_PATTERN } },
} as const;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
} as const;

function summaryOf(document: TaxDocument) {
  return {
    id: document.id,
    kind: document.kind,
    number: document.number,
    financialYear: document.financialYear,
    issueDate: document.issueDate,
    sourceKind: document.sourceKind,
    sourceId: document.sourceId,
    originalDocumentId: document.original?.id ?? null,
    originalNumber: document.original?.number ?? null,
    customer: document.customer,
    b2b: document.customer.gstin !== '',
    supplierGstin: document.supplierGstin,
    supplierStateCode: document.supplierStateCode,
    placeOfSupply: document.placeOfSupply,
    placeOfSupplyName: gstStateName(document.placeOfSupply) ?? '',
    taxablePaise: document.taxablePaise,
    cgstPaise: document.cgstPaise,
    sgstPaise: document.sgstPaise,
    igstPaise: document.igstPaise,
    tipPaise: document.tipPaise,
    totalPaise: document.totalPaise,
    balancePaise: document.balancePaise,
    irn: document.irn || null,
    createdAt: document.createdAt.toISOString(),
  };
}

function presentDocument(document: TaxDocument) {
  return { ...summaryOf(document), lines: document.lines, payments: document.payments };
}

interface ListQuery {
  saleId?: string;
  orderId?: string;
  customerId?: string;
  kind?: DocumentKind;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

/**
 * A document its caller may see: staff see every one; a customer only those issued to them (anyone
 * else's answers 404, as if it did not exist).
 */
async function visibleDocument(
  deps: BillingContext,
  request: FastifyRequest,
  id: string,
): Promise<TaxDocument> {
  const document = await findDocument(deps.db, id);
  if (!document) throw notFound('Tax document not found');
  assertOwnerOr(request, document.customer.id || '\u0000', ...STAFF);
  return document;
}

/** GST tax invoices and credit notes billing issued from sales, orders and refunds. */
export function taxDocumentsRoutes(app: FastifyInstance, deps: BillingContext): void {
  app.get<{ Querystring: ListQuery }>(
    '/tax-documents',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Tax invoices and credit notes, newest first (a customer: their own)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            saleId: { type: 'string', minLength: 1, maxLength: 100 },
            orderId: { type: 'string', minLength: 1, maxLength: 100 },
            customerId: { type: 'string', minLength: 1, maxLength: 100 },
            kind: { type: 'string', enum: ['invoice', 'credit_note'] },
            from: { type: 'string', pattern: DATE_PATTERN },
            to: { type: 'string', pattern: DATE_PATTERN },
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              documents: { type: 'array', items: summarySchema },
              page: { type: 'integer' },
              pages: { type: 'integer' },
              total: { type: 'integer' },
            },
          },
          ...errors,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { page, limit, from, to, ...filter } = request.query;
      // The pattern admits shapes such as 0000-00-00 or 2026-02-30 that are no day at all.
      for (const [field, value] of [
        ['from', from],
        ['to', to],
      ] as const)
        if (value !== undefined && !isCalendarDate(value)) {
          const message = `${field} must be a date (YYYY-MM-DD)`;
          throw unprocessable(message, [{ field, message }]);
        }
      if (from && to && to < from) {
        const message = 'The end date must not be before the start date';
        throw unprocessable(message, [{ field: 'to', message }]);
      }
      const staff = (STAFF as readonly string[]).includes(user.role);
      const found = await listDocuments(deps.db, {
        ...filter,
        from,
        to,
        // A customer sees only what was issued to them, whatever they ask for.
        customerId: staff ? filter.customerId : user.id,
        page,
        pageSize: limit,
      });
      return {
        documents: found.documents.map(summaryOf),
        page,
        pages: Math.max(1, Math.ceil(found.total / limit)),
        total: found.total,
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/tax-documents/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'One tax invoice or credit note with its lines, taxes and payments',
        params: documentIdParamsSchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => presentDocument(await visibleDocument(deps, request, request.params.id)),
  );

  app.get<{ Params: { id: string } }>(
    '/tax-documents/:id/pdf',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The document as a PDF',
        params: documentIdParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'application/pdf',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const document = await visibleDocument(deps, request, request.params.id);
      const { pdf } = await documentPdf(deps, document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(document)}"`)
        .send(pdf);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/tax-documents/:id/receipt',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The document as an 80 mm receipt (HTML with a print stylesheet)',
        params: documentIdParamsSchema,
        produces: ['text/html'],
        response: {
          200: { description: 'text/html', content: { 'text/html': { schema: { type: 'string' } } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const document = await visibleDocument(deps, request, request.params.id);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(documentReceipt(deps, document));
    },
  );
}
