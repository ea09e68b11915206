import { get, post } from '../../lib/api';

export type RefundStatus = 'requested' | 'pending' | 'processed' | 'failed';
type PaymentRefundStatus = 'Pending' | 'Failed' | 'Expired' | 'Paid' | 'Partially refunded' | 'Refunded';

export interface Refund {
  _id: string;
  /** Rupees. */
  amount: number;
  status: RefundStatus;
  reason: 'appointment_cancelled' | 'order_cancelled' | 'late_payment' | 'admin';
  note?: string | null;
  providerRefundId?: string | null;
  failureReason?: string | null;
  createdAt: string;
  processedAt?: string | null;
  failedAt?: string | null;
}

/** An online payment as commerce sees it: captured, refunded (confirmed), still refundable; rupees. */
export interface PaymentRefunds {
  paymentId: string;
  purpose: 'order' | 'appointment';
  status: PaymentRefundStatus;
  amount: number;
  refunded: number;
  refundable: number;
  refunds: Refund[];
}

/** What is refunded: a store order or an appointment, each by its own id. */
export type RefundTarget = { kind: 'order'; id: string } | { kind: 'appointment'; id: string };

const base = (target: RefundTarget) =>
  target.kind === 'order'
    ? `/orders/${encodeURIComponent(target.id)}`
    : `/orders/appointment-payments/${encodeURIComponent(target.id)}`;

export const refundKeys = {
  all: ['refunds'] as const,
  of: (target: RefundTarget) => ['refunds', target.kind, target.id] as const,
};

export const fetchPaymentRefunds = (target: RefundTarget) => get<PaymentRefunds>(`${base(target)}/refunds`);

/**
 * An admin's refund: `amount` in rupees (none = all that is left). The idempotency key is made once per
 * dialog, so a retried or doubled click refunds once.
 */
export const requestRefund = (
  target: RefundTarget,
  body: { amount?: number; note?: string },
  idempotencyKey: string,
) =>
  post<{ refund: Refund; payment: PaymentRefunds }>(`${base(target)}/refund`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const REFUND_REASON_LABEL: Record<Refund['reason'], string> = {
  admin: 'By an admin',
  appointment_cancelled: 'Appointment cancelled',
  order_cancelled: 'Order cancelled',
  late_payment: 'Paid after it expired',
};

export const REFUND_STATUS_LABEL: Record<RefundStatus, string> = {
  requested: 'Sending',
  pending: 'Pending at the bank',
  processed: 'Refunded',
  failed: 'Failed',
};

/**
 * The amount field's problem, if any: a number of rupees with at most two decimals, at least ₹1 and
 * at most what is left to refund.
 */
export function refundAmountProblem(text: string, refundable: number): string | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'Enter an amount in rupees, e.g. 499.50';
  const amount = Number(trimmed);
  if (amount < 1) return 'A refund must be at least ₹1';
  if (Math.round(amount * 100) > Math.round(refundable * 100))
    return `At most ₹${refundable.toFixed(2)} is left to refund`;
  return undefined;
}
