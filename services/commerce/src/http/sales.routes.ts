import { AppError, currentUser, requireRole } from '@spa/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommerceContext } from '../use-cases/context.js';
import type { CustomerInput, LineInput, SaleStatus } from '../domain/sale.js';
import { addTender, cancelTender, checkTender, type TenderRequest } from '../use-cases/sale-tenders.js';
import { refundSale, type RefundRequest } from '../use-cases/sale-refunds.js';
import {
  approveDiscount,
  completeSale,
  createSale,
  customerBalance,
  editSale,
  getSale,
  listSales,
  voidSale,
} from '../use-cases/sales.js';
import { bearer, errors } from './schemas.js';
import {
  balancesQuery,
  balancesSchema,
  completeBody,
  createSaleBody,
  editSaleBody,
  listQuery,
  presentRefund,
  presentSale,
  refundAnswerSchema,
  refundBody,
  saleListSchema,
  saleParams,
  saleSchema,
  tenderBody,
  tenderParams,
} from './sales.schemas.js';

const tags = ['counter'];
const staff = requireRole('admin', 'employee');
const saleAnswer = { 200: saleSchema, ...errors };
const createdSale = { 200: saleSchema, 201: saleSchema, ...errors };

/** Money moves once per key: a tender or refund without one is refused (the desk's button sends one). */
function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (key.length === 0 || key.length > 200)
    throw new AppError(
      400,
      'IDEMPOTENCY_KEY_REQUIRED',
      'Send an Idempotency-Key header of 1 to 200 characters',
      [{ field: 'Idempotency-Key', message: 'Required, 1 to 200 characters' }],
    );
  return key;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export function salesRoutes(app: FastifyInstance, deps: CommerceContext): void {
  app.post(
    '/counter/sales',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Open a sale: check out a visit (its appointments) or a walk-in (staff)',
        description:
          'With appointmentIds, each appointment is read from booking: its treatment becomes a line (price, SAC, rate, ' +
          'therapist, room) and what was paid online for it an `online` tender. An appointment on another sale: 409 ' +
          'ALREADY_CHECKED_OUT with details [{ saleId }]; a cancelled or no-show one: 422. A walk-in needs customer.name.',
        body: createSaleBody,
        response: { 201: saleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body as { appointmentIds?: string[]; customer?: CustomerInput };
      return reply.code(201).send(presentSale(await createSale(deps, currentUser(request), body)));
    },
  );

  app.get(
    '/counter/sales',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Sales, newest first (staff)',
        querystring: listQuery,
        response: { 200: saleListSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query as {
        status?: SaleStatus;
        customerId?: string;
        page?: number;
        limit?: number;
      };
      const list = await listSales(
        deps,
        { status: query.status, customerId: query.customerId },
        { number: query.page ?? 1, size: query.limit ?? 20 },
      );
      return { ...list, sales: list.sales.map(presentSale) };
    },
  );

  app.get(
    '/counter/sales/:id',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'One sale (staff)',
        params: saleParams,
        response: saleAnswer,
      },
    },
    async (request) => presentSale(await getSale(deps, idOf(request))),
  );

  app.put(
    '/counter/sales/:id',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Replace an open sale’s lines, discount and customer (staff)',
        description:
          'On the version last seen (409 SALE_CHANGED when stale; 409 SALE_CLOSED when not open). A visit’s treatments ' +
          'keep their price and tax; a product takes its name, price, HSN and rate from the catalogue and reserves its ' +
          'stock (409 INSUFFICIENT_STOCK, the sale unchanged). A discount needs a reason; above the role’s limit it ' +
          'waits for an admin (discountApproval pending).',
        params: saleParams,
        body: editSaleBody,
        response: saleAnswer,
      },
    },
    async (request) => {
      const body = request.body as {
        version: number;
        lines: LineInput[];
        saleDiscountPaise: number;
        saleDiscountReason?: string;
        customer?: CustomerInput;
      };
      const sale = await editSale(deps, currentUser(request), idOf(request), {
        version: body.version,
        lines: body.lines.map((line) => ({
          ...line,
          lineDiscountPaise: line.lineDiscountPaise ?? 0,
          lineDiscountReason: line.lineDiscountReason ?? '',
        })),
        saleDiscountPaise: body.saleDiscountPaise,
        saleDiscountReason: body.saleDiscountReason ?? '',
        customer: body.customer,
      });
      return presentSale(sale);
    },
  );

  app.post(
    '/counter/sales/:id/discount-approval',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Approve a discount above the cashier’s limit (admin)',
        params: saleParams,
        response: saleAnswer,
      },
    },
    async (request) => presentSale(await approveDiscount(deps, currentUser(request), idOf(request))),
  );

  app.post(
    '/counter/sales/:id/tenders',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Take money for a sale: cash, a card terminal’s slip, or a Razorpay payment link (staff)',
        description:
          'Idempotency-Key required (400 without). At most the balance, pending links counted (422 OVERPAYMENT). Cash ' +
          'needs an open drawer shift (409 DRAWER_CLOSED). razorpay answers the tender pending with its linkUrl. 201 when ' +
          'this call took the money, 200 when the key had already.',
        params: saleParams,
        body: tenderBody,
        response: createdSale,
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { sale, created } = await addTender(
        deps,
        currentUser(request),
        idOf(request),
        key,
        request.body as TenderRequest,
      );
      return reply.code(created ? 201 : 200).send(presentSale(sale));
    },
  );

  app.post(
    '/counter/sales/:id/tenders/:tenderId/check',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Ask the provider whether a payment link was paid (staff)',
        params: tenderParams,
        response: saleAnswer,
      },
    },
    async (request) => {
      const { id, tenderId } = request.params as { id: string; tenderId: string };
      return presentSale(await checkTender(deps, id, tenderId));
    },
  );

  app.post(
    '/counter/sales/:id/tenders/:tenderId/cancel',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a pending payment link (staff); a paid one cannot be (409 TENDER_PAID)',
        params: tenderParams,
        response: saleAnswer,
      },
    },
    async (request) => {
      const { id, tenderId } = request.params as { id: string; tenderId: string };
      return presentSale(await cancelTender(deps, id, tenderId));
    },
  );

  app.post(
    '/counter/sales/:id/complete',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Check the sale out: its invoice follows (staff)',
        description:
          'Refused while a link is pending (409 TENDER_PENDING), the discount waits (409 DISCOUNT_NOT_APPROVED) or ' +
          'without lines (422). A balance may remain. Completed already: answers the sale and changes nothing.',
        params: saleParams,
        body: completeBody,
        response: saleAnswer,
      },
    },
    async (request) =>
      presentSale(await completeSale(deps, idOf(request), (request.body as { version: number }).version)),
  );

  app.post(
    '/counter/sales/:id/void',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Void an open sale nothing was paid for at the counter (staff)',
        params: saleParams,
        response: saleAnswer,
      },
    },
    async (request) => presentSale(await voidSale(deps, idOf(request))),
  );

  app.post(
    '/counter/sales/:id/refunds',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Give money of a completed sale back, per line (staff)',
        description:
          'Idempotency-Key required. Never more of a line than was sold, nor more than was paid (422). Cash from the ' +
          'open drawer shift (409 DRAWER_CLOSED); razorpay through the provider on the sale’s Razorpay payment ' +
          '(status requested until the provider processes it; the same request again asks after it).',
        params: saleParams,
        body: refundBody,
        response: { 200: refundAnswerSchema, 201: refundAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const { refund, sale, created } = await refundSale(
        deps,
        currentUser(request),
        idOf(request),
        key,
        request.body as RefundRequest,
      );
      return reply.code(created ? 201 : 200).send({ refund: presentRefund(refund), sale: presentSale(sale) });
    },
  );

  app.get(
    '/counter/balances',
    {
      preValidation: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'What a customer owes from sales completed with a balance (staff)',
        querystring: balancesQuery,
        response: { 200: balancesSchema, ...errors },
      },
    },
    async (request) => {
      const balance = await customerBalance(deps, (request.query as { customerId: string }).customerId);
      return {
        ...balance,
        sales: balance.sales.map((sale) => ({
          ...sale,
          completedAt: sale.completedAt?.toISOString() ?? null,
        })),
      };
    },
  );
}
