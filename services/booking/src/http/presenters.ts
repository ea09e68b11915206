import type { AuthUser } from '@spa/kit';
import { cancellationFee, clock24Text, customerCancellationProblem } from '@spa/rules';
import type { BookingRules } from '../config.js';
import { isClosedStatus } from '../domain/appointment.js';
import type { AppointmentView, HistoryEntry } from '../domain/appointment-view.js';
import { paiseToRupees } from '../domain/pricing.js';
import type { UserRow } from '../db/schema.js';
import type { PaymentOrder } from '../integrations/commerce-client.js';
import type { AvailableEmployee } from '../use-cases/appointment-queries.js';

/*
 * The API's shapes (spec section 3): ids as `_id` (and `id`), references populated, money in rupees
 * (numbers, 2 decimals), times ISO-8601 UTC. `appointmentId` is the human id (APT-20261121-0042).
 */

export interface PresentOptions {
  viewer: AuthUser;
  now: Date;
  rules: BookingRules;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether the one looking may cancel it now: its customer within the notice, or an admin while it is open. */
function canCancel(view: AppointmentView, { viewer, now, rules }: PresentOptions): boolean {
  if (viewer.role === 'admin') return !isClosedStatus(view.status);
  if (viewer.id !== view.customerId) return false;
  return customerCancellationProblem(view, now, rules.cancellationNoticeMinutes) === undefined;
}

export function presentAppointment(view: AppointmentView, options: PresentOptions) {
  return {
    _id: view.id,
    id: view.id,
    appointmentId: view.appointmentCode,
    serviceId: {
      _id: view.service.id,
      name: view.service.name,
      category: { _id: view.service.categoryId, name: view.service.categoryName },
      description: view.service.description,
      durationMinutes: view.durationMinutes,
      pricing: view.service.pricing.map((option) => ({
        _id: option.id,
        duration: option.duration,
        durationMinutes: option.durationMinutes,
        price: paiseToRupees(option.pricePaise),
        ...(option.label ? { label: option.label } : {}),
      })),
    },
    userId: {
      _id: view.customer.id,
      name: view.customer.name,
      email: view.customer.email,
      phone: view.customer.phone,
    },
    employeeId: view.employee
      ? {
          _id: view.employee.id,
          name: view.employee.name,
          employeeId: view.employee.employeeCode,
          employeeRole: view.employee.employeeRole,
          workingLocation: view.employee.workingLocation,
        }
      : null,
    roomId: {
      _id: view.room.id,
      roomNumber: view.room.roomNumber,
      type: view.room.type,
      location: view.room.location,
      capacity: view.room.capacity,
      price: view.room.pricePaise === null ? null : paiseToRupees(view.room.pricePaise),
    },
    appointmentDateTime: view.startsAt.toISOString(),
    endDateTime: view.endsAt.toISOString(),
    roomFreeAt: view.roomFreeAt.toISOString(),
    durationMinutes: view.durationMinutes,
    durationLabel: view.durationLabel,
    pricingOptionId: view.pricingOptionId,
    cleanupMinutes: view.cleanupMinutes,
    timeZone: options.rules.timeZone,
    status: view.status,
    paymentStatus: view.paymentStatus,
    paymentMethod: view.paymentMethod,
    servicePrice: paiseToRupees(view.servicePricePaise),
    roomPrice: paiseToRupees(view.roomPricePaise),
    totalPrice: paiseToRupees(view.totalPricePaise),
    paymentHoldExpiresAt: iso(view.paymentHoldExpiresAt),
    paidAt: iso(view.paidAt),
    arrivedAt: iso(view.arrivedAt),
    startedAt: iso(view.startedAt),
    completedAt: iso(view.completedAt),
    noShowAt: iso(view.noShowAt),
    canCancel: canCancel(view, options),
    deposit: presentDeposit(view, options.now),
    checkedOutSaleId: view.checkedOutSaleId,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/** The deposit, when the online payment is one (null otherwise): what the customer agreed to and owes. */
function presentDeposit(view: AppointmentView, now: Date) {
  if (view.depositPaise <= 0) return null;
  const paid = view.paymentStatus === 'Paid' && view.status !== 'Cancelled';
  return {
    amount: paiseToRupees(view.depositPaise),
    balanceDue: paiseToRupees(view.totalPricePaise - view.depositPaise),
    lateCancellationHours: view.lateCancellationHours,
    lateCancellationFeePercent: view.lateCancellationFeePercent,
    feeIfCancelledNow: paid ? paiseToRupees(cancellationFee(view, view.depositPaise, view.startsAt, now)) : 0,
    kept: paiseToRupees(view.keptOnCancellationPaise),
  };
}

export function presentHistory(history: HistoryEntry[]) {
  return history.map((entry) => ({
    changedAt: entry.changedAt.toISOString(),
    field: entry.field,
    from: entry.from,
    to: entry.to,
    note: entry.note,
    changedBy: entry.by,
  }));
}

/** The online booking answer (contracts): the appointment and the provider order its checkout opens. */
export function presentOnlineBooking(view: AppointmentView, payment: PaymentOrder, options: PresentOptions) {
  return {
    appointment: presentAppointment(view, options),
    totalPrice: paiseToRupees(view.totalPricePaise),
    razorpayOrderId: payment.providerOrderId,
    amount: payment.amount,
    currency: payment.currency,
    keyId: payment.keyId,
  };
}

export function presentEmployee({ employee, onShift }: AvailableEmployee) {
  return { ...employeeFields(employee), onShift };
}

function employeeFields(employee: UserRow) {
  return {
    _id: employee.id,
    name: employee.name,
    email: employee.email,
    employeeId: employee.employeeCode,
    employeeRole: employee.employeeRole,
    workingLocation: employee.workingLocation,
    shift: employee.shift,
    status: employee.status,
  };
}

/** GET /appointments/rules: the part of booking's configuration a customer's screens apply. */
export function presentRules(rules: BookingRules) {
  return {
    timeZone: rules.timeZone,
    openMinute: rules.openMinute,
    closeMinute: rules.closeMinute,
    opens: clock24Text(rules.openMinute),
    closes: clock24Text(rules.closeMinute),
    cancellationNoticeMinutes: rules.cancellationNoticeMinutes,
    paymentHoldSeconds: rules.paymentHoldSeconds,
    maxDaysAhead: rules.maxDaysAhead,
    maxOnlineHolds: rules.fairHolds.maxOnlineHolds,
    maxFutureCashBookings: rules.fairHolds.maxFutureCashBookings,
  };
}
