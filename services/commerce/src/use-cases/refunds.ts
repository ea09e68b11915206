import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, notFound, type Tx } from '@spa/kit';
import { events } from '@spa/proto';
import { findOrder } from '../db/orders.repository.js';
import {
  findPaymentCustomerContact,
  findPaymentOfAppointment,
  findPaymentOfOrder,
  findProviderPaymentId,
  lockPayment,
  savePaymentCustomerContact,
  type Payment,
} from '../db/payments.repository.js';
import {
  findRefund,
  findRefundByKey,
  findRefundByProviderId,
  insertRefund,
  lockRefund,
  recentAdminRefund,
  refundsOfPayment,
  requestedRefundIds,
  staleOpenRefundIds,
  updateRefund,
  type Refund,
  type RefundReason,
} from '../db/refunds.repository.js';
import type { CommerceContext } from './context.js';
import { paiseToRupees } from '../domain/money.js';
import { ProviderRefusedError, type ProviderRefund } from '../integrations/payment-provider.js';

export interface RefundIntent {
  reason: RefundReason;
  /** One refund per key, however often it is asked for: e.g. `appointment_cancelled:<appointment id>`. */
  idempotencyKey: string;
  /** Omitted: everything still refundable (less `keepPaise`). */
  amountPaise?: number;
  /**
   * Of the payment, what the business keeps (an appointment's late-cancellation fee): a refund without
   * an amount returns everything else, counting what was refunded already.
   */
  keepPaise?: number;
  note?: string;
  requestedBy?: string;
}

/** Where a captured payment stands: what was captured, what went back, what is left to refund. */
export interface PaymentRefundState {
  payment: Payment;
  refunds: Refund[];
  refundedPaise: number;
  /** Asked for and not failed (requested, pending or processed): what can no longer be refunded. */
  committedPaise: number;
  refundablePaise: number;
  /** Paid, Partially refunded or Refunded for a captured payment; otherwise the payment's own state. */
  status: 'Pending' | 'Failed' | 'Expired' | 'Paid' | 'Partially refunded' | 'Refunded';
}

function refundStateOf(payment: Payment, refunds: Refund[]): PaymentRefundState {
  const refundedPaise = sum(refunds.filter((refund) => refund.status === 'processed'));
  const committedPaise = sum(refunds.filter((refund) => refund.status !== 'failed'));
  const captured = payment.status === 'captured';
  const status = !captured
    ? ({ created: 'Pending', failed: 'Failed', expired: 'Expired' } as const)[
        payment.status as 'created' | 'failed' | 'expired'
      ]
    : refundedPaise >= payment.amountPaise
      ? 'Refunded'
      : refundedPaise > 0
        ? 'Partially refunded'
        : 'Paid';
  return {
    payment,
    refunds,
    refundedPaise,
    committedPaise,
    refundablePaise: captured ? Math.max(0, payment.amountPaise - committedPaise) : 0,
    status,
  };
}

function sum(refunds: Refund[]): number {
  return refunds.reduce((total, refund) => total + refund.amountPaise, 0);
}

