import { lockKeys, type Queryable } from '@spa/kit';
import { eq } from 'drizzle-orm';
import { paymentAttempts, payments } from './schema.js';

type PaymentPurpose = 'order' | 'appointment';
type PaymentStatus = 'created' | 'failed' | 'captured' | 'expired';

export interface Payment {
  id: string;
  purpose: PaymentPurpose;
  orderId: string | null;
  appointmentId: string | null;
  customerId: string;
  amountPaise: number;
  currency: string;
  description: string | null;
  providerOrderId: string;
  status: PaymentStatus;
  providerPaymentId: string | null;
  capturedAt: Date | null;
  refundDue: boolean;
  lastFailureReason: string | null;
  /** An appointment's payment hold as booking gave it (null for orders and older payments). */
  payableUntil: Date | null;
  createdAt: Date;
}

const toPayment = (row: typeof payments.$inferSelect): Payment => ({
  id: row.id,
  purpose: row.purpose as PaymentPurpose,
  orderId: row.orderId,
  appointmentId: row.appointmentId,
  customerId: row.customerId,
  amountPaise: row.amountPaise,
  currency: row.currency,
  description: row.description,
  providerOrderId: row.providerOrderId,
  status: row.status as PaymentStatus,
  providerPaymentId: row.providerPaymentId,
  capturedAt: row.capturedAt,
  refundDue: row.refundDue,
  lastFailureReason: row.lastFailureReason,
  payableUntil: row.payableUntil,
  createdAt: row.createdAt,
});

export interface NewPayment {
  id: string;
  purpose: PaymentPurpose;
  orderId?: string;
  appointmentId?: string;
  customerId: string;
  amountPaise: number;
  currency: string;
  description?: string;
  providerOrderId: string;
  payableUntil?: Date | null;
}

export async function insertPayment(tx: Queryable, payment: NewPayment): Promise<Payment> {
  const [row] = await tx
    .insert(payments)
    .values({
      ...payment,
      orderId: payment.orderId ?? null,
      appointmentId: payment.appointmentId ?? null,
      status: 'created',
    })
    .returning();
  return toPayment(row!);
}

export async function findPaymentByProviderOrder(db: Queryable, providerOrderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
  return row && toPayment(row);
}

export async function findPaymentOfOrder(db: Queryable, orderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row && toPayment(row);
}

export async function findPaymentOfAppointment(db: Queryable, appointmentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  return row && toPayment(row);
}

export async function lockPayment(tx: Queryable, id: string): Promise<Payment | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row && toPayment(row);
}

export async function markPaymentCaptured(
  tx: Queryable,
  id: string,
  capture: { providerPaymentId: string; capturedAt: Date; refundDue: boolean },
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'captured', ...capture, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export async function markPaymentFailed(tx: Queryable, id: string, reason: string): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', lastFailureReason: reason, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export async function markPaymentExpired(tx: Queryable, id: string): Promise<void> {
  await tx.update(payments).set({ status: 'expired', updatedAt: new Date() }).where(eq(payments.id, id));
}

/**
 * Records one provider payment attempt; answers false when it was recorded before, so its event is
 * sent once however often the provider (or the customer's browser) reports it.
 */
export async function recordAttempt(
  tx: Queryable,
  attempt: { providerPaymentId: string; paymentId: string; outcome: 'captured' | 'failed'; reason?: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentAttempts)
    .values({ ...attempt, reason: attempt.reason ?? null })
    .onConflictDoNothing()
    .returning({ id: paymentAttempts.providerPaymentId });
  return inserted.length > 0;
}

/**
 * Makes payment calls for one appointment take turns: a transaction-scoped advisory lock on the
 * appointment id, held until the caller's transaction ends.
 */
export async function lockAppointmentPaymentCalls(tx: Queryable, appointmentId: string): Promise<void> {
  await lockKeys(tx, [`appointment:${appointmentId}`]);
}

/** A payment's provider payment id, read without locking the payment (undefined: no such payment). */
export async function findProviderPaymentId(
  db: Queryable,
  paymentId: string,
): Promise<{ providerPaymentId: string | null } | undefined> {
  const [row] = await db
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row;
}

/** Who to email about a payment, as remembered from booking's events (undefined: no such payment). */
export async function findPaymentCustomerContact(
  db: Queryable,
  paymentId: string,
): Promise<{ email: string | null; name: string | null } | undefined> {
  const [row] = await db
    .select({ email: payments.customerEmail, name: payments.customerName })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row;
}

/** Remembers a payment's customer email and name (an empty name is stored as none). */
export async function savePaymentCustomerContact(
  db: Queryable,
  paymentId: string,
  customer: { email: string; name?: string },
): Promise<void> {
  await db
    .update(payments)
    .set({ customerEmail: customer.email, customerName: customer.name || null })
    .where(eq(payments.id, paymentId));
}
