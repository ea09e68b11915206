import { get, isApiError, post, put } from '../../lib/api';
import type { RoomType } from '../catalogue/types';
import {
  readAppointment,
  readAppointments,
  type Appointment,
  type PaymentMethod,
  type TimeRange,
} from './appointment';

/** Query keys: every appointment read sits under 'appointments', so a booking refreshes them all. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  user: (userId: string, timeRange: TimeRange) => ['appointments', 'user', userId, timeRange] as const,
  employee: (userId: string, timeRange: TimeRange) =>
    ['appointments', 'employee', userId, timeRange] as const,
  admin: (filters: AdminFilters) => ['appointments', 'admin', filters] as const,
  availableEmployees: (id: string) => ['appointments', 'available-employees', id] as const,
  availability: (query: AvailabilityQuery) => ['appointments', 'availability', query] as const,
};

/** GET /appointments/availability (public): a treatment's bookable starts, day by day. */
export interface AvailabilityQuery {
  serviceId: string;
  durationMinutes: number;
  pricingOptionId?: string;
  /** The first day, YYYY-MM-DD in business time. */
  from: string;
  days: number;
}

export interface AvailabilityDay {
  date: string;
  /** Only on a closure or a day of special hours: "Closed: Diwali", "Open 12:00 PM – 3:00 PM: Training". */
  note?: string;
  /** The bookable starts in time order, each with the room choices free then ("Gold|Double Bed"). */
  starts: Array<{ start: string; rooms: string[] }>;
}

export async function fetchAvailability(query: AvailabilityQuery): Promise<AvailabilityDay[]> {
  const search = new URLSearchParams({
    serviceId: query.serviceId,
    durationMinutes: String(query.durationMinutes),
    from: query.from,
    days: String(query.days),
    ...(query.pricingOptionId ? { pricingOptionId: query.pricingOptionId } : {}),
  });
  // The same for everyone: sent without the token, so the gateway's shared cache can answer it.
  return (await get<{ days: AvailabilityDay[] }>(`/appointments/availability?${search}`, { anonymous: true }))
    .days;
}

const byId = (id: string) => `/appointments/${encodeURIComponent(id)}`;

/** POST /appointments/auto-assign (spec section 7). The server recomputes every price. */
export interface BookingRequest {
  serviceId: string;
  durationMinutes: number;
  /** The chosen pricing option, so two options of one length cannot be confused. */
  pricingOptionId?: string;
  price: number;
  roomPrice: number;
  totalPrice: number;
  type: RoomType;
  /** The room's capacity: the server books a room of exactly this type and capacity, at its own price. */
  capacity?: string;
  appointmentDateTime: string;
  paymentMethod: PaymentMethod;
}

/** The provider order an online booking answers with (amount in paise). */
export interface PaymentOrder {
  orderId: string;
  amount: number;
  currency: string;
  keyId?: string;
}

export interface BookingResult {
  appointment: Appointment;
  payment?: PaymentOrder;
}

/** Cash answers the appointment; online answers { appointment, totalPrice, razorpayOrderId, amount, currency, keyId }. */
export function readBookingResult(body: unknown): BookingResult | null {
  const answer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if ('razorpayOrderId' in answer || ('appointment' in answer && answer.appointment)) {
    const appointment = readAppointment(answer.appointment);
    if (!appointment) return null;
    const orderId = typeof answer.razorpayOrderId === 'string' ? answer.razorpayOrderId : '';
    const amount = Number(answer.amount);
    return {
      appointment,
      payment: orderId
        ? {
            orderId,
            amount: Number.isFinite(amount) ? amount : Math.round((appointment.totalPrice ?? 0) * 100),
            currency: typeof answer.currency === 'string' ? answer.currency : 'INR',
            keyId: typeof answer.keyId === 'string' ? answer.keyId : undefined,
          }
        : undefined,
    };
  }
  const appointment = readAppointment(body);
  return appointment ? { appointment } : null;
}

export async function bookAppointment(request: BookingRequest): Promise<BookingResult | null> {
  return readBookingResult(await post<unknown>('/appointments/auto-assign', request));
}

/** GET /payments/config (public): where the provider's checkout script lives. */
export interface PaymentConfig {
  keyId: string;
  checkoutUrl: string;
  enabled: boolean;
}

export const fetchPaymentConfig = () => get<PaymentConfig>('/payments/config');

