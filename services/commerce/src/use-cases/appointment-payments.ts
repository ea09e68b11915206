import { randomUUID } from 'node:crypto';
import { AppError, conflict } from '@spa/kit';
import {
  findPaymentOfAppointment,
  insertPayment,
  lockAppointmentPaymentCalls,
  type Payment,
} from '../db/payments.repository.js';
import type { CommerceContext } from './context.js';
import { providerOrderFailure } from '../integrations/payment-provider.js';

export interface AppointmentPaymentRequest {
  appointmentId: string;
  customerId: string;
  amountPaise: number;
  description?: string;
  /** ISO time booking's hold on the slot runs out. */
  payableUntil?: string;
}

/**
 * The internal API for booking: one provider order per appointment. Calls for one appointment take
 * turns (a transaction-scoped advisory lock), so a retried or doubled call gets the same provider
 * order back instead of a second one.
 */
export async function createAppointmentPayment(
  deps: CommerceContext,
  request: AppointmentPaymentRequest,
): Promise<{ payment: Payment; created: boolean }> {
  if (!deps.config.onlinePaymentsEnabled)
    throw new AppError(503, 'PAYMENTS_UNAVAILABLE', 'Payment service not available. Please try again later.');
  return deps.db.transaction(async (tx) => {
    await lockAppointmentPaymentCalls(tx, request.appointmentId);
    const existing = await findPaymentOfAppointment(tx, request.appointmentId);
    if (existing) {
      if (existing.amountPaise !== request.amountPaise || existing.customerId !== request.customerId)
        throw conflict(
          `Appointment ${request.appointmentId} already has a payment for another amount or customer`,
        );
      return { payment: existing, created: false };
    }
    const paymentId = randomUUID();
    let providerOrderId: string;
    let currency: string;
    try {
      ({ id: providerOrderId, currency } = await deps.provider.createOrder({
        amountPaise: request.amountPaise,
        receipt: request.appointmentId.slice(0, 40),
        notes: { purpose: 'appointment', appointmentId: request.appointmentId, paymentId },
      }));
    } catch (error) {
      deps.logger.error(
        { err: error, appointmentId: request.appointmentId },
        'the payment provider did not create an order',
      );
      throw providerOrderFailure(error);
    }
    const payment = await insertPayment(tx, {
      id: paymentId,
      purpose: 'appointment',
      appointmentId: request.appointmentId,
      customerId: request.customerId,
      amountPaise: request.amountPaise,
      currency,
      description: request.description,
      providerOrderId,
      payableUntil: request.payableUntil ? new Date(request.payableUntil) : null,
    });
    return { payment, created: true };
  });
}
