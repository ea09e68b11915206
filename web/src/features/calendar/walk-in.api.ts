import { get, isApiError, post } from '../../lib/api';
import type { deskBookingRequest } from './walk-in.rules';

export interface DeskCustomer {
  id: string;
  name: string;
  /** Empty for a customer who gave only a phone. */
  email: string;
  phone: string;
  noShows: number;
}

export const customerKeys = {
  search: (text: string) => ['appointments', 'customers', text] as const,
};

/** GET /appointments/customers: the desk's search by name, phone or email (booking's copy of users). */
export const searchCustomers = async (text: string) =>
  (await get<{ customers: DeskCustomer[] }>('/appointments/customers', { query: { search: text } }))
    .customers;

/** POST /auth/walk-in-customers: identity creates the account (no password; a claim email if given one). */
export async function createWalkInCustomer(body: { name: string; phone?: string; email?: string }) {
  const { user } = await post<{
    user: { _id?: string; id?: string; name: string; email?: string; phone?: string };
  }>('/auth/walk-in-customers', body);
  return {
    id: user.id ?? user._id ?? '',
    name: user.name,
    email: user.email ?? '',
    phone: user.phone ?? '',
    noShows: 0,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /appointments/auto-assign for the customer. A customer identity has just created reaches
 * booking by an event within moments: until then booking answers CUSTOMER_UNKNOWN, so it is asked
 * again for a few seconds before the answer is shown.
 */
export async function bookForCustomer(
  request: NonNullable<ReturnType<typeof deskBookingRequest>>,
  { attempts = 10, waitMs = 700 } = {},
): Promise<{ _id: string; appointmentId: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await post<{ _id: string; appointmentId: string }>('/appointments/auto-assign', request);
    } catch (error) {
      if (!(isApiError(error) && error.code === 'CUSTOMER_UNKNOWN') || attempt >= attempts) throw error;
      await pause(waitMs);
    }
  }
}