const rupees = (paise: number) =>
  `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Records a refund inside the caller's transaction, before the provider is asked (the row is the
 * promise; `sendRefund` keeps it). Locks the payment, so two refunds of one payment take turns and
 * can never together exceed what was captured. The same idempotency key answers the refund it made
 * the first time. Answers undefined when a full refund finds nothing left to refund.
 */
export async function recordRefund(
  tx: Tx,
  paymentId: string,
  intent: RefundIntent,
): Promise<{ refund: Refund; created: boolean } | undefined> {
  const payment = await lockPayment(tx, paymentId);
  if (!payment) throw notFound('Payment not found');
  const existing = await findRefundByKey(tx, intent.idempotencyKey);
  if (existing) return { refund: existing, created: false };
  if (payment.status !== 'captured')
    throw new AppError(422, 'PAYMENT_NOT_CAPTURED', 'Only a captured payment can be refunded');
  const state = refundStateOf(payment, await refundsOfPayment(tx, payment.id));
  const amountPaise = intent.amountPaise ?? Math.max(0, state.refundablePaise - (intent.keepPaise ?? 0));
  if (intent.amountPaise === undefined && amountPaise === 0) return undefined;
  if (amountPaise > state.refundablePaise)
    throw new AppError(
      422,
      'REFUND_EXCEEDS_CAPTURED',
      state.refundablePaise === 0
        ? 'This payment has been refunded in full already'
        : `A refund can be at most ${rupees(state.refundablePaise)}, what is left of the ${rupees(payment.amountPaise)} paid`,
      [{ field: 'amount', message: `At most ${paiseToRupees(state.refundablePaise)}` }],
    );
  const refund = await insertRefund(tx, {
    id: randomUUID(),
    paymentId: payment.id,
    idempotencyKey: intent.idempotencyKey,
    amountPaise,
    reason: intent.reason,
    note: intent.note ?? null,
    requestedBy: intent.requestedBy ?? null,
  });
  return { refund: refund!, created: true };
}

/**
 * Asks the provider for a `requested` refund, holding the refund's row lock for the call, so two
 * senders (verify-payment and the webhook, say) take turns and the second finds it sent. Its receipt
 * is our refund id and the provider's refunds of the payment are searched for it first: a refund whose
 * answer was lost (or whose sender died mid-call) is adopted, never made twice. A refusal (4xx) fails
 * the refund; no answer leaves it `requested` for the sweeper.
 */
async function sendRefund(deps: CommerceContext, refundId: string): Promise<Refund> {
  const result = await deps.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (!refund) throw notFound('Refund not found');
    if (refund.status !== 'requested') return {};
    // No lock on the payment here (settling locks payment, then refund); its provider id never changes.
    const payment = await findProviderPaymentId(tx, refund.paymentId);
    const providerPaymentId = payment!.providerPaymentId!;
    await updateRefund(tx, refund.id, { attempts: refund.attempts + 1 });
    try {
      const remote =
        (await deps.provider.refundsOfPayment(providerPaymentId)).find(
          (candidate) => candidate.receipt === refund.id,
        ) ??
        (await deps.provider.refundPayment(providerPaymentId, {
          amountPaise: refund.amountPaise,
          receipt: refund.id,
          notes: { refundId: refund.id, paymentId: refund.paymentId, reason: refund.reason },
        }));
      if (remote.status === 'pending') {
        await updateRefund(tx, refund.id, { status: 'pending', providerRefundId: remote.id });
        return {};
      }
      return { settled: remote };
    } catch (error) {
      if (error instanceof ProviderRefusedError && error.statusCode >= 400 && error.statusCode < 500) {
        deps.logger.error({ err: error, refundId }, 'the payment provider refused a refund');
        return { refused: error.message };
      }
      deps.logger.warn({ err: error, refundId }, 'refund not sent yet; the sweeper retries it');
      return {};
    }
  });
  if (result.settled) await applyProviderRefund(deps, refundId, result.settled);
  else if (result.refused)
    await settleRefund(deps, refundId, { outcome: 'failed', failureReason: result.refused });
  return (await findRefund(deps.db, refundId))!;
}

/** The provider accepted a refund (or reported on it): pending keeps it open, processed or failed settles it. */
async function applyProviderRefund(deps: CommerceContext, refundId: string, remote: ProviderRefund) {
  if (remote.status === 'pending') {
    await deps.db.transaction(async (tx) => {
      const current = await lockRefund(tx, refundId);
      if (current?.status === 'requested')
        await updateRefund(tx, refundId, { status: 'pending', providerRefundId: remote.id });
    });
    return;
  }
  await settleRefund(deps, refundId, {
    outcome: remote.status,
    providerRefundId: remote.id,
    failureReason:
      remote.status === 'failed' ? 'The payment provider could not process the refund' : undefined,
  });
}

/**
 * A refund's outcome, applied once: the payment (then the refund) is locked, a refund already
 * settled answers false, and the event `commerce.payment.refunded` or `commerce.payment.refund_failed`
 * goes out through the outbox in the same transaction.
 */
async function settleRefund(
  deps: CommerceContext,
  refundId: string,
  outcome: { outcome: 'processed' | 'failed'; providerRefundId?: string; failureReason?: string },
): Promise<boolean> {
  const found = await findRefund(deps.db, refundId);
  if (!found) return false;
  return deps.db.transaction(async (tx) => {
    const payment = (await lockPayment(tx, found.paymentId))!;
    const refund = (await lockRefund(tx, refundId))!;
    if (refund.status === 'processed' || refund.status === 'failed') return false;
    const at = new Date();
    const providerRefundId = outcome.providerRefundId ?? refund.providerRefundId ?? '';
    const common = {
      refundId: refund.id,
      paymentId: payment.id,
      purpose: payment.purpose,
      orderId: payment.orderId ?? '',
      appointmentId: payment.appointmentId ?? '',
      customerId: payment.customerId,
      amountPaise: BigInt(refund.amountPaise),
      providerPaymentId: payment.providerPaymentId ?? '',
      providerRefundId,
      reason: refund.reason,
    };
    const key = (payment.orderId ?? payment.appointmentId)!;
    if (outcome.outcome === 'processed') {
      await updateRefund(tx, refund.id, {
        status: 'processed',
        processedAt: at,
        ...(providerRefundId ? { providerRefundId } : {}),
      });
      const state = refundStateOf(payment, await refundsOfPayment(tx, payment.id));
      const order = payment.orderId ? await findOrder(tx, payment.orderId) : undefined;
      const contact = await findPaymentCustomerContact(tx, payment.id);
      await deps.publish(tx, events.paymentRefunded, key, {
        ...common,
        refundedTotalPaise: BigInt(state.refundedPaise),
        capturedPaise: BigInt(payment.amountPaise),
        paymentStatus: state.status === 'Refunded' ? 'refunded' : 'partially_refunded',
        refundedAt: timestampFromDate(at),
        customerEmail: order?.userEmail ?? contact?.email ?? '',
        customerName: order?.userName ?? contact?.name ?? '',
        description: order
          ? `Order ${order.id.slice(0, 8).toUpperCase()}`
          : (payment.description ?? 'Your appointment'),
      });
    } else {
      const failureReason = outcome.failureReason ?? 'The refund failed';
      await updateRefund(tx, refund.id, {
        status: 'failed',
        failedAt: at,
        failureReason,
        ...(providerRefundId ? { providerRefundId } : {}),
      });
      await deps.publish(tx, events.paymentRefundFailed, key, {
        ...common,
        failureReason,
        failedAt: timestampFromDate(at),
      });
    }
    return true;
  });
}

/** Sends every `requested` refund of a payment, after the transaction that recorded it committed. */
export async function sendRequestedRefunds(deps: CommerceContext, paymentId: string): Promise<void> {
  for (const id of await requestedRefundIds(deps.db, paymentId)) {
    try {
      await sendRefund(deps, id);
    } catch (error) {
      deps.logger.warn({ err: error, refundId: id }, 'refund not sent yet; the sweeper retries it');
    }
  }
}

/**
 * A refund automatic by contract (a cancelled prepaid appointment, a cancelled paid order, a payment
 * that came too late): all that is left of the payment, once per key, sent at once.
 */
export async function refundInFull(
  deps: CommerceContext,
  payment: Payment,
  reason: RefundReason,
  idempotencyKey: string,
  keep?: { paise: number; note: string },
): Promise<Refund | undefined> {
  const recorded = await deps.db.transaction((tx) =>
    recordRefund(tx, payment.id, {
      reason,
      idempotencyKey,
      ...(keep && keep.paise > 0 ? { keepPaise: keep.paise, note: keep.note } : {}),
    }),
  );
  if (!recorded) return undefined;
  return sendRefund(deps, recorded.refund.id);
}

/** The provider's webhook `refund.processed` / `refund.failed`. */
export async function handleRefundWebhook(
  deps: CommerceContext,
  event: string,
  entity: { id?: unknown; receipt?: unknown; status?: unknown },
): Promise<{ status: string }> {
  if (typeof entity.id !== 'string') return { status: 'ignored' };
  let refund = await findRefundByProviderId(deps.db, entity.id);
  // The webhook may come before the provider's answer to our own request was stored: the receipt is our id.
  if (!refund && typeof entity.receipt === 'string' && /^[0-9a-f-]{36}$/i.test(entity.receipt))
    refund = await findRefund(deps.db, entity.receipt);
  if (!refund) return { status: 'ignored' };
  const outcome =
    event === 'refund.processed' ? 'processed' : event === 'refund.failed' ? 'failed' : undefined;
  if (!outcome) return { status: 'ignored' };
  const changed = await settleRefund(deps, refund.id, {
    outcome,
    providerRefundId: entity.id,
    failureReason: outcome === 'failed' ? 'The payment provider could not process the refund' : undefined,
  });
  return { status: changed ? `refund-${outcome}` : 'already-recorded' };
}

/**
 * The sweeper's part: a refund still `requested` (the provider did not answer) is sent again; a
 * `pending` one whose webhook never came is asked about. Each on its own, so one failure holds up none.
 */
export async function sweepRefunds(deps: CommerceContext, now = new Date()): Promise<number> {
  let settled = 0;
  const before = new Date(now.getTime() - deps.config.refundRetryMs);
  for (const id of await staleOpenRefundIds(deps.db, before, 50)) {
    try {
      const refund = (await findRefund(deps.db, id))!;
      if (refund.status === 'requested') {
        await sendRefund(deps, id);
      } else if (refund.providerRefundId) {
        const remote = await deps.provider.fetchRefund(refund.providerRefundId);
        if (remote.status === 'pending') await updateRefund(deps.db, id, {});
        else await applyProviderRefund(deps, id, remote);
      }
      if ((await findRefund(deps.db, id))!.status !== refund.status) settled++;
    } catch (error) {
      deps.logger.warn({ err: error, refundId: id }, 'could not follow up a refund yet');
    }
  }
  return settled;
}

export type RefundTarget = { orderId: string } | { appointmentId: string };

async function paymentOf(deps: CommerceContext, target: RefundTarget): Promise<Payment> {
  const payment =
    'orderId' in target
      ? await findPaymentOfOrder(deps.db, target.orderId)
      : await findPaymentOfAppointment(deps.db, target.appointmentId);
  if (!payment) throw notFound('Payment not found');
  return payment;
}

export async function refundStateFor(
  deps: CommerceContext,
  target: RefundTarget,
): Promise<PaymentRefundState> {
  const payment = await paymentOf(deps, target);
  return refundStateOf(payment, await refundsOfPayment(deps.db, payment.id));
}

/**
 * An admin's refund, in full (no amount) or in part. With an `Idempotency-Key` the same key refunds
 * once; without one, the same amount of the same payment asked again within a minute is taken for a
 * double submit and answered with the first refund.
 */
export async function adminRefund(
  deps: CommerceContext,
  adminId: string,
  target: RefundTarget,
  request: { amountPaise?: number; note?: string; idempotencyKey?: string },
): Promise<{ state: PaymentRefundState; refund: Refund; created: boolean }> {
  const payment = await paymentOf(deps, target);
  let key = request.idempotencyKey ? `admin:${payment.id}:${request.idempotencyKey}` : undefined;
  if (!key) {
    const state = refundStateOf(payment, await refundsOfPayment(deps.db, payment.id));
    const amount = request.amountPaise ?? state.refundablePaise;
    const recent = await recentAdminRefund(deps.db, payment.id, amount, new Date(Date.now() - 60_000));
    key = recent ? recent.idempotencyKey : `admin:${payment.id}:${randomUUID()}`;
  }
  const recorded = await deps.db.transaction((tx) =>
    recordRefund(tx, payment.id, {
      reason: 'admin',
      idempotencyKey: key,
      amountPaise: request.amountPaise,
      note: request.note,
      requestedBy: adminId,
    }),
  );
  if (!recorded)
    throw new AppError(422, 'REFUND_EXCEEDS_CAPTURED', 'This payment has been refunded in full already');
  const refund = recorded.created ? await sendRefund(deps, recorded.refund.id) : recorded.refund;
  if (refund.status === 'failed' && recorded.created)
    throw new AppError(
      422,
      'REFUND_REFUSED',
      `The payment provider refused the refund: ${refund.failureReason ?? 'no reason given'}`,
    );
  return { state: await refundStateFor(deps, target), refund, created: recorded.created };
}

/**
 * Remembers who an appointment's customer is (from booking's events), so the
 * refund event can name the one to email. Orders carry their own customer.
 */
export async function rememberCustomer(
  deps: CommerceContext,
  paymentId: string,
  customer: { email?: string; name?: string },
): Promise<void> {
  if (!customer.email) return;
  await savePaymentCustomerContact(deps.db, paymentId, { email: customer.email, name: customer.name });
}
