import { AppError, currentUser, notFound, requireAuth, requireRole, strictObject } from '@spa/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommerceContext } from '../use-cases/context.js';
import { paiseToRupees, rupeesToPaise } from '../domain/money.js';
import type { Refund } from '../db/refunds.repository.js';
import {
  adminRefund,
  refundStateFor,
  type PaymentRefundState,
  type RefundTarget,
} from '../use-cases/refunds.js';
import { bearer, errors } from './schemas.js';

const tags = ['refunds'];
const uuid = { type: 'string', format: 'uuid' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const orderParams = strictObject({ id: uuid }, ['id']);
const appointmentParams = strictObject({ appointmentId: uuid }, ['appointmentId']);

const refundBody = strictObject({
  amount: {
    type: 'number',
    description:
      'Rupees, at most two decimals, at least 1 and at most what is left; omit to refund all that is left',
  },
  note: { type: 'string', maxLength: 500, description: 'Why, for the record' },
});

const refundSchema = {
  type: 'object',
  required: ['_id', 'amount', 'status', 'reason', 'createdAt'],
  properties: {
    _id: uuid,
    amount: { type: 'number', description: 'Rupees' },
    status: { type: 'string', enum: ['requested', 'pending', 'processed', 'failed'] },
    reason: {
      type: 'string',
      enum: ['appointment_cancelled', 'order_cancelled', 'late_payment', 'admin'],
    },
    note: { type: ['string', 'null'] },
    providerRefundId: { type: ['string', 'null'] },
    failureReason: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    processedAt: nullableDate,
    failedAt: nullableDate,
  },
} as const;

const paymentRefundsSchema = {
  type: 'object',
  required: ['paymentId', 'purpose', 'status', 'amount', 'refunded', 'refundable', 'refunds'],
  properties: {
    paymentId: uuid,
    purpose: { type: 'string', enum: ['order', 'appointment'] },
    orderId: { type: ['string', 'null'] },
    appointmentId: { type: ['string', 'null'] },
    status: {
      type: 'string',
      enum: ['Pending', 'Failed', 'Expired', 'Paid', 'Partially refunded', 'Refunded'],
      description: 'Refunded / Partially refunded once the provider confirmed the refunds',
    },
    amount: { type: 'number', description: 'Captured, in rupees' },
    refunded: { type: 'number', description: 'Confirmed refunds, in rupees' },
    refundable: { type: 'number', description: 'What a new refund can still give back, in rupees' },
    refunds: { type: 'array', items: refundSchema },
  },
} as const;

const refundAnswerSchema = {
  type: 'object',
  required: ['refund', 'payment'],
  properties: { refund: refundSchema, payment: paymentRefundsSchema },
} as const;

function presentRefund(refund: Refund) {
  return {
    _id: refund.id,
    amount: paiseToRupees(refund.amountPaise),
    status: refund.status,
    reason: refund.reason,
    note: refund.note,
    providerRefundId: refund.providerRefundId,
    failureReason: refund.failureReason,
    createdAt: refund.createdAt.toISOString(),
    processedAt: iso(refund.processedAt),
    failedAt: iso(refund.failedAt),
  };
}

function presentState(state: PaymentRefundState) {
  return {
    paymentId: state.payment.id,
    purpose: state.payment.purpose,
    orderId: state.payment.orderId,
    appointmentId: state.payment.appointmentId,
    status: state.status,
    amount: paiseToRupees(state.payment.amountPaise),
    refunded: paiseToRupees(state.refundedPaise),
    refundable: paiseToRupees(state.refundablePaise),
    refunds: state.refunds.map(presentRefund),
  };
}

/** `amount` in rupees → paise: positive, at most two decimals, at least ₹1 (the provider's minimum). */
function amountPaiseOf(body: { amount?: number }): number | undefined {
  if (body.amount === undefined) return undefined;
  const paise = rupeesToPaise(body.amount);
  const problem =
    Math.abs(paise - body.amount * 100) > 1e-6
      ? 'The amount can have at most two decimals'
      : paise < 100
        ? 'A refund must be at least ₹1'
        : undefined;
  if (problem) throw new AppError(400, 'VALIDATION_FAILED', problem, [{ field: 'amount', message: problem }]);
  return paise;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : undefined;
  if (key !== undefined && (key.length === 0 || key.length > 200))
    throw new AppError(400, 'VALIDATION_FAILED', 'Idempotency-Key must be 1 to 200 characters', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 200 characters' },
    ]);
  return key;
}