/** What the provider's checkout hands the page's handler after a payment. */
export interface ProviderPaymentResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifyAnswer {
  success: boolean;
  message?: string;
  appointment?: unknown;
}

export const verifyPayment = (response: ProviderPaymentResponse) =>
  post<VerifyAnswer>('/orders/verify-payment', {
    razorpay_order_id: response.razorpay_order_id,
    razorpay_payment_id: response.razorpay_payment_id,
    razorpay_signature: response.razorpay_signature,
  });

export async function fetchUserAppointments(userId: string, timeRange: TimeRange) {
  return readAppointments(
    await get(`/appointments/users/${encodeURIComponent(userId)}/appointments`, { query: { timeRange } }),
  );
}

export async function fetchEmployeeAppointments(userId: string, timeRange: TimeRange) {
  return readAppointments(
    await get(`/appointments/employees/${encodeURIComponent(userId)}/appointments`, { query: { timeRange } }),
  );
}

/** The admin list's query: ISO instants for the dates; status left out for All. */
export interface AdminFilters {
  search?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  page?: number;
  pageSize?: number;
}

export interface AdminPage {
  appointments: Appointment[];
  /** Every appointment the filters match, across pages. */
  total: number;
}

export async function fetchAdminAppointments(filters: AdminFilters): Promise<AdminPage> {
  const body = await get<unknown>('/appointments/admin/appointments', { query: { ...filters } });
  const appointments = readAppointments(body);
  const total = Number((body as { total?: unknown } | null)?.total);
  return { appointments, total: Number.isFinite(total) ? total : appointments.length };
}

/** Spec section 3: Available employee. */
export interface AvailableEmployee {
  _id: string;
  name: string;
  employeeId?: string;
  employeeRole?: string;
  workingLocation?: string;
  /** Whether the appointment lies inside the employee's shift. */
  onShift?: boolean;
}

export async function fetchAvailableEmployees(appointmentId: string): Promise<AvailableEmployee[]> {
  const answer = await get<{ availableEmployees?: AvailableEmployee[] }>(
    `${byId(appointmentId)}/available-employees`,
  );
  return Array.isArray(answer?.availableEmployees) ? answer.availableEmployees : [];
}

const appointmentOf = async (request: Promise<unknown>): Promise<Appointment | null> => {
  const body = await request;
  const wrapped =
    body && typeof body === 'object' ? (body as Record<string, unknown>).appointment : undefined;
  return readAppointment(wrapped ?? body);
};

export const assignEmployee = (appointmentId: string, employeeId: string) =>
  appointmentOf(post(`${byId(appointmentId)}/assign-employee`, { employeeId }));

export const updateAppointmentStatus = (appointmentId: string, status: string) =>
  appointmentOf(put(`${byId(appointmentId)}/status`, { status }));

export const updatePaymentStatus = (appointmentId: string, paymentStatus: string) =>
  appointmentOf(put(`${byId(appointmentId)}/payment-status`, { paymentStatus }));

export const completeAppointment = (appointmentId: string) =>
  appointmentOf(put(`${byId(appointmentId)}/complete`));

/** A customer calls off their own appointment (refused by the server inside the notice period). */
export const cancelAppointment = (appointmentId: string) =>
  appointmentOf(put(`${byId(appointmentId)}/cancel`));

/**
 * The booking service's 409 when no room of the type is free. With suggested starts (offered as
 * buttons) the short message of its detail reads better than the full one, which lists them as text.
 */
export function readConflict(error: unknown, now: Date): { message: string; suggestions: string[] } | null {
  if (!isApiError(error) || error.code !== 'NO_ROOM_AVAILABLE') return null;
  const details = (Array.isArray(error.details) ? error.details : []) as Array<{
    message?: unknown;
    suggestions?: unknown;
  } | null>;
  const suggestions = details.flatMap((detail) =>
    Array.isArray(detail?.suggestions)
      ? detail.suggestions.filter((item): item is string => typeof item === 'string')
      : [],
  );
  const upcoming = suggestions.filter((iso) => {
    const at = Date.parse(iso);
    return Number.isFinite(at) && at > now.getTime();
  });
  const short = details.find((detail) => typeof detail?.message === 'string')?.message as string | undefined;
  const full = error.serverMessage ?? 'No room of that type is free at that time.';
  return {
    message: upcoming.length > 0 && short ? short : full,
    suggestions: [...new Set(upcoming.map((iso) => new Date(iso).toISOString()))],
  };
}
