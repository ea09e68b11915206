import { OPEN_APPOINTMENT_STATUSES } from '@spa/rules';

/**
 * The spec's appointment statuses (section 4; the employee view also uses Scheduled), and the check-in
 * flow's Arrived and No-show.
 */
export const APPOINTMENT_STATUSES = [
  'Pending',
  'Scheduled',
  'Confirmed',
  'Arrived',
  'In Progress',
  'Completed',
  'No-show',
  'Cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The spec's payment statuses (Pending, Paid, Refunded, Cash) plus Failed, which commerce reports
 * when an online payment attempt fails (the customer may still retry on the same payment order).
 */
export const PAYMENT_STATUSES = [
  'Pending',
  'Paid',
  'Failed',
  'Partially refunded',
  'Refunded',
  'Cash',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TIME_RANGES = ['upcoming', 'past', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

/** Statuses in which nothing has happened yet: the customer may still cancel (within the notice). */
export const OPEN_STATUSES: readonly AppointmentStatus[] = OPEN_APPOINTMENT_STATUSES;

/** Statuses in which it is over: it holds nothing ahead, and no employee is assigned to it any more. */
export const CLOSED_STATUSES = [
  'Completed',
  'No-show',
  'Cancelled',
] as const satisfies readonly AppointmentStatus[];
export const isClosedStatus = (status: string) => (CLOSED_STATUSES as readonly string[]).includes(status);

/** Who changed something: a signed-in user, or the service itself (an expired hold, a verified payment). */
export interface Actor {
  id: string;
  name: string;
  role: 'user' | 'employee' | 'admin' | 'system';
}

export const SYSTEM_ACTOR: Actor = { id: 'system', name: 'Booking service', role: 'system' };

export type CancellationReason = 'customer' | 'admin' | 'payment-expired' | 'payment-not-started';

/** An appointment row as the service works with it (money in paise, times as Dates). */
export interface Appointment {
  id: string;
  appointmentCode: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  serviceId: string;
  serviceName: string;
  categoryName: string;
  pricingOptionId: string;
  durationLabel: string;
  durationMinutes: number;
  cleanupMinutes: number;
  roomId: string;
  roomType: string;
  roomNumber: string;
  roomLocation: string;
  employeeId: string | null;
  startsAt: Date;
  endsAt: Date;
  roomFreeAt: Date;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  servicePricePaise: number;
  roomPricePaise: number;
  totalPricePaise: number;
  paymentHoldExpiresAt: Date | null;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  paidAt: Date | null;
  cancellationReason: string | null;
  /** When the desk recorded each step of the check-in flow (null until it happened). */
  arrivedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  noShowAt: Date | null;
  /** The online payment when it is a deposit (the rest is due at the spa); 0: the whole price, or cash. */
  depositPaise: number;
  /** The treatment's late-cancellation terms when it was booked. */
  lateCancellationHours: number;
  lateCancellationFeePercent: number;
  /** Kept of the online payment on cancellation (a late cancellation's fee); the rest is refunded. */
  keptOnCancellationPaise: number;
  /** The counter sale that checked the visit out (commerce's sale id); null until one completes. */
  checkedOutSaleId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the customer pays online when booking: the deposit when there is one, else the whole price. */
export function payableOnline(appointment: Pick<Appointment, 'depositPaise' | 'totalPricePaise'>): number {
  return appointment.depositPaise > 0 ? appointment.depositPaise : appointment.totalPricePaise;
}

/** The human id: APT-<local booking date>-<sequence>, e.g. APT-20261121-0042 (unique, not gapless). */
export function appointmentCode(localDate: string, sequence: number): string {
  return `APT-${localDate}-${String(sequence).padStart(4, '0')}`;
}
