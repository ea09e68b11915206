import { AppError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { isUuid } from '../../db/pg-errors.js';
import { recordPayment, recordPaymentFailure, recordRefund } from '../../use-cases/appointment-payments.js';
import type { BookingContext } from '../../use-cases/context.js';

/**
 * An appointment id this database does not know (an appointment of another environment, or one whose
 * booking rolled back) is nothing to do; so is a payment commerce and booking disagree on (logged).
 */
async function ignoringUnknown(context: BookingContext, appointmentId: string, work: () => Promise<unknown>) {
  if (!isUuid(appointmentId)) return;
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    context.logger.warn(
      { appointmentId, code: error.code, message: error.message },
      'payment event not applied',
    );
  }
}

/**
 * commerce.payment.captured: how an appointment becomes Paid (commerce does not call booking). A replay
 * changes nothing; a payment for another provider order than the one the appointment opened is logged
 * and ignored (recordPayment compares them).
 */
export const paymentCaptured =
  (context: BookingContext): EventHandler<typeof events.paymentCaptured> =>
  async (tx, payload) => {
    if (payload.purpose !== 'appointment') return;
    await ignoringUnknown(context, payload.appointmentId, () =>
      recordPayment(
        context,
        payload.appointmentId,
        { providerOrderId: payload.providerOrderId, providerPaymentId: payload.providerPaymentId },
        tx,
      ),
    );
  };

/** commerce.payment.failed: the appointment's payment shows Failed; the customer may still retry. */
export const paymentFailed =
  (context: BookingContext): EventHandler<typeof events.paymentFailed> =>
  async (tx, payload) => {
    if (payload.purpose !== 'appointment') return;
    await ignoringUnknown(context, payload.appointmentId, () =>
      recordPaymentFailure(
        context,
        payload.appointmentId,
        {
          providerOrderId: payload.providerOrderId,
          providerPaymentId: payload.providerPaymentId,
          reason: payload.reason,
        },
        tx,
      ),
    );
  };

/** commerce.payment.refunded: the appointment's payment shows Refunded or Partially refunded. */
export const paymentRefunded =
  (context: BookingContext): EventHandler<typeof events.paymentRefunded> =>
  async (tx, payload) => {
    if (payload.purpose !== 'appointment') return;
    await ignoringUnknown(context, payload.appointmentId, () =>
      recordRefund(
        context,
        payload.appointmentId,
        {
          paymentStatus: payload.paymentStatus === 'refunded' ? 'Refunded' : 'Partially refunded',
          amountPaise: Number(payload.amountPaise),
          providerRefundId: payload.providerRefundId,
        },
        tx,
      ),
    );
  };