const refundDescription =
  'Refunds through the payment provider, in full (no amount) or in part, never more than is left (422 REFUND_EXCEEDS_CAPTURED); ' +
  'only a captured payment (422 PAYMENT_NOT_CAPTURED). The refund is recorded before the provider is asked and starts `pending`; ' +
  'the payment shows Refunded / Partially refunded once the provider confirms (webhook or the sweeper’s poll). ' +
  'Send an `Idempotency-Key` header to make a retry refund once; without one, the same amount asked again within a minute ' +
  'answers the first refund. 200 with the refund and where the payment stands; 201 when this call created the refund.';

export function refundsRoutes(app: FastifyInstance, deps: CommerceContext): void {
  const refund = async (
    request: FastifyRequest,
    target: RefundTarget,
  ): Promise<{ code: number; body: unknown }> => {
    const body = (request.body ?? {}) as { amount?: number; note?: string };
    const outcome = await adminRefund(deps, currentUser(request).id, target, {
      amountPaise: amountPaiseOf(body),
      note: body.note?.trim() || undefined,
      idempotencyKey: idempotencyKeyOf(request),
    });
    return {
      code: outcome.created ? 201 : 200,
      body: { refund: presentRefund(outcome.refund), payment: presentState(outcome.state) },
    };
  };

  app.post(
    '/orders/:id/refund',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Refund a store order’s online payment, in full or in part (admin)',
        description: refundDescription,
        params: orderParams,
        body: refundBody,
        response: { 200: refundAnswerSchema, 201: refundAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { code, body } = await refund(request, { orderId: (request.params as { id: string }).id });
      return reply.code(code).send(body);
    },
  );

  app.post(
    '/orders/appointment-payments/:appointmentId/refund',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Refund an appointment’s online payment, in full or in part (admin)',
        description: refundDescription,
        params: appointmentParams,
        body: refundBody,
        response: { 200: refundAnswerSchema, 201: refundAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { appointmentId } = request.params as { appointmentId: string };
      const { code, body } = await refund(request, { appointmentId });
      return reply.code(code).send(body);
    },
  );

  /** Its customer or an admin; to anyone else the payment does not exist. */
  const ownState = async (request: FastifyRequest, target: RefundTarget) => {
    const user = currentUser(request);
    const state = await refundStateFor(deps, target);
    if (state.payment.customerId !== user.id && user.role !== 'admin') throw notFound('Payment not found');
    return presentState(state);
  };

  app.get(
    '/orders/:id/refunds',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'A store order’s online payment and its refunds (its customer or an admin)',
        description: '404 `Payment not found` for a COD order or someone else’s.',
        params: orderParams,
        response: { 200: paymentRefundsSchema, ...errors },
      },
    },
    async (request) => ownState(request, { orderId: (request.params as { id: string }).id }),
  );

  app.get(
    '/orders/appointment-payments/:appointmentId/refunds',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security: bearer,
        summary: 'An appointment’s online payment and its refunds (its customer or an admin)',
        description: '404 `Payment not found` for a cash appointment or someone else’s.',
        params: appointmentParams,
        response: { 200: paymentRefundsSchema, ...errors },
      },
    },
    async (request) =>
      ownState(request, { appointmentId: (request.params as { appointmentId: string }).appointmentId }),
  );
}
