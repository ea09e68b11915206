import { isApiError } from '../../lib/api';

/** What a delete refused with 409 HAS_FUTURE_APPOINTMENTS says: how many, and the server's message. */
export interface FutureAppointments {
  count: number;
  message: string;
}

/** The refusal of a delete because future appointments depend on the thing, or undefined for any other error. */
export function futureAppointmentsOf(error: unknown): FutureAppointments | undefined {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'HAS_FUTURE_APPOINTMENTS')
    return undefined;
  const first = Array.isArray(error.details)
    ? (error.details[0] as Record<string, unknown> | undefined)
    : undefined;
  const count = Number(first?.futureAppointments);
  return {
    count: Number.isInteger(count) && count > 0 ? count : 1,
    message: error.serverMessage ?? error.message,
  };
}

/** "1 appointment", "3 appointments". */
export const appointmentsText = (count: number) => `${count} appointment${count === 1 ? '' : 's'}`;
