import type { ServiceAuth } from '@spa/kit';
import { callJson } from './http-json.js';

export interface PaidAppointmentNotice {
  appointmentId: string;
  providerOrderId: string;
  providerPaymentId: string;
}

export interface BookingClient {
  /**
   * Tells booking an appointment is paid and answers the appointment it returns, or undefined when
   * booking cannot be reached in time: the payment.captured event makes it catch up later.
   */
  appointmentPaid(notice: PaidAppointmentNotice): Promise<Record<string, unknown> | undefined>;
}

export function createBookingClient(
  settings: { baseUrl: string; timeoutMs: number; serviceAuth?: ServiceAuth },
  onFailure: (error: unknown, notice: PaidAppointmentNotice) => void,
): BookingClient {
  const base = settings.baseUrl.replace(/\/$/, '');
  return {
    async appointmentPaid(notice) {
      try {
        const { status, body } = await callJson(
          `${base}/internal/appointments/${encodeURIComponent(notice.appointmentId)}/payment`,
          {
            method: 'POST',
            body: {
              status: 'Paid',
              providerOrderId: notice.providerOrderId,
              providerPaymentId: notice.providerPaymentId,
            },
            timeoutMs: settings.timeoutMs,
            signedFor: { auth: settings.serviceAuth, callee: 'booking' },
          },
        );
        if (status >= 200 && status < 300) return body;
        onFailure(new Error(`booking answered ${status} ${String(body.code)}`), notice);
        return undefined;
      } catch (error) {
        onFailure(error, notice);
        return undefined;
      }
    },
  };
}
