import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '../../lib/api';
import { selectIsSignedIn, useSessionStore } from '../../stores/session.store';
import { toast } from '../../stores/toast.store';
import { catalogueKeys } from '../catalogue/catalogue.api';
import { readAppointment, type Appointment } from './appointment';
import {
  appointmentKeys,
  bookAppointment,
  readConflict,
  verifyPayment,
  type BookingRequest,
  type BookingResult,
  type ProviderPaymentResponse,
} from './appointments.api';
import {
  appointmentCheckoutOptions,
  loadCheckout,
  paymentFailureText,
  type LoadedCheckout,
} from './payment-checkout';
import type { BookingConflict } from './summary-step';

/** Spec section 9: the booking page's toasts close after 5 seconds. */
export const BOOKING_TOAST_MS = 5000;
const notify = {
  error: (message: string) => toast.error(message, { duration: BOOKING_TOAST_MS }),
  info: (message: string) => toast.info(message, { duration: BOOKING_TOAST_MS }),
};

/**
 * The verify answer's appointment: the full one when commerce could reach booking, else a stub
 * ({ _id, paymentStatus }) laid over the appointment as it was booked.
 */
function verifiedAppointment(raw: unknown, booked: Appointment): Appointment | null {
  if (!raw || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  if (fields.serviceId && typeof fields.serviceId === 'object') return readAppointment(raw);
  const paymentStatus = typeof fields.paymentStatus === 'string' ? fields.paymentStatus : 'Paid';
  return { ...booked, paymentStatus };
}

interface PendingPayment {
  /** The choices it was booked for: the same choices reopen its payment instead of booking again. */
  request: string;
  result: BookingResult;
}

/**
 * Confirm Booking: cash books at once; online books (holding the slot with payment Pending), opens the
 * provider's checkout and, once paid, has commerce verify the payment before showing the confirmation.
 */
export function useBookAppointment(onBooked: (appointment: Appointment) => void) {
  const queryClient = useQueryClient();
  const signedIn = useSessionStore(selectIsSignedIn);
  const user = useSessionStore((state) => state.user);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<BookingConflict>();
  const [paymentUnavailable, setPaymentUnavailable] = useState(false);
  const [pending, setPending] = useState<PendingPayment | null>(null);

  const finish = (appointment: Appointment) => {
    setPending(null);
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    onBooked(appointment);
  };

  const book = async (request: BookingRequest): Promise<BookingResult | null> => {
    if (pending?.request === JSON.stringify(request)) return pending.result;
    try {
      const result = await bookAppointment(request);
      if (!result) notify.error('Booking failed. Please try again.');
      return result;
    } catch (error) {
      const noRoom = readConflict(error, new Date());
      if (noRoom) setConflict(noRoom);
      else notify.error(getErrorMessage(error, 'Booking failed. Please try again.'));
      // The server refused prices that changed meanwhile: show the current ones.
      if (isApiError(error) && error.code === 'PRICE_MISMATCH')
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      return null;
    }
  };

  const verify = async (response: ProviderPaymentResponse, booked: Appointment) => {
    setBusy(true);
    try {
      const answer = await verifyPayment(response);
      const appointment = answer?.success ? verifiedAppointment(answer.appointment, booked) : null;
      if (appointment) return finish(appointment);
      notify.error(answer?.message || 'Payment verification failed');
    } catch (error) {
      if (isApiError(error) && error.code === 'APPOINTMENT_EXPIRED') {
        // Paid too late: the booking is gone and the money is on its way back. Start over, no confirmation.
        setPending(null);
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
        toast.error(getErrorMessage(error, 'This booking expired; your payment is being refunded'), {
          duration: 10_000,
        });
      } else if (isApiError(error) && error.code === 'BOOKING_NOT_CONFIRMED') {
        // Paid after the hold while booking could not be asked: the money is safe, the booking not yet
        // sure. No confirmation; the email (confirmed, or refunded) follows.
        setPending(null);
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
        toast.info(getErrorMessage(error, 'Your payment was received; we will email you your booking'), {
          duration: 10_000,
        });
      } else notify.error(getErrorMessage(error, 'Payment verification failed'));
    }
    setBusy(false);
  };

  const pay = (checkout: LoadedCheckout, result: BookingResult, serviceName: string) => {
    const { appointment, payment } = result;
    if (!payment) {
      notify.error('Failed to initialize payment');
      return setBusy(false);
    }
    try {
      const instance = new checkout.Checkout({
        ...appointmentCheckoutOptions(checkout, payment, appointment, serviceName, user),
        handler: (response) => void verify(response, appointment),
        modal: {
          ondismiss: () => {
            setBusy(false);
            notify.info('Payment cancelled');
          },
        },
      });
      instance.on('payment.failed', (failure) => {
        setBusy(false);
        notify.error(paymentFailureText(failure));
      });
      instance.open();
    } catch {
      notify.error('Failed to initialize payment');
      setBusy(false);
    }
  };

  const confirm = async (request: BookingRequest, serviceName: string) => {
    if (busy) return;
    setConflict(undefined);
    if (!signedIn) return void notify.error('You must be logged in to book an appointment');

    let checkout: LoadedCheckout | null = null;
    if (request.paymentMethod === 'online') {
      setBusy(true);
      checkout = await loadCheckout().catch(() => null);
      setPaymentUnavailable(!checkout);
      if (!checkout) {
        setBusy(false);
        return void notify.error('Payment system not available. Please try again.');
      }
    }

    setBusy(true);
    const result = await book(request);
    if (!result) return setBusy(false);
    if (request.paymentMethod === 'cash' || !checkout) return finish(result.appointment);

    setPending({ request: JSON.stringify(request), result });
    pay(checkout, result, serviceName);
  };

  /** The human id of an unpaid online booking made for exactly these choices, if any. */
  const awaitingPaymentFor = (request: BookingRequest | null) =>
    request && pending?.request === JSON.stringify(request)
      ? pending.result.appointment.appointmentId
      : undefined;

  return {
    confirm,
    busy,
    signedIn,
    conflict,
    clearConflict: () => setConflict(undefined),
    paymentUnavailable,
    awaitingPaymentFor,
  };
}
